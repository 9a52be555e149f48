// Per-night rates and availability of a room type, or of a listing sold as one unit.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../../kernel/deps.ts';
import { currentUser } from '../../platform/auth.ts';
import { errorResponses, ok } from '../../platform/envelope.ts';
import * as S from './room-types.schemas.ts';
import { getCalendar } from './get-calendar.ts';
import { setCalendar } from './set-calendar.ts';
import { DESCRIPTIONS, RANGE, EFFECTIVE, SET } from './room-types.docs.ts';
import { listingUnitRef, roomTypeRef } from './room-type-refs.ts';

const tags = ['room-types'];
const security = [{ bearer: [] }];

export async function calendarRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.get(
    '/properties/:id/room-types/:rt/calendar',
    {
      config: { auth: 'optional' },
      schema: {
        operationId: 'getRoomTypeCalendar',
        tags,
        summary: "A room type's nightly rates and availability",
        description: `Anyone who may see the listing (404 otherwise). ${RANGE} Defaults: from = today in the listing's time zone, to = from + 29 days. ${EFFECTIVE}`,
        params: S.RoomTypeParams,
        querystring: S.CalendarQuery,
        response: { 200: S.CalendarResponse, ...errorResponses(401, 404) },
      },
    },
    async (req) => ok(await getCalendar(deps, req.user, roomTypeRef(req.params), req.query)),
  );

  routes.put(
    '/properties/:id/room-types/:rt/calendar',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'setRoomTypeCalendar',
        tags,
        security,
        summary: "Set a room type's rates and availability over a range of nights",
        description: `${SET} ${RANGE} ${EFFECTIVE}`,
        params: S.RoomTypeParams,
        body: S.CalendarBody,
        response: { 200: S.CalendarResponse, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (req) => ok(await setCalendar(deps, currentUser(req), roomTypeRef(req.params), req.body), 'Calendar updated'),
  );

  routes.get(
    '/properties/:id/calendar',
    {
      config: { auth: 'optional' },
      schema: {
        operationId: 'getPropertyCalendar',
        tags,
        summary: 'The nightly rates and availability of a listing sold as one unit',
        description: DESCRIPTIONS.getPropertyCalendar,
        params: S.PropertyParams,
        querystring: S.CalendarQuery,
        response: { 200: S.CalendarResponse, ...errorResponses(401, 404, 409) },
      },
    },
    async (req) => ok(await getCalendar(deps, req.user, listingUnitRef(req.params), req.query)),
  );

  routes.put(
    '/properties/:id/calendar',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'setPropertyCalendar',
        tags,
        security,
        summary: 'Set the rates and availability of a listing sold as one unit',
        description: `Listings without room types only (409 otherwise); available_rooms is 0 or 1. ${SET} ${RANGE} ${EFFECTIVE}`,
        params: S.PropertyParams,
        body: S.CalendarBody,
        response: { 200: S.CalendarResponse, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (req) =>
      ok(await setCalendar(deps, currentUser(req), listingUnitRef(req.params), req.body), 'Calendar updated'),
  );
}
