// What the OpenAPI document says of the reservations routes where a summary is not enough.
import { MAX_CALENDAR_NIGHTS } from './availability.schemas.ts';
import { MAX_PENDING_PER_GUEST } from './create-reservation.ts';

/** What both booking routes (simple and multi-room) promise. */
export const BOOKING_RULES =
  'Any signed-in role may book, except the owner of the listing (403). Priced exactly as POST /reservations/preview (same total to the ' +
  'cent). The reservation is created pending and its nights are held for RESERVATION_HOLD_SECONDS (default 30 min) until paid. ' +
  'Stay rules, capacity, past or inverted dates → 422 naming checkin_date / checkout_date / guests / rooms; nights already sold → 409 ' +
  `DATES_UNAVAILABLE (nothing written); a promo code used up meanwhile → 409; more than ${MAX_PENDING_PER_GUEST} live unpaid pending ` +
  'reservations → 422 pending_reservations. Honours Idempotency-Key: a repeat returns the first answer and books once.';

export const SCOPE =
  'Scope, as for GET /reservations/{id}: admin and support see every reservation; anyone else sees the reservations they made as a guest ' +
  'plus those on listings they own — so a client sees their own bookings, and an owner sees the bookings of their listings and their own ' +
  'stays elsewhere. Nothing outside the scope is ever counted or shown. Newest booking (created_at) first, id descending on ties. ' +
  'Paginated: page (default 1), per_page (default 20, max 100); meta {current_page, per_page, total, last_page}. Filters combine with AND; ' +
  'from/to select stays overlapping [from, to) (checkin_date < to and checkout_date > from), either may be given alone. A bad value → 422 ' +
  'naming the parameter.';

/** Operation descriptions that say more than a line, by operationId (the routes stay short). */
export const DESCRIPTIONS = {
  getPropertyAvailability:
    'Night by night over [from, to): whether it can be booked, its price after seasons in the listing currency (per rate plan for a listing ' +
    'sold by room type, with the rooms left), and the stay rules of arriving or leaving that day (min/max stay, closed to arrival/departure, ' +
    'stop-sell). It says what POST /reservations/preview says: a stay whose nights are bookable and whose arrival and departure days allow ' +
    'it previews as valid, at these prices (before long-stay, offer and promo discounts, fees and taxes). Public for an active, visible ' +
    `listing (else 404, for its owner too); from not before to, or more than ${MAX_CALENDAR_NIGHTS} nights → 422 to. Room types without a ` +
    'rate plan are not listed (they cannot be booked).',
  previewReservation:
    'Prices a stay without booking or holding anything; anonymous or signed in, same answer. The listing must be active and visible (else 404, ' +
    'for its owner too). A listing with room types needs rooms (422 rooms); one without is priced whole. A room type, rate plan, offer, package ' +
    'or service of another listing → 422 naming the field (rooms.<i>.rate_plan_id, offer_id, package_ids, service_ids). An unknown or unusable ' +
    'promo code is not an error: promo_applied is false. Dates that are not real dates, or a stay over 365 nights → 422; checkout on or before ' +
    "checkin, a check-in before the listing's today (its time zone), stay rules, capacity and full or stopped nights show in stay_validation " +
    '(valid false) with the price still computed; creating such a reservation is refused with 422. Amounts are numbers in the listing currency.',
  searchReservations:
    `${SCOPE} q matches a booking reference by prefix or a guest or contact name by substring; without q this is the ` +
    'list of GET /reservations without its property_id filter. Items are the lighter variant: guests and price_details are JSON text, ' +
    'total is decimal text equal to price_details.total.',
  modifyReservation:
    'Guest, listing owner or admin (support: 403; anyone else: 404). Only a pending or confirmed reservation whose check-in day (listing time ' +
    'zone) has not come yet (409 otherwise; 409 too when a pending hold has lapsed). Omitted members keep their booked value. The stay is ' +
    "re-priced at current rates and rules with the booking's own extras (offer, packages, services, and its promo without counting another " +
    'use; extras deleted since are dropped); the cancellation policy stays the booked one. Nights move atomically: if any new night is taken → ' +
    '409 DATES_UNAVAILABLE and nothing changes; stay rules and capacity → 422 per field. Open checkouts: every accepted change moves the ' +
    'reservation to a new version, and every checkout opened before it is superseded in the same transaction (payment status expired) and ' +
    'expired at the processor right after (the local page then says the checkout has expired and takes no money). A payment that still ' +
    'lands on a superseded checkout is never counted: it is refunded in full, once (refund reason superseded). Money: a pending booking ' +
    'just gets the new total, paid through a new checkout. On a confirmed booking the new total is compared with what the platform holds ' +
    '(paid − refunds requested): a surplus → needs_additional_payment, pricing.additional_due and one pending payment of type additional for ' +
    'the new version; a shortfall → refund_initiated and refund_amount, the whole difference, requested from the processor. pricing also ' +
    'carries paid_amount, refund_due and price_difference. No night without money or a deadline: a surplus on a confirmed booking is ' +
    'applied at once but holds the added nights only until RESERVATION_HOLD_SECONDS after the first unpaid change (a further change keeps ' +
    'that deadline; the stay as paid for keeps its nights meanwhile, and the additional checkout ends with the deadline). Unpaid then, the ' +
    'change is reverted: the stay goes back to what was paid for, the added nights are released, guest and owner are told, and a payment ' +
    'that still lands is refunded in full (refunded_late). Honours Idempotency-Key.',
  cancelReservation:
    'Guest, listing owner, admin or support (anyone else: 404). Only pending or confirmed (409 otherwise, also on a second cancel). The nights ' +
    'go back on sale in the same transaction. Refund of what the platform holds for the booking: in full when the owner or an admin cancels; ' +
    'otherwise by the cancellation policy kept at booking (flexible: full until 24 h before check-in; moderate: full until 5 days before; ' +
    'strict: full within 48 h of booking if check-in is ≥ 14 days away, else 50 % until 7 days before; the most generous policy listed wins), ' +
    "the check-in instant taken in the listing's time zone. An unpaid booking refunds nothing. Open checkouts of the booking (its own or an " +
    'additional payment) are superseded in the same transaction and expired at the processor right after; a payment that still lands on ' +
    'one is refunded in full, once. Answers the read form with refund_initiated ' +
    'and refund_amount (currency units); the refund itself is executed by the payment processor.',
  getPublicFeedback:
    'The id is the unguessable link id issued when the stay completed (192 random bits); it is the only credential, so an ' +
    'id never issued is 404. Shows the stay summary and its review, or null before one is left.',
  submitPublicFeedback:
    'Only for a completed stay (409 otherwise) and only once (409 on a second, also under concurrent submissions). ' +
    "Adds the rating to the listing's average in the same transaction. rating: integer 1–5; comment: at most 2000 characters, trimmed.",
  getReservationStats:
    'Owner: reservations on their own listings; admin and support: the platform; a client is 403. ' +
    'counts_by_status: every reservation in scope. revenue_by_month: total_minor of confirmed and completed reservations grouped by ' +
    'check-in month and currency (no conversion), for the current UTC month and the 11 before it, in currency units. ' +
    "occupancy_rate: unit-nights of confirmed/completed stays within each listing's next 30 days (from its today in its time zone) ÷ " +
    "(units × 30), units = the room types' count_of_rooms, or 1 for a listing without room types, over active and inactive listings; " +
    'rounded to 4 decimals, 0 without units. upcoming_checkins / upcoming_checkouts: confirmed reservations with that date in the ' +
    "listing's next 7 days (today included), earliest first, at most 20 each.",
};
