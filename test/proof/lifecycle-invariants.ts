// What must hold after every step of the booking ↔ payment model test, read from the database
// and the API: nights never oversold and always equal to their reservations; for every
// reservation paid − refunded within [0, total], confirmation only when paid in full (or an open,
// shown debt after a modification); every payment counted once; every payment for a superseded
// checkout refunded in full exactly once; the owner's ledger adding up; every view's price lines
// adding up.
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import { inventoryDrift } from '../../src/modules/reservations/reservations.test-support.ts';
import type { PriceBreakdown } from '../../src/modules/pricing/index.ts';
import { call, type World } from './lifecycle-world.ts';

export interface SessionModel {
  id: string;
  /** Index into the model's reservations. */
  res: number;
  /** The reservation's version (count of accepted changes) when the checkout was opened. */
  version: number;
  type: 'reservation' | 'additional';
  /** The reservation's version when money moved on this session, null while unpaid, RACED when it raced a change. */
  paidAtVersion: number | null;
  /** A delayed method (SEPA debit) was submitted on it: processing until Stripe decides it. */
  delayed?: 'processing' | 'settled';
}

/** A payment that raced a change of its booking: whether it landed before or after is not known to the model. */
export const RACED = -1;

export interface ReservationModel {
  id: number;
  guest: number;
  listing: 'whole' | 'hotel';
  /** Accepted modifications and cancellations so far. */
  version: number;
}

export interface Model {
  reservations: ReservationModel[];
  sessions: SessionModel[];
  /** The run talks to the Stripe-speaking server (delayed methods and mismatched amounts exist there only). */
  stripe: boolean;
}

type Rows<T> = { rows: T[] };
const rows = async <T>(w: World, query: ReturnType<typeof sql>) =>
  ((await w.t.deps.db.execute(query)) as unknown as Rows<T>).rows;
const num = (v: unknown) => Number(v ?? 0);
export const COMMISSION_PERCENT = 10;

