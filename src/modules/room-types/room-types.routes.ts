// Room types and their rate plans. Thin handlers: validated input → one use case → envelope.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../../kernel/deps.ts';
import { currentUser } from '../../platform/auth.ts';
import { MessageOnly, errorResponses, ok, okPage } from '../../platform/envelope.ts';
import * as S from './room-types.schemas.ts';
import { listRoomTypes } from './list-room-types.ts';
import { createRoomType } from './create-room-type.ts';
import { updateRoomType } from './update-room-type.ts';
import { deleteRoomType } from './delete-room-type.ts';
import { listRatePlans } from './list-rate-plans.ts';
import { createRatePlan } from './create-rate-plan.ts';
import { updateRatePlan } from './update-rate-plan.ts';
import { deleteRatePlan } from './delete-rate-plan.ts';
import { MAX_RATE_PLANS_PER_ROOM_TYPE } from './room-type-input.ts';
import { DESCRIPTIONS, READ, WRITE, RATE_PLAN_RULES } from './room-types.docs.ts';
import { ratePlanRef, roomTypeRef } from './room-type-refs.ts';

const tags = ['room-types'];
const security = [{ bearer: [] }];

export async function roomTypesRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.get(
    '/properties/:id/room-types',
    {
      config: { auth: 'optional' },
      schema: {
        operationId: 'listRoomTypes',
        tags,
        summary: "A listing's room types with their rate plans",
        description: `${READ} Oldest first; each with all its rate plans (oldest first).`,
        params: S.PropertyParams,
        querystring: S.ListQuery,
        response: { 200: S.RoomTypePage, ...errorResponses(401, 404) },
      },
    },
    async (req) => {
      const { data, meta } = await listRoomTypes(deps, req.user, req.params.id, req.query);
      return okPage(data, meta);
    },
  );

  routes.post(
    '/properties/:id/room-types',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'createRoomType',
        tags,
        security,
        summary: 'Add a room type',
        description: DESCRIPTIONS.createRoomType,
        params: S.PropertyParams,
        body: S.CreateRoomTypeBody,
        response: { 201: S.RoomTypeResponse, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(ok(await createRoomType(deps, currentUser(req), req.params.id, req.body), 'Room type created')),
  );

  routes.put(
    '/properties/:id/room-types/:rt',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'updateRoomType',
        tags,
        security,
        summary: 'Change a room type',
        description: DESCRIPTIONS.updateRoomType,
        params: S.RoomTypeParams,
        body: S.UpdateRoomTypeBody,
        response: { 200: S.RoomTypeResponse, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (req) =>
      ok(await updateRoomType(deps, currentUser(req), roomTypeRef(req.params), req.body), 'Room type updated'),
  );

  routes.delete(
    '/properties/:id/room-types/:rt',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'deleteRoomType',
        tags,
        security,
        summary: 'Delete a room type',
        description: DESCRIPTIONS.deleteRoomType,
        params: S.RoomTypeParams,
        response: { 200: MessageOnly, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (req) => {
      await deleteRoomType(deps, currentUser(req), roomTypeRef(req.params));
      return ok(null, 'Room type deleted');
    },
  );

  routes.get(
    '/properties/:id/room-types/:rt/rate-plans',
    {
      config: { auth: 'optional' },
      schema: {
        operationId: 'listRatePlans',
        tags,
        summary: "A room type's rate plans",
        description: `${READ} Oldest (the default rate) first.`,
        params: S.RoomTypeParams,
        querystring: S.ListQuery,
        response: { 200: S.RatePlanPage, ...errorResponses(401, 404) },
      },
    },
    async (req) => {
      const { data, meta } = await listRatePlans(deps, req.user, roomTypeRef(req.params), req.query);
      return okPage(data, meta);
    },
  );

  routes.post(
    '/properties/:id/room-types/:rt/rate-plans',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'createRatePlan',
        tags,
        security,
        summary: 'Add a rate plan to a room type',
        description: `${WRITE} ${RATE_PLAN_RULES} At most ${MAX_RATE_PLANS_PER_ROOM_TYPE} per room type (409).`,
        params: S.RoomTypeParams,
        body: S.CreateRatePlanBody,
        response: { 201: S.RatePlanResponse, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(ok(await createRatePlan(deps, currentUser(req), roomTypeRef(req.params), req.body), 'Rate plan created')),
  );

  routes.put(
    '/properties/:id/room-types/:rt/rate-plans/:rp',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'updateRatePlan',
        tags,
        security,
        summary: 'Change a rate plan',
        description: `${WRITE} Only the members sent change; the result must satisfy the rules: ${RATE_PLAN_RULES}`,
        params: S.RatePlanParams,
        body: S.UpdateRatePlanBody,
        response: { 200: S.RatePlanResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) =>
      ok(await updateRatePlan(deps, currentUser(req), ratePlanRef(req.params), req.body), 'Rate plan updated'),
  );

  routes.delete(
    '/properties/:id/room-types/:rt/rate-plans/:rp',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'deleteRatePlan',
        tags,
        security,
        summary: 'Delete a rate plan',
        description: DESCRIPTIONS.deleteRatePlan,
        params: S.RatePlanParams,
        response: { 200: MessageOnly, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => {
      await deleteRatePlan(deps, currentUser(req), ratePlanRef(req.params));
      return ok(null, 'Rate plan deleted');
    },
  );
}
