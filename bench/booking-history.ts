// The booking benchmark's history: listings and guests that have been in service a while, so
// `booking-history` can be held against `booking` on fresh ones (issue 26: a booking costs the
// same on a listing's first booking and its ten-thousandth, and on a guest's first and hundredth).
//
// Each listing gets LISTING_PAST_STAYS one-night stays before today (completed) and
// LISTING_FUTURE_STAYS after it (confirmed): the future ones fill the nights before the run's
// slots and then continue after the last night its slots may take (never on a slot's night, so
// every booking of the run still succeeds). Each guest gets GUEST_PAST_STAYS completed stays on
// listings of their own. Every stay holds its night in the calendar (booked = 1), as a real one
// does; one night a listing never holds two. Each left its (published) event in the outbox.
// Reservation lines, payments and notifications of those stays are not written: the booking
// path reads none of them (bench:explain-booking shows what it reads).
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/connection.ts';
import { bigintArray } from '../src/db/sql-arrays.ts';
import { addDays, daysBetween } from '../src/kernel/calendar-dates.ts';
import {
  bookingFixtures,
  listings,
  type FixtureTarget,
  type HistoryPlan,
  type HttpBookingFixtures,
} from './booking-fixtures.ts';

export const LISTING_PAST_STAYS = 1000;
export const LISTING_FUTURE_STAYS = 1000;
export const GUEST_PAST_STAYS = 100;
/** How far back the guests' own stays go: their listings are as many as it takes to hold them in that many nights. */
const GUEST_HISTORY_NIGHTS = 1095;

/** Listings, guests, sessions and tokens as `booking`'s, with the history above. */
export const historyBookingFixtures = (target: FixtureTarget): Promise<HttpBookingFixtures> =>
  bookingFixtures(target, 'history', writeHistory);

async function writeHistory(db: Db, plan: HistoryPlan): Promise<void> {
  const today = new Date().toISOString().slice(0, 10);
  const started = Date.now();
  const before = daysBetween(today, plan.firstNight) - 1; // future nights before the slots' first: 1 … before
  const afterSlots = addDays(plan.firstNight, plan.slotNights);
  const ids = bigintArray(plan.listingIds);
  const guests = bigintArray(plan.guestIds);
  const g = plan.guestIds.length;

  // k = 1 … LISTING_PAST_STAYS nights back; the k-th future stay is k nights out while before the
  // slots, then the nights after them. Guests take turns (their pending holds are not touched).
  await stays(
    db,
    sql`
    SELECT l.id AS property_id, (${guests})[1 + ((l.i * ${LISTING_PAST_STAYS} + k) % ${g})] AS guest_id, 'completed' AS status,
      ${today}::date - k AS night, 'HP' || l.id || '-' || k AS ref
    FROM unnest(${ids}) WITH ORDINALITY AS l(id, i), generate_series(1, ${LISTING_PAST_STAYS}) AS k`,
  );
  await stays(
    db,
    sql`
    SELECT l.id AS property_id, (${guests})[1 + ((l.i * ${LISTING_FUTURE_STAYS} + k) % ${g})] AS guest_id, 'confirmed' AS status,
      CASE WHEN k <= ${before} THEN ${today}::date + k ELSE ${afterSlots}::date + (k - ${before} - 1) END AS night,
      'HF' || l.id || '-' || k AS ref
    FROM unnest(${ids}) WITH ORDINALITY AS l(id, i), generate_series(1, ${LISTING_FUTURE_STAYS}) AS k`,
  );

  // The guests' own past: stay n (guest n / GUEST_PAST_STAYS) on listing n mod P, night n div P back.
  const total = g * GUEST_PAST_STAYS;
  const elsewhere = await listings(db, 'history_elsewhere', Math.ceil(total / GUEST_HISTORY_NIGHTS));
  const p = elsewhere.listingIds.length;
  await stays(
    db,
    sql`
    SELECT (${bigintArray(elsewhere.listingIds)})[1 + n % ${p}] AS property_id, (${guests})[1 + n / ${GUEST_PAST_STAYS}] AS guest_id,
      'completed' AS status, ${today}::date - 1 - n / ${p} AS night, 'HG' || n AS ref
    FROM generate_series(0, ${total - 1}) AS n`,
  );
  // Every past booking left its event in the outbox (published): the relay's reads must not grow with them.
  await db.execute(sql`
    INSERT INTO outbox_events (topic, payload, created_at, published_at)
    SELECT 'reservation.created', jsonb_build_object('reservation_id', r.id), r.created_at, r.created_at
    FROM reservations r WHERE r.booking_ref_code LIKE 'H%'`);
  process.stderr.write(
    `[bench] history: ${plan.listingIds.length} listings × ${LISTING_PAST_STAYS} past + ${LISTING_FUTURE_STAYS} future stays, ` +
      `${g} guests × ${GUEST_PAST_STAYS} past stays on ${p} more listings (${((Date.now() - started) / 1000).toFixed(1)} s)\n`,
  );
}

/** One-night stays (property_id, guest_id, status, night, ref) as reservations booked 30 days ahead (at the latest yesterday), each holding its night. */
async function stays(db: Db, rows: ReturnType<typeof sql>): Promise<void> {
  await db.execute(sql`
    WITH s AS (${rows}), r AS (
      INSERT INTO reservations (booking_ref_code, property_id, guest_id, status, checkin_date, checkout_date, adults, children,
        currency, total_minor, paid_minor, price_snapshot, confirmed_at, created_at, updated_at)
      SELECT s.ref, s.property_id, s.guest_id, s.status, s.night, s.night + 1, 2, 0, 'EUR', 16500, 16500, '{}'::jsonb,
        b.at + interval '5 minutes', b.at, b.at
      FROM s, LATERAL (SELECT LEAST(s.night - 30, CURRENT_DATE - 1)::timestamptz AS at) b
      RETURNING property_id, checkin_date
    )
    INSERT INTO property_nights (property_id, room_type_id, night, booked)
    SELECT property_id, 0, checkin_date, 1 FROM r`);
}