export async function checkInvariants(w: World, m: Model): Promise<void> {
  await checkNights(w);
  if (!m.reservations.length) return;
  const ids = m.reservations.map((r) => r.id);
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const res = await rows<{
    id: string;
    status: string;
    total: string;
    paid: string;
    requested: string;
    earned: string;
    snapshot: PriceBreakdownHolder;
    deadline: string | null;
  }>(
    w,
    sql`
    SELECT r.id, r.status, r.total_minor AS total, r.paid_minor AS paid, r.price_snapshot AS snapshot, r.change_expires_at AS deadline,
      COALESCE((SELECT sum(amount_minor) FROM refunds f WHERE f.reservation_id = r.id AND f.reason <> 'amount_mismatch'), 0) AS requested,
      COALESCE((SELECT sum(amount_minor) FROM owner_earnings e WHERE e.reservation_id = r.id), 0) AS earned
    FROM reservations r WHERE r.id IN (${list})`,
  );
  const pays = await rows<{
    id: string;
    reservation_id: string;
    session_id: string | null;
    status: string;
    type: string;
    amount: string;
    refunded: string;
  }>(
    w,
    sql`
    SELECT id, reservation_id, session_id, status, type, amount_minor AS amount, refunded_minor AS refunded FROM payments WHERE reservation_id IN (${list})`,
  );
  const refunds = await rows<{ payment_id: string | null; amount: string; status: string; reason: string }>(
    w,
    sql`
    SELECT payment_id, amount_minor AS amount, status, reason FROM refunds WHERE reservation_id IN (${list})`,
  );
  // Money received for another amount or currency is never counted towards its stay (issue 49).
  const mismatched = new Set(refunds.filter((f) => f.reason === 'amount_mismatch').map((f) => num(f.payment_id)));
  for (const r of res) {
    const id = num(r.id);
    const total = num(r.total);
    const net = num(r.paid) - num(r.requested);
    const mine = pays.filter((p) => num(p.reservation_id) === id);
    const counted = mine
      .filter((p) => ['paid', 'refund_pending', 'refunded', 'partially_refunded'].includes(p.status))
      .filter((p) => !mismatched.has(num(p.id)))
      .reduce((s, p) => s + num(p.amount), 0);
    const at = `reservation ${id} (${r.status}, total ${total}, paid ${num(r.paid)}, refunds requested ${num(r.requested)})`;
    assert.equal(num(r.paid), counted, `${at}: paid_minor must equal the sum of its received payments (${counted})`);
    assert.ok(net >= 0, `${at}: more refunded than paid`);
    assert.ok(net <= total, `${at}: the platform keeps more than the total`);
    for (const p of mine) {
      assert.ok(num(p.refunded) <= num(p.amount), `${at}: payment ${p.id} refunded beyond its amount`);
      // A payment given back as superseded or late is given back whole, once; once executed it shows refunded.
      const pinned = refunds.filter((f) => num(f.payment_id) === num(p.id));
      assert.ok(
        pinned.length <= 1 && pinned.every((f) => num(f.amount) === num(p.amount)),
        `${at}: payment ${p.id} has refunds ${JSON.stringify(pinned)}`,
      );
      if (pinned[0]?.status === 'succeeded')
        assert.deepEqual([p.status, num(p.refunded)], ['refunded', num(p.amount)], `${at}: payment ${p.id} refunded`);
      // Verify and the lists tell the truth at once: a payment given back is never shown as paid.
      if (pinned.length)
        assert.ok(
          ['refund_pending', 'refunded'].includes(p.status),
          `${at}: payment ${p.id} is refunded as ${pinned[0]!.reason} but shows ${p.status}`,
        );
    }
    if (r.status === 'pending' || r.status === 'expired')
      assert.equal(net, 0, `${at}: an unconfirmed reservation keeps money`);
    const owed = total - net;
    // An open request is always for what is owed now: one that no longer matches was superseded.
    for (const p of mine.filter((x) => x.status === 'pending')) {
      const due =
        p.type === 'reservation'
          ? r.status === 'pending'
            ? total
            : null
          : r.status === 'confirmed' || r.status === 'completed'
            ? owed
            : null;
      assert.equal(
        num(p.amount),
        due,
        `${at}: open ${p.type} payment ${p.id} asks ${p.amount}, but ${due ?? 'nothing'} is payable that way`,
      );
    }
    const shown = await call(w, 'GET', `/reservations/${id}`, w.admin);
    assert.equal(shown.statusCode, 200, shown.body);
    const view = shown.json().data;
    const inDebt = (r.status === 'confirmed' || r.status === 'completed') && owed > 0;
    // No night without money or a deadline: a stay that owes holds its added nights until one.
    if (inDebt) assert.ok(r.deadline !== null, `${at}: owes ${owed} with no deadline to pay it`);
    // Derived on every read, in every status: never missing, 0 when nothing is owed as a surplus.
    assert.equal(
      view.needs_additional_payment,
      inDebt,
      `${at}: needs_additional_payment must follow what is owed (${owed})`,
    );
    assert.equal(
      Math.round(view.additional_due * 100),
      inDebt ? owed : 0,
      `${at}: additional_due must be what is owed`,
    );
    checkPriceDetails(view.price_details, `${at}: price_details`);
    checkLedger(r, net, total, at);
  }
  checkSupersededRefunds(m, pays, refunds);
}

/**
 * Contract §7's commission, worked out here rather than taken from the code it checks (halves
 * rounded up, as the ledger documents): PLATFORM_COMMISSION_PERCENT of sub_total − service_fee_total.
 */
function commissionOf(b: PriceBreakdown): number {
  const base = Math.max(0, b.sub_total - b.service_fee_total);
  return Math.floor((base * COMMISSION_PERCENT + 50) / 100);
}

interface PriceBreakdownHolder {
  breakdown?: PriceBreakdown;
}

function checkLedger(
  r: { earned: string; snapshot: PriceBreakdownHolder; status: string },
  net: number,
  total: number,
  at: string,
): void {
  const earned = num(r.earned);
  assert.ok(earned >= 0 && earned <= net, `${at}: the owner earns ${earned} of ${net} kept`);
  const b = r.snapshot.breakdown;
  if (b && net === total && total > 0 && (r.status === 'confirmed' || r.status === 'completed')) {
    const commission = commissionOf(b);
    assert.equal(
      earned + commission + b.service_fee_total + b.tax_amount,
      total,
      `${at}: earnings + commission + service fee + tax must equal what was collected`,
    );
  }
}

