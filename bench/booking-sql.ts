// The booking scenario's baseline: what a booking costs the database, with no service around it.
// This process opens 8 PostgreSQL connections and books as fast as it can, each booking one
// transaction of exactly the statements createReservation's transaction runs for a listing sold
// whole: BEGIN; the nights' hold behind the guest's row lock, under the check that the guest's
// session is live (inventory.repository.ts's HOLD_NIGHTS_LOCKING_GUEST); the reservation with
// its line and outbox event under the pending limit (reservations.repository.ts's insert); COMMIT.
// The statements are the service's own objects, imported, so the two cannot drift apart, and are
// sent as the service sends them on a direct connection (prepared under their names,
// parameterised; BEGIN and COMMIT as plain text), with the same kind of values (a real price
// breakdown from the pricing engine as the snapshot). What it leaves out is what the service
// adds: HTTP, JSON, the token's check, the pricing, the answer's read form (its booked nights read
// after the commit), the outbox relay (its events are marked published after each measured
// window, so the server's relay does not take them up either: settleEvents).
import pg from 'pg';
import { priceStay, type PricingInput } from '../src/modules/pricing/index.ts';
import { newBookingRef } from '../src/modules/reservations/booking-ref.ts';
import { MAX_PENDING_PER_GUEST } from '../src/modules/reservations/create-reservation.ts';
import { HOLD_NIGHTS_LOCKING_GUEST as HOLD } from '../src/modules/reservations/inventory.repository.ts';
import { INSERT_UNDER_PENDING_LIMIT as INSERT } from '../src/modules/reservations/reservations.repository.ts';
import { addDays } from '../src/kernel/calendar-dates.ts';
import {
  CAPACITY,
  CLEANING_MINOR,
  PRICE_MINOR,
  STAY_NIGHTS,
  Slots,
  type Slot,
  type SqlBookingFixtures,
} from './booking-fixtures.ts';
import { quantile, type Sample } from './report.ts';
import type { DirectLoad } from './scenarios.ts';

const HOLD_MS = 30 * 60_000;

