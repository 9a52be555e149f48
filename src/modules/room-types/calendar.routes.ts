// Per-night rates and availability of a room type, or of a listing sold as one unit.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../../kernel/deps.ts';
import { currentUser } from '../../platform/auth.ts';
import { errorResponses, ok } from '../../platform/envelope.ts';
import * as S from './room-types.schemas.ts';
import { getCalendar } from './get-calendar.ts';
import { setCalendar } from './set-calendar.ts';

const tags = ['room-types'];
const security = [{ bearer: [] }];

const RANGE =
  'from and to are nights (YYYY-MM-DD, the stay starting that day), both included: to ≥ from, at most 730 nights (422 naming the field).';
const EFFECTIVE =
  "Each night: price = the night's override, else the default rate (room type: its oldest rate plan's price; listing: price_per_night), " +
  'null when neither exists; available_rooms = the override, else the full count; booked = units taken (by reservations and by imported iCal calendars); remaining = 0 when stop_sell, else ' +
  "max(0, available_rooms − booked). Prices are numbers in the listing's currency (given as currency), rounded to its decimals. Not " +
  "paginated: the range is the window (≤ 730 nights). A rate plan's weekday restrictions are not folded in; they apply per plan at booking.";
const SET =
  "The listing's owner or an admin (403 / 404 as for the listing). Sets, on every night of the range, the members sent: price (override " +
  "≥ 0 in currency units with at most the currency's decimals; null removes it), available_rooms (0..count; null goes back to the full " +
  "count; above the count → 422), stop_sell. At least one of them (422). from may not be before today in the listing's time zone (422). " +
  'One statement in one transaction: if any night already has more units booked than the new available_rooms, nothing changes and the ' +
  'answer is 409 naming the first such night; a booking running at the same time cannot slip past the check. Answers the calendar of the range.';

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
    async (req) => ok(await getCalendar(deps, req.user, req.params.id, req.params.rt, req.query)),
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
    async (req) =>
      ok(await setCalendar(deps, currentUser(req), req.params.id, req.params.rt, req.body), 'Calendar updated'),
  );

  routes.get(
    '/properties/:id/calendar',
    {
      config: { auth: 'optional' },
      schema: {
        operationId: 'getPropertyCalendar',
        tags,
        summary: 'The nightly rates and availability of a listing sold as one unit',
        description:
          'For a listing without room types, which is one unit (count 1) priced at price_per_night; a listing with room types answers 409 ' +
          `(use each room type's calendar). Anyone who may see the listing (404 otherwise). ${RANGE} Defaults: from = today in the listing's ` +
          `time zone, to = from + 29 days. ${EFFECTIVE} room_type_id is null.`,
        params: S.PropertyParams,
        querystring: S.CalendarQuery,
        response: { 200: S.CalendarResponse, ...errorResponses(401, 404, 409) },
      },
    },
    async (req) => ok(await getCalendar(deps, req.user, req.params.id, null, req.query)),
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
    async (req) => ok(await setCalendar(deps, currentUser(req), req.params.id, null, req.body), 'Calendar updated'),
  );
}