/** Every payment made on a session whose reservation had changed since is refunded in full, once. */
function checkSupersededRefunds(
  m: Model,
  pays: Array<{ id: string; session_id: string | null; status: string; amount: string }>,
  refunds: Array<{ payment_id: string | null; amount: string }>,
) {
  for (const s of m.sessions) {
    if (s.paidAtVersion === null || s.paidAtVersion === RACED || s.paidAtVersion === s.version) continue;
    const p = pays.find((x) => x.session_id === s.id);
    if (!p || p.status === 'pending' || p.status === 'expired') continue; // the service has not heard of the payment yet
    const pinned = refunds.filter((f) => num(f.payment_id) === num(p.id));
    assert.deepEqual(
      pinned.map((f) => num(f.amount)),
      [num(p.amount)],
      `payment ${p.id} on superseded session ${s.id} must be refunded in full exactly once`,
    );
  }
}

/** The lines of a view add up: base − discounts + fees = sub_total, sub_total + tax = total (in minor units). */
export function checkPriceDetails(d: Record<string, number>, at: string): void {
  const c = (x: unknown) => Math.round(Number(x ?? Number.NaN) * 100);
  const lines =
    c(d.base_total) -
    c(d.season_discount) -
    c(d.long_stay_discount) -
    c(d.offer_discount) -
    c(d.promo_discount) +
    c(d.cleaning_fee) +
    c(d.services_total) +
    c(d.packages_total) +
    c(d.service_fee_total);
  assert.equal(lines, c(d.sub_total), `${at}: the lines (${JSON.stringify(d)}) do not add up to sub_total`);
  assert.equal(c(d.sub_total) + c(d.tax_amount), c(d.total), `${at}: sub_total + tax_amount must be total`);
}

async function checkNights(w: World): Promise<void> {
  for (const propertyId of w.propertyIds) {
    assert.deepEqual(
      await inventoryDrift(w.t.deps, propertyId),
      [],
      `listing ${propertyId}: a night's booked count differs from its reservations`,
    );
  }
  const list = sql.join(
    w.propertyIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const oversold = await rows<{ night: string }>(
    w,
    sql`
    SELECT n.night::text AS night FROM property_nights n LEFT JOIN room_types t ON t.id = n.room_type_id
    WHERE n.property_id IN (${list}) AND n.booked > CASE WHEN n.room_type_id = 0 THEN 1 ELSE t.count_of_rooms END`,
  );
  assert.deepEqual(oversold, [], 'a night was sold beyond its units');
}

/** Each payout pays its lines once, and what the processor transferred is what the payouts say. */
export async function checkPayouts(w: World): Promise<void> {
  const payouts = await rows<{ id: string; status: string; amount: string; lines: string; n: string }>(
    w,
    sql`
    SELECT p.id, p.status, p.amount_minor AS amount, COALESCE(sum(e.amount_minor), 0) AS lines, count(e.id) AS n
    FROM payouts p LEFT JOIN owner_earnings e ON e.payout_id = p.id WHERE p.owner_id = ${w.owner.id} GROUP BY p.id`,
  );
  for (const p of payouts) {
    if (p.status === 'rejected') continue;
    assert.equal(num(p.amount), num(p.lines), `payout ${p.id} pays ${p.amount} for lines worth ${p.lines}`);
  }
  if (w.processor === 'local') {
    const transfers = await rows<{ key: string }>(
      w,
      sql`
      SELECT idempotency_key AS key FROM local_processor_records WHERE kind = 'transfer' AND data->>'destination' = ${`local-acct-${w.owner.id}`}`,
    );
    const paid = payouts
      .filter((p) => p.status === 'paid')
      .map((p) => `payout-${p.id}`)
      .sort();
    assert.deepEqual(transfers.map((x) => x.key).sort(), paid, 'one transfer per paid payout');
  } else {
    const sent = [...w.stripe!.transfers.values()].filter((x) => x.destination === `acct_model${w.owner.id}`).length;
    assert.equal(sent, payouts.filter((p) => p.status === 'paid').length, 'one Stripe transfer per paid payout');
  }
}
