// The booking scenario's baseline: what a booking costs the database, with no service around it.
// This process opens 8 PostgreSQL connections and books as fast as it can, each booking one
// transaction of exactly the statements createReservation's transaction runs for a listing sold
// whole (BEGIN; the guest's row lock with the nights' hold, inventory.repository.ts; the
// reservation with its line and outbox event under the pending limit, reservations.repository.ts;
// COMMIT), with the same kind of values (a real price breakdown from the pricing engine as the
// snapshot). What it leaves out is what the service adds: HTTP, JSON, the token and session
// check, the pricing, the booked nights read for the answer's read form (part of the service's
// last statement), the read form itself. Unnamed parameterised statements, as Drizzle sends.
import pg from 'pg';
import { priceStay, type PricingInput } from '../src/modules/pricing/index.ts';
import { newBookingRef } from '../src/modules/reservations/booking-ref.ts';
import { MAX_PENDING_PER_GUEST } from '../src/modules/reservations/create-reservation.ts';
import { addDays } from '../src/modules/room-types/calendar-dates.ts';
import { CAPACITY, CLEANING_MINOR, PRICE_MINOR, STAY_NIGHTS, Slots, type Slot, type SqlBookingFixtures } from './booking-fixtures.ts';
import { quantile, type Sample } from './report.ts';
import type { DirectLoad } from './scenarios.ts';

const HOLD_MS = 30 * 60_000;

/** The breakdown the service would store for one of the fixture listings' stays. */
function snapshotOf(slot: Slot, adults: number): { json: string; total: number } {
  const today = new Date().toISOString().slice(0, 10);
  const nights = Array.from({ length: STAY_NIGHTS }, (_, i) => ({ date: addDays(slot.checkin, i), priceMinor: PRICE_MINOR, stopSell: false, available: 1 }));
  const input: PricingInput = {
    stay: { checkin: slot.checkin, checkout: slot.checkout, guests: { adults, children: 0 }, today },
    currency: { code: 'EUR', decimals: 2 },
    units: [{ roomTypeId: null, roomTypeTitle: 'Bookable stay', roomsCount: 1, capacityPerRoom: CAPACITY, nights }],
    seasons: [], longStay: { weeklyPercent: 0, monthlyPercent: 0 }, cleaningFeeMinor: CLEANING_MINOR, serviceFeePercent: 0, taxPercent: 10,
    offer: null, promo: null, packages: [], services: [],
  };
  const breakdown = priceStay(input);
  return { json: JSON.stringify({ currency: input.currency, breakdown }), total: breakdown.total };
}

type Outcome = 'booked' | 'pending-limit' | 'unavailable';