/** The breakdown the service would store for one of the fixture listings' stays. */
function snapshotOf(slot: Slot, adults: number): { json: string; total: number } {
  const today = new Date().toISOString().slice(0, 10);
  const nights = Array.from({ length: STAY_NIGHTS }, (_, i) => ({
    date: addDays(slot.checkin, i),
    priceMinor: PRICE_MINOR,
    stopSell: false,
    available: 1,
  }));
  const input: PricingInput = {
    stay: { checkin: slot.checkin, checkout: slot.checkout, guests: { adults, children: 0 }, today },
    currency: { code: 'EUR', decimals: 2 },
    units: [{ roomTypeId: null, roomTypeTitle: 'Bookable stay', roomsCount: 1, capacityPerRoom: CAPACITY, nights }],
    seasons: [],
    longStay: { weeklyPercent: 0, monthlyPercent: 0 },
    cleaningFeeMinor: CLEANING_MINOR,
    serviceFeePercent: 0,
    taxPercent: 10,
    offer: null,
    promo: null,
    packages: [],
    services: [],
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
  await c.query('begin');
  try {
    // The nights' hold behind the guest's lock, with the session's check (inventoryRepository.holdAndRead).
    const held = await c.query({
      name: HOLD.name,
      text: HOLD.text,
      values: HOLD.bind({
        propertyId: slot.listingId,
        roomTypeId: 0,
        checkin: slot.checkin,
        checkout: slot.checkout,
        count: 1,
        defaultAvailable: 1,
        guestId,
        sessionId: f.sessionIds[slot.guest]!,
        now: now.toISOString(),
      }),
    });
    if (held.rows.length !== STAY_NIGHTS) return rollback(c, 'unavailable');
    // The reservation, its line and its event under the pending limit (insertUnderPendingLimit).
    const at = now.toISOString();
    const written = await c.query({
      name: INSERT.name,
      text: INSERT.text,
      values: INSERT.bind({
        bookingRefCode: newBookingRef(),
        propertyId: slot.listingId,
        guestId,
        status: 'pending',
        checkin: slot.checkin,
        checkout: slot.checkout,
        adults,
        children: 0,
        guestDetails: '{}',
        specialRequests: null,
        promoCodeId: null,
        offerId: null,
        currency: 'EUR',
        totalMinor: total,
        priceSnapshot: json,
        rulesSnapshot: JSON.stringify({
          stay_validation: { min_stay: null, max_stay: null },
          rate_plans: [null],
          season: null,
          house_rules: ['No smoking'],
          check_in_time: '15:00:00',
          check_out_time: '11:00:00',
        }),
        cancellationPolicy: '["moderate"]',
        holdExpiresAt: new Date(now.getTime() + HOLD_MS).toISOString(),
        at,
        updatedAt: at,
        maxPending: MAX_PENDING_PER_GUEST,
        lines: JSON.stringify([
          { roomTypeId: 0, ratePlanId: null, roomsCount: 1, lineTotalMinor: PRICE_MINOR * STAY_NIGHTS },
        ]),
        topic: 'reservation.created',
        payload: JSON.stringify({
          property_id: slot.listingId,
          guest_id: guestId,
          owner_id: f.ownerId,
          total: (total / 100).toFixed(2),
          currency: 'EUR',
        }),
      }),
    });
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

/**
 * Marks the baseline's own outbox events published, after its measured window. The baseline
 * leaves the relay out, but it writes into the server's database: left unpublished, its
 * thousands of events a round would be relayed (notifications projected, rows marked) by the
 * server's first kick in the next scenario's round, `booking`'s, which would pay for them.
 */
async function settleEvents(pool: pg.Pool, f: SqlBookingFixtures): Promise<void> {
  await pool.query(
    `UPDATE outbox_events SET published_at = now() WHERE published_at IS NULL AND payload->>'owner_id' = $1`,
    [String(f.ownerId)],
  );
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
        await settleEvents(pool, f);
      }
    },
    async drive(seconds, signal) {
      const latencies: number[] = [];
      let refused = 0;
      let failed = 0;
      // What failed, once per distinct message: a raw transaction has no retry, and a count alone
      // says nothing about whether the baseline or the database misbehaved.
      const failures = new Map<string, number>();
      const started = performance.now();
      const deadline = started + seconds * 1000;
      const cpu = process.cpuUsage();
      await Promise.all(
        Array.from({ length: clients }, async () => {
          const c = await pool.connect();
          try {
            while (performance.now() < deadline && !signal.aborted) {
              const t0 = performance.now();
              try {
                if ((await book(c, f, slots.take())) !== 'booked') refused++;
              } catch (err) {
                failed++;
                const what =
                  err instanceof Error ? `${(err as { code?: string }).code ?? err.name}: ${err.message}` : String(err);
                failures.set(what, (failures.get(what) ?? 0) + 1);
              }
              latencies.push(performance.now() - t0);
            }
          } finally {
            c.release();
          }
        }),
      );
      const elapsed = (performance.now() - started) / 1000;
      const used = process.cpuUsage(cpu);
      await settleEvents(pool, f);
      for (const [what, n] of failures)
        process.stderr.write(`[bench] booking-sql: ${n} transaction(s) failed: ${what}\n`);
      if (latencies.length) {
        process.stderr.write(
          `[bench] booking-sql: this process used ${Math.round((used.user + used.system) / latencies.length)} µs of CPU per transaction (the driver, not the database)\n`,
        );
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
      if (slots.used > f.slots)
        process.stderr.write(
          `[bench] booking-sql used ${slots.used} of ${f.slots} slots: faster than the fixtures were sized for\n`,
        );
      return sample;
    },
    close: () => pool.end(),
  };
}
