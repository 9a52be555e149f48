// What the OpenAPI document says of the room-types routes where a summary is not enough.
import { MAX_ROOM_TYPES_PER_PROPERTY } from './room-type-input.ts';
export const RANGE =
  'from and to are nights (YYYY-MM-DD, the stay starting that day), both included: to ≥ from, at most 730 nights (422 naming the field).';

export const EFFECTIVE =
  "Each night: price = the night's override, else the default rate (room type: its oldest rate plan's price; listing: price_per_night), " +
  'null when neither exists; available_rooms = the override, else the full count; booked = units taken (by reservations and by imported iCal calendars); remaining = 0 when stop_sell, else ' +
  "max(0, available_rooms − booked). Prices are numbers in the listing's currency (given as currency), rounded to its decimals. Not " +
  "paginated: the range is the window (≤ 730 nights). A rate plan's weekday restrictions are not folded in; they apply per plan at booking.";

export const SET =
  "The listing's owner or an admin (403 / 404 as for the listing). Sets, on every night of the range, the members sent: price (override " +
  "≥ 0 in currency units with at most the currency's decimals; null removes it), available_rooms (0..count; null goes back to the full " +
  "count; above the count → 422), stop_sell. At least one of them (422). from may not be before today in the listing's time zone (422). " +
  'One statement in one transaction: if any night already has more units booked than the new available_rooms, nothing changes and the ' +
  'answer is 409 naming the first such night; a booking running at the same time cannot slip past the check. Answers the calendar of the range.';

export const READ =
  'Anyone who may see the listing (public listings: everyone, no token needed; others: owner, admin, support); 404 otherwise.';

export const WRITE =
  "The listing's owner or an admin: 403 for others who may see it, 404 for those who may not. A room type or rate plan of another listing is 404.";

const ROOM_TYPE_RULES =
  'title 1–100 characters; count_of_rooms ≥ 1; occ_adults ≥ 1; occ_children ≥ 0 (default 0); capacity ≥ 1 and ≥ occ_adults ' +
  '(422 naming the field).';

export const RATE_PLAN_RULES =
  "currency must be the listing's currency (422 naming currency; it defaults to it), because every amount of a listing is kept in one " +
  "currency; price is the plan's default nightly rate in currency units, ≥ 0, with at most the currency's decimals. Weekday arrays " +
  '(max_stay, min_stay_arrival, closed_to_arrival, closed_to_departure, stop_sell) have exactly 7 entries, Monday first (422 naming the ' +
  "field); defaults: max_stay all 0 (no limit), min_stay_arrival all 1, the flags all false; a non-zero max_stay below that weekday's " +
  'min_stay_arrival is refused (422 naming max_stay). sell_mode per_room (default) | per_person; rate_mode manual (default) | derived | ' +
  "auto | cascade, the channel manager's modes, kept for it: this service prices with price and the calendar whatever the mode. " +
  "The oldest plan of a room type is its default rate (the calendar's price where no override is set).";

/** Operation descriptions that say more than a line, by operationId (the routes stay short). */
export const DESCRIPTIONS = {
  createRoomType:
    `${WRITE} ${ROOM_TYPE_RULES} Created without rate plans (add them on /rate-plans). At most ${MAX_ROOM_TYPES_PER_PROPERTY} per listing (409). ` +
    'A listing without room types is sold as one unit at price_per_night; its first room type switches it to selling by room type, ' +
    'so that is refused (409) while the listing has stays booked as a whole from today on.',
  updateRoomType:
    `${WRITE} Only the members sent change; ${ROOM_TYPE_RULES} Lowering count_of_rooms is refused (409 naming the night) while a night ` +
    "from today on (the listing's time zone) has more rooms booked; per-night availability overrides above the new count are lowered to it.",
  deleteRoomType:
    `${WRITE} Deletes its rate plans and calendar too. A room type with any booked night (past or future) is kept (409): reservations ` +
    'refer to it; set its availability to 0 on the calendar to stop selling it.',
  deleteRatePlan: `${WRITE} The next oldest plan becomes the default rate; a room type without plans and without a per-night price override has no price (not sellable).`,
  getPropertyCalendar:
    'For a listing without room types, which is one unit (count 1) priced at price_per_night; a listing with room types answers 409 ' +
    `(use each room type's calendar). Anyone who may see the listing (404 otherwise). ${RANGE} Defaults: from = today in the listing's ` +
    `time zone, to = from + 29 days. ${EFFECTIVE} room_type_id is null.`,
};