async function book(c: pg.PoolClient, f: SqlBookingFixtures, slot: Slot): Promise<Outcome> {
  const guestId = f.guestIds[slot.guest]!;
  const adults = 1 + (slot.guest % CAPACITY);
  const { json, total } = snapshotOf(slot, adults);
  const now = new Date();
  await c.query('BEGIN');
  try {
    // The guest's lock and the nights' hold in one statement (inventoryRepository.holdAndRead).
    const held = await c.query(
      `INSERT INTO property_nights AS n (property_id, room_type_id, night, booked)
       SELECT $1, 0, d::date, 1
       FROM (SELECT id FROM users WHERE id = $4 FOR UPDATE) AS g, generate_series($2::date, $3::date - 1, interval '1 day') AS d
       ON CONFLICT (property_id, room_type_id, night) DO UPDATE SET booked = n.booked + 1
         WHERE NOT n.stop_sell AND n.booked + n.blocked + 1 <= COALESCE(n.available_rooms, 1)
       RETURNING n.room_type_id, to_char(n.night, 'YYYY-MM-DD') AS night, n.price, n.available_rooms, n.stop_sell, n.booked + n.blocked AS booked`,
      [slot.listingId, slot.checkin, slot.checkout, guestId],
    );
    if (held.rows.length !== STAY_NIGHTS) return rollback(c, 'unavailable');
    // The reservation, its line and its event under the pending limit (insertUnderPendingLimit,
    // without the listing's booked nights the service reads there for its answer).
    const at = now.toISOString();
    const written = await c.query(
      `WITH r AS (
         INSERT INTO reservations (booking_ref_code, property_id, guest_id, status, checkin_date, checkout_date, adults, children, guest_details,
           special_requests, promo_code_id, offer_id, currency, total_minor, price_snapshot, rules_snapshot, cancellation_policy, hold_expires_at, created_at, updated_at)
         SELECT $1, $2, $3, 'pending', $4::date, $5::date, $6, 0, '{}'::jsonb, NULL, NULL::bigint, NULL::bigint, 'EUR', $7, $8::jsonb, $9::jsonb,
           '["moderate"]'::jsonb, $10::timestamptz, $11::timestamptz, $11::timestamptz
         WHERE (SELECT count(*) FROM reservations
                WHERE guest_id = $3 AND status = 'pending' AND paid_minor = 0 AND (hold_expires_at IS NULL OR hold_expires_at > $11::timestamptz)) < $12
         RETURNING *
       ), l AS (
         INSERT INTO reservation_rooms (reservation_id, room_type_id, rate_plan_id, rooms_count, line_total_minor)
         SELECT r.id, (x.line->>'roomTypeId')::bigint, (x.line->>'ratePlanId')::bigint, (x.line->>'roomsCount')::int, (x.line->>'lineTotalMinor')::bigint
         FROM r, jsonb_array_elements($13::jsonb) WITH ORDINALITY AS x(line, ord)
         ORDER BY x.ord
         RETURNING *
       ), e AS (
         INSERT INTO outbox_events (topic, payload)
         SELECT 'reservation.created', jsonb_build_object('reservation_id', r.id) || $14::jsonb FROM r
       )
       SELECT 'r' AS kind, to_jsonb(r) AS row FROM r
       UNION ALL SELECT 'l', to_jsonb(l) FROM l`,
      [newBookingRef(), slot.listingId, guestId, slot.checkin, slot.checkout, adults, total, json,
        JSON.stringify({ stay_validation: { min_stay: null, max_stay: null }, rate_plans: [null], season: null, house_rules: ['No smoking'], check_in_time: '15:00:00', check_out_time: '11:00:00' }),
        new Date(now.getTime() + HOLD_MS).toISOString(), at, MAX_PENDING_PER_GUEST,
        JSON.stringify([{ roomTypeId: 0, ratePlanId: null, roomsCount: 1, lineTotalMinor: PRICE_MINOR * STAY_NIGHTS }]),
        JSON.stringify({ property_id: slot.listingId, guest_id: guestId, total: (total / 100).toFixed(2), currency: 'EUR' })],
    );
    if (!written.rows.some((r) => r.kind === 'r')) return rollback(c, 'pending-limit');
    await c.query('COMMIT');
    return 'booked';
  } catch (err) {
    await c.query('ROLLBACK').catch(() => {});
    throw err;
  }
}

async function rollback(c: pg.PoolClient, outcome: Outcome): Promise<Outcome> {
  await c.query('ROLLBACK');
  return outcome;
}

/** The raw-SQL load: `clients` connections booking back to back for the given seconds. */
export function sqlBookingLoad(f: SqlBookingFixtures, clients: number): DirectLoad {
  const pool = new pg.Pool({ connectionString: f.databaseUrl, max: clients });
  const slots = new Slots(f);
  return {
    connections: clients,
    async once() {
      const c = await pool.connect();
      try {
        const outcome = await book(c, f, slots.take());
        return outcome === 'booked' ? null : `the first raw booking was refused (${outcome})`;
      } finally {
        c.release();
      }
    },
    async drive(seconds, signal) {
      const latencies: number[] = [];
      let refused = 0;
      let failed = 0;
      const started = performance.now();
      const deadline = started + seconds * 1000;
      const cpu = process.cpuUsage();
      await Promise.all(Array.from({ length: clients }, async () => {
        const c = await pool.connect();
        try {
          while (performance.now() < deadline && !signal.aborted) {
            const t0 = performance.now();
            try {
              if ((await book(c, f, slots.take())) !== 'booked') refused++;
            } catch {
              failed++;
            }
            latencies.push(performance.now() - t0);
          }
        } finally {
          c.release();
        }
      }));
      const elapsed = (performance.now() - started) / 1000;
      const used = process.cpuUsage(cpu);
      if (latencies.length) {
        process.stderr.write(`[bench] booking-sql: this process used ${Math.round((used.user + used.system) / latencies.length)} µs of CPU per transaction (the driver, not the database)\n`);
      }
      const sample: Sample = {
        reqPerSec: latencies.length / elapsed,
        p50Ms: quantile(latencies, 0.5),
        p95Ms: quantile(latencies, 0.95),
        p99Ms: quantile(latencies, 0.99),
        requests: latencies.length,
        non2xx: refused,
        connectionErrors: failed,
        timeouts: 0,
        mismatches: 0,
        // No server process is involved: the column stays empty rather than compare unlike things.
        cpuUsPerReq: null,
      };
      if (slots.used > f.slots) process.stderr.write(`[bench] booking-sql used ${slots.used} of ${f.slots} slots: faster than the fixtures were sized for\n`);
      return sample;
    },
    close: () => pool.end(),
  };
}
