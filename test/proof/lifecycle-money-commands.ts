// The money paths of the booking ↔ payment model test (issue 49): extensions left unpaid past
// their deadline or paid late, and on Stripe payments of a mismatched amount and delayed methods
// (SEPA debit) that Stripe decides later, in its documented order.
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import { expireHolds } from '../../src/modules/reservations/expire-holds.ts';
import { reservationById } from '../../src/modules/reservations/reservations.test-support.ts';
import type { Model } from './lifecycle-invariants.ts';
import { cmd, expectStatus, haveRes, pick } from './lifecycle-step.ts';
import { call, openAtStripe, payOnPage, sendStripeEvent, type World } from './lifecycle-world.ts';

/** A confirmed stay is extended by its guest; returns the reservation's model when the change left it owing. */
async function extendConfirmed(w: World, m: Model, k: number, n: number) {
  const r = pick(m.reservations, k);
  const row = await reservationById(w.t.deps, r.id);
  if (row.status !== 'confirmed') return null;
  const checkout = new Date(Date.parse(`${row.checkoutDate}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  const res = await call(w, 'PUT', `/reservations/${r.id}`, w.guests[r.guest]!, { checkout_date: checkout });
  expectStatus(res, [200, 409, 422], 'extend');
  if (res.statusCode !== 200) return null;
  r.version += 1;
  const after = await reservationById(w.t.deps, r.id);
  if (!after.paidStay) return null;
  const deadline = after.changeExpiresAt?.getTime() ?? 0;
  assert.ok(deadline > w.t.clock.now().getTime(), `an unpaid extension of ${r.id} has no deadline ahead`);
  return { r, paid: after.paidStay, deadline };
}

/** Past the deadline the hold job has run: the stay is what was paid for, and owes nothing. */
async function assertReverted(w: World, id: number, paid: { checkin: string; checkout: string; total_minor: number }) {
  const back = await reservationById(w.t.deps, id);
  if (back.status !== 'confirmed') return;
  assert.deepEqual(
    [back.checkinDate, back.checkoutDate, back.totalMinor, back.paidStay, back.changeExpiresAt],
    [paid.checkin, paid.checkout, paid.total_minor, null, null],
    `reservation ${id}: an unpaid change must be reverted at its deadline`,
  );
}

/** Extend and never pay: at the deadline the stay goes back to what was paid for. */
export const ExtendUnpaid = (k: number, n: number) =>
  cmd(`ExtendUnpaid(res ${k}, +${n})`, haveRes, async (m, w) => {
    const ext = await extendConfirmed(w, m, k, n);
    if (!ext) return;
    w.t.clock.advance(ext.deadline - w.t.clock.now().getTime() + 1000);
    await expireHolds(w.t.deps);
    await assertReverted(w, ext.r.id, ext.paid);
  });

/** Extend, open the surplus checkout, pay it after the deadline: reverted, and the payment refunded as late. */
export const ExtendPayLate = (k: number, n: number) =>
  cmd(`ExtendPayLate(res ${k}, +${n})`, haveRes, async (m, w) => {
    const ext = await extendConfirmed(w, m, k, n);
    if (!ext) return;
    const open = await call(w, 'POST', '/payments/process', w.guests[ext.r.guest]!, {
      reservation_id: ext.r.id,
      type: 'additional',
      currency: 'EUR',
      payment_method: 'card',
    });
    expectStatus(open, [200], 'process (additional)');
    const id = open.json().data.payment.payment_details.id as string;
    const s = {
      id,
      res: m.reservations.indexOf(ext.r),
      version: ext.r.version,
      type: 'additional' as const,
      paidAtVersion: null,
    };
    m.sessions.push(s);
    w.expiryOutages += 1; // the processor misses the expiry, so the guest can still pay late
    w.t.clock.advance(ext.deadline - w.t.clock.now().getTime() + 1000);
    await expireHolds(w.t.deps);
    await assertReverted(w, ext.r.id, ext.paid);
    if (!(await payOnPage(w, id))) return;
    (s as { paidAtVersion: number | null }).paidAtVersion = ext.r.version;
    const verify = await call(w, 'GET', `/subscription-payment/verify?session_id=${id}`, null);
    expectStatus(verify, [200], 'verify');
    assert.equal(verify.json().data.outcome, 'refunded_late', 'a surplus paid after its change was reverted');
    await assertReverted(w, ext.r.id, ext.paid);
  });

const stripeSessions = (m: Readonly<Model>) => m.stripe && m.sessions.length > 0;

/** Stripe reports a session paid with another amount: recorded, never counted, refunded in full; 2xx. */
export const PayMismatched = (k: number, off: number) =>
  cmd(`PayMismatched(session ${k}, −${off})`, stripeSessions, async (m, w) => {
    const s = pick(m.sessions, k);
    if (!openAtStripe(w, s.id)) return;
    const asked = w.stripe!.sessions.get(s.id)!.amount_total as number;
    w.stripe!.completeSession(s.id, {}, { paidAs: { amount: Math.max(50, asked - off), currency: 'eur' } });
    const hook = await sendStripeEvent(w, 'checkout.session.completed', s.id);
    expectStatus(hook, [200], 'webhook (mismatched amount)');
    const verify = await call(w, 'GET', `/subscription-payment/verify?session_id=${s.id}`, null);
    expectStatus(verify, [200], 'verify');
    // Adopted sessions aside, a session of ours paid with another amount is refunded as such.
    if (Math.max(50, asked - off) !== asked) assert.equal(verify.json().data.outcome, 'refunded_mismatch');
  });

/** The guest submits a SEPA debit: the session completes unpaid, nothing is counted yet. */
export const PayDelayed = (k: number) =>
  cmd(`PayDelayed(session ${k})`, stripeSessions, async (m, w) => {
    const s = pick(m.sessions, k);
    if (!openAtStripe(w, s.id)) return;
    w.stripe!.completeSession(s.id, {}, { method: 'sepa_debit' });
    s.delayed = 'processing';
    expectStatus(await sendStripeEvent(w, 'checkout.session.completed', s.id), [200], 'webhook (delayed, unpaid)');
    const verify = await call(w, 'GET', `/subscription-payment/verify?session_id=${s.id}`, null);
    expectStatus(verify, [200], 'verify');
    assert.equal(verify.json().data.outcome, 'unpaid', 'a submitted debit is not money yet');
  });

/** Stripe decides a submitted debit, possibly days later: succeeded (counted, or refunded) or failed (nights released). */
export const SettleDelayed = (k: number, succeeded: boolean) =>
  cmd(
    `SettleDelayed(${k}, ${succeeded ? 'succeeded' : 'failed'})`,
    (m) => m.sessions.some((s) => s.delayed === 'processing'),
    async (m, w) => {
      const s = pick(
        m.sessions.filter((x) => x.delayed === 'processing'),
        k,
      );
      const type = w.stripe!.settleDelayedPayment(s.id, succeeded ? 'succeeded' : 'failed');
      s.delayed = 'settled';
      if (succeeded) s.paidAtVersion = m.reservations[s.res]!.version;
      expectStatus(await sendStripeEvent(w, type, s.id), [200], `webhook (${type})`);
      if (succeeded) return;
      const res = (await w.t.deps.db.execute(
        sql`SELECT status FROM payments WHERE session_id = ${s.id}`,
      )) as unknown as { rows: Array<{ status: string }> };
      assert.ok(
        res.rows.every((p) => p.status !== 'paid' && p.status !== 'pending'),
        `a failed debit's payment shows ${res.rows[0]?.status}`,
      );
    },
  );
