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
import { MAX_RATE_PLANS_PER_ROOM_TYPE, MAX_ROOM_TYPES_PER_PROPERTY } from './room-type-input.ts';

const tags = ['room-types'];
const security = [{ bearer: [] }];

const READ =
  'Anyone who may see the listing (public listings: everyone, no token needed; others: owner, admin, support); 404 otherwise.';
const WRITE =
  "The listing's owner or an admin: 403 for others who may see it, 404 for those who may not. A room type or rate plan of another listing is 404.";
const ROOM_TYPE_RULES =
  'title 1–100 characters; count_of_rooms ≥ 1; occ_adults ≥ 1; occ_children ≥ 0 (default 0); capacity ≥ 1 and ≥ occ_adults ' +
  '(422 naming the field).';
const RATE_PLAN_RULES =
  "currency must be the listing's currency (422 naming currency; it defaults to it), because every amount of a listing is kept in one " +
  "currency; price is the plan's default nightly rate in currency units, ≥ 0, with at most the currency's decimals. Weekday arrays " +
  '(max_stay, min_stay_arrival, closed_to_arrival, closed_to_departure, stop_sell) have exactly 7 entries, Monday first (422 naming the ' +
  "field); defaults: max_stay all 0 (no limit), min_stay_arrival all 1, the flags all false; a non-zero max_stay below that weekday's " +
  'min_stay_arrival is refused (422 naming max_stay). sell_mode per_room (default) | per_person; rate_mode manual (default) | derived | ' +
  "auto | cascade, the channel manager's modes, kept for it: this service prices with price and the calendar whatever the mode. " +
  "The oldest plan of a room type is its default rate (the calendar's price where no override is set).";

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
        description:
          `${WRITE} ${ROOM_TYPE_RULES} Created without rate plans (add them on /rate-plans). At most ${MAX_ROOM_TYPES_PER_PROPERTY} per listing (409). ` +
          'A listing without room types is sold as one unit at price_per_night; its first room type switches it to selling by room type, ' +
          'so that is refused (409) while the listing has stays booked as a whole from today on.',
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
        description:
          `${WRITE} Only the members sent change; ${ROOM_TYPE_RULES} Lowering count_of_rooms is refused (409 naming the night) while a night ` +
          "from today on (the listing's time zone) has more rooms booked; per-night availability overrides above the new count are lowered to it.",
        params: S.RoomTypeParams,
        body: S.UpdateRoomTypeBody,
        response: { 200: S.RoomTypeResponse, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (req) =>
      ok(await updateRoomType(deps, currentUser(req), req.params.id, req.params.rt, req.body), 'Room type updated'),
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
        description:
          `${WRITE} Deletes its rate plans and calendar too. A room type with any booked night (past or future) is kept (409): reservations ` +
          'refer to it; set its availability to 0 on the calendar to stop selling it.',
        params: S.RoomTypeParams,
        response: { 200: MessageOnly, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (req) => {
      await deleteRoomType(deps, currentUser(req), req.params.id, req.params.rt);
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
      const { data, meta } = await listRatePlans(deps, req.user, req.params.id, req.params.rt, req.query);
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
        .send(
          ok(await createRatePlan(deps, currentUser(req), req.params.id, req.params.rt, req.body), 'Rate plan created'),
        ),
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
      ok(
        await updateRatePlan(deps, currentUser(req), req.params.id, req.params.rt, req.params.rp, req.body),
        'Rate plan updated',
      ),
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
        description: `${WRITE} The next oldest plan becomes the default rate; a room type without plans and without a per-night price override has no price (not sellable).`,
        params: S.RatePlanParams,
        response: { 200: MessageOnly, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => {
      await deleteRatePlan(deps, currentUser(req), req.params.id, req.params.rt, req.params.rp);
      return ok(null, 'Rate plan deleted');
    },
  );
}
