// What the OpenAPI document says of the owner-performance routes where a summary is not enough.
import { CSV_COLUMNS } from './performance-csv.ts';
const WHAT_COUNTS =
  'Per listing and month, for the nights in [from, to) (a night belongs to the month of its date). ' +
  'Units: a listing with room types has count_of_rooms units per room type; one without is one unit. ' +
  "nights_available: per unit kind and night, the units open to sell: 0 on a stop-sell night (the calendar's, or every rate " +
  "plan of the room type stopping sales on that weekday; a room type without a rate plan sells nothing), else the calendar's available_rooms " +
  '(or count_of_rooms) minus the units blocked by imported calendars (iCal); a unit already sold that night counts as available ' +
  '(sold before the night was closed), so occupancy never passes 1. ' +
  'nights_sold: units held by confirmed and completed reservations (rooms × nights); pending holds, expired and cancelled ones are not sold. ' +
  "revenue: each sold reservation's total (what the guest pays, after discounts, with fees and tax) split equally over its nights " +
  '(the remainder one minor unit at a time to the first nights), the shares of the nights in the month summed. ' +
  "adr = revenue ÷ nights_sold; revpar = revenue ÷ nights_available; both rounded half-up to the currency's minor unit. " +
  "cancellations: reservations that had been confirmed and were cancelled, in the month of the cancellation date (the listing's time zone), " +
  'not of the stay. avg_lead_days and avg_length_of_stay: over the sold reservations arriving in the month (check-in date), lead = ' +
  "check-in − booking date in the listing's time zone. " +
  "Currencies: revenue, adr and revpar are in the row's currency (the listing's); revenue_default, adr_default and revpar_default in " +
  "data.currency, the default currency, converted with the currency table's exchange rates (amount ÷ rate_listing × rate_default, exact, " +
  'rounded half-up); totals are in the default currency only, since listings may use different currencies. ' +
  "Who: an owner sees their own active and inactive listings (property_id: that listing whatever its status; another owner's is 404; " +
  'owner_id naming someone else is 403); an admin names owner_id or property_id (neither: 422); everyone else 403. ' +
  `Accept: text/csv answers the same rows as CSV (RFC 4180, header line, CRLF): ${CSV_COLUMNS.join(', ')}; totals are not in it.`;

/** Operation descriptions that say more than a line, by operationId (the routes stay short). */
export const DESCRIPTIONS = {
  getOwnerPerformance:
    `${WHAT_COUNTS} To try it on a fresh npm run seed:demo: log in as owner@demo.stays.test (password demo-owner-pass, login type client) ` +
    "and send it without parameters: the last 12 months hold the demo traveller's past stays at the Nice villa (5) and the Barcelona apartment (4).",
};
