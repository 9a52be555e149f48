// The booking scenario's baseline: what a booking costs the database, with no service around it.
// This process opens 8 PostgreSQL connections and books as fast as it can, each booking one
// transaction of exactly the statements createReservation's transaction runs (the guest's row
// lock and live-hold count, the reservation and its line, the night rows and the conditional
// inventory update of inventory.repository.ts, the outbox event), with the same kind of values
// (a real price breakdown from the pricing engine as the snapshot). What it leaves out is what
// the service adds: HTTP, JSON, the token and session check, the price loader's reads before the
// transaction, the read form in the answer. Unnamed parameterised statements, as Drizzle sends.
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
    await c.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [guestId]);
    const pending = await c.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM reservations
       WHERE guest_id = $1 AND status = 'pending' AND paid_minor = 0 AND (hold_expires_at IS NULL OR hold_expires_at > $2::timestamptz)`,
      [guestId, now.toISOString()],
    );
    if (pending.rows[0]!.n >= MAX_PENDING_PER_GUEST) return rollback(c, 'pending-limit');
    const reservation = await c.query<{ id: string }>(
      `INSERT INTO reservations (booking_ref_code, property_id, guest_id, status, checkin_date, checkout_date, adults, children, guest_details,
         special_requests, promo_code_id, offer_id, currency, total_minor, price_snapshot, rules_snapshot, cancellation_policy, hold_expires_at, created_at, updated_at)
       VALUES ($1, $2, $3, 'pending', $4, $5, $6, 0, '{}'::jsonb, NULL, NULL, NULL, 'EUR', $7, $8::jsonb, $9::jsonb, '["moderate"]'::jsonb, $10, $11, $11)
       RETURNING id`,
      [newBookingRef(), slot.listingId, guestId, slot.checkin, slot.checkout, adults, total, json,
        JSON.stringify({ stay_validation: { min_stay: null, max_stay: null }, rate_plans: [null], season: null, house_rules: ['No smoking'], check_in_time: '15:00:00', check_out_time: '11:00:00' }),
        new Date(now.getTime() + HOLD_MS).toISOString(), now.toISOString()],
    );
    await c.query('INSERT INTO reservation_rooms (reservation_id, room_type_id, rate_plan_id, rooms_count, line_total_minor) VALUES ($1, 0, NULL, 1, $2) RETURNING id', [
      reservation.rows[0]!.id, PRICE_MINOR * STAY_NIGHTS,
    ]);
    await c.query(
      `INSERT INTO property_nights (property_id, room_type_id, night)
       SELECT $1, 0, d::date FROM generate_series($2::date, $3::date - 1, interval '1 day') AS d
       ON CONFLICT DO NOTHING`,
      [slot.listingId, slot.checkin, slot.checkout],
    );
    const held = await c.query(
      `UPDATE property_nights SET booked = booked + 1
       WHERE property_id = $1 AND room_type_id = 0 AND night >= $2::date AND night < $3::date
         AND NOT stop_sell AND booked + 1 <= COALESCE(available_rooms, 1)
       RETURNING night`,
      [slot.listingId, slot.checkin, slot.checkout],
    );
    if (held.rows.length !== STAY_NIGHTS) return rollback(c, 'unavailable');
    await c.query(`INSERT INTO outbox_events (topic, payload) VALUES ('reservation.created', $1::jsonb) RETURNING id`, [
      JSON.stringify({ reservation_id: Number(reservation.rows[0]!.id), property_id: slot.listingId, guest_id: guestId, total: (total / 100).toFixed(2), currency: 'EUR' }),
    ]);
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
