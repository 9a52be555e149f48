// What the OpenAPI document says of the ical routes where a summary is not enough.
/** Operation descriptions that say more than a line, by operationId (the routes stay short). */
export const DESCRIPTIONS = {
  exportPropertyCalendar:
    'No login: the token of the secret link (GET /properties/{id}/calendar/ical) is the credential; a wrong or missing token, or an unknown listing, is 404. ' +
    'One all-day event (DTSTART/DTEND VALUE=DATE, DTEND exclusive) per range of consecutive nights with no unit left to sell: a listing sold ' +
    'whole when its unit is booked, blocked by an imported calendar, stopped or closed; a listing with room types when none has a unit left. ' +
    'UID = listing and first night of the range (stable while the range starts there); SUMMARY "Reserved" when a reservation takes a unit ' +
    'on some night of the range, else "Not available"; no guest data.',
  importIcalFeed:
    'Owner of the listing or admin (support 403, anyone else 404). Fetched at once and every 30 minutes. Only http(s) URLs resolving to public addresses ' +
    '(loopback, private, link-local and other reserved ranges are refused unless ICAL_ALLOW_PRIVATE), at most ICAL_MAX_BYTES, within ICAL_TIMEOUT_MS, ' +
    'three redirects (each checked again), text/calendar or text/plain parsing as VCALENDAR, read on a worker thread within a budget for the whole file ' +
    '(ICAL_MAX_OCCURRENCES event occurrences, ICAL_PARSE_TIMEOUT_MS). Refused URL, too large, over the budget or not a calendar → 422 url naming why; ' +
    'too many calendars waiting to be read → 503; ' +
    'the calendar server failing (error status, no answer in time) → 502 CALENDAR_FETCH_FAILED; nothing is stored then. Events (all-day or timed, ' +
    'recurring ones expanded, cancelled and transparent ones ignored) block nights [start, end) from today to 365 days on; a night already ' +
    'fully booked stays booked and is listed in conflicts. ' +
    'room_type_id: required for a listing with room types (one unit of it is blocked per busy night), absent or 0 for a listing sold whole (422 room_type_id otherwise). Same URL twice → 409.',
  refreshIcalFeed:
    'Owner of the listing or admin (support 403, anyone else 404). A failure keeps the previous blocks, is recorded in last_error and answered 502 CALENDAR_FETCH_FAILED; ' +
    'a calendar over its reading budget is answered 422 url and marked status failed (no more automatic refreshes); one read again within it is active again.',
};
