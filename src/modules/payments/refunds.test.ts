import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import { bookAsNewGuest, openCheckout } from '../../../test/helpers/booking-flow.ts';
import { countRows, createProperty } from '../../../test/helpers/catalog-factories.ts';
import { ownerEarnings, payments, refunds } from '../../db/schema/index.ts';
import type { LocalPaymentProcessor } from '../../adapters/local-payments/local-payment-processor.ts';
import { expireHolds } from '../reservations/expire-holds.ts';
import { eventsFor, inventoryDrift, reservationById } from '../reservations/reservations.test-support.ts';
import { executeRefunds } from './execute-refunds.ts';

// Paris listings at 120.00 EUR a night, cleaning 30.00, tax 10 %; SERVICE_FEE 5 %, commission 10 %.
const START = new Date('2030-03-10T12:00:00Z');

describe('refunds, late payments, additional payments and the ledger', () => {
  let t: TestApp;
  let ownerId: number;
  let ownerToken: string;
  let local: LocalPaymentProcessor;
  before(async () => {
    t = await createTestApp({ start: START, env: { SERVICE_FEE_PERCENT: '5', PLATFORM_COMMISSION_PERCENT: '10' } });
    const owner = await createUser(t.deps, { role: 'owner' });
    ownerId = owner.id;
    ownerToken = await loginAs(t.app, owner);
    local = t.deps.payments as LocalPaymentProcessor;
  });
  after(() => t.close());

  const book = (propertyId: number, checkin: string, checkout: string) =>
    bookAsNewGuest(t, { propertyId, checkin, checkout });
  const open = async (id: number, tok: string, type = 'reservation') =>
    (await openCheckout(t, { reservationId: id, tok, type })).payment_details.id;
  const verify = async (sessionId: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/subscription-payment/verify?session_id=${sessionId}` })).json()
      .data;
  const payAndVerify = async (id: number, tok: string, type = 'reservation') => {
    const sessionId = await open(id, tok, type);
    await local.payFromPage(sessionId, { email: null, name: null });
    return verify(sessionId);
  };
  const localRefunds = async () =>
    Number(
      (
        (await t.deps.db.execute(
          sql`SELECT count(*)::int AS n FROM local_processor_records WHERE kind = 'refund'`,
        )) as unknown as { rows: Array<{ n: number }> }
      ).rows[0]!.n,
    );

  it('executes a cancellation refund once, however often the job runs', async () => {
    const p = await createProperty(t.deps, ownerId);
    const b = await book(p.id, '2030-04-01', '2030-04-04');
    assert.equal((await payAndVerify(b.id, b.tok)).outcome, 'confirmed');
    const paid = await reservationById(t.deps, b.id);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/reservations/${b.id}/cancel`,
      headers: bearer(b.tok),
      payload: {},
    });
    assert.equal(cancelled.json().data.refund_amount, paid.totalMinor / 100);
    const before = await localRefunds();
    const runs = await Promise.all([executeRefunds(t.deps), executeRefunds(t.deps)]);
    assert.equal(
      runs.reduce((n, r) => n + r.succeeded, 0),
      1,
    );
    assert.deepEqual(await executeRefunds(t.deps), { succeeded: 0, failed: 0 });
    assert.equal(await localRefunds(), before + 1);
    const [refund] = await t.deps.db.select().from(refunds).where(eq(refunds.reservationId, b.id));
    assert.equal(refund!.status, 'succeeded');
    const [payment] = await t.deps.db.select().from(payments).where(eq(payments.reservationId, b.id));
    assert.deepEqual([payment!.status, payment!.refundedMinor], ['refunded', paid.totalMinor]);
    assert.equal((await reservationById(t.deps, b.id)).refundedMinor, paid.totalMinor);
    assert.equal((await eventsFor(t.deps, 'refund.succeeded', b.id)).length, 1);
  });

  it('a shorter stay refunds the difference from the payment (partially_refunded); a longer one is paid as an additional payment', async () => {
    const p = await createProperty(t.deps, ownerId);
    const b = await book(p.id, '2030-05-01', '2030-05-04');
    await payAndVerify(b.id, b.tok);
    const total = (await reservationById(t.deps, b.id)).totalMinor;
    const shorter = (
      await t.app.inject({
        method: 'PUT',
        url: `/api/reservations/${b.id}`,
        headers: bearer(b.tok),
        payload: { checkout_date: '2030-05-03' },
      })
    ).json().data;
    assert.equal(shorter.refund_initiated, true);
    await executeRefunds(t.deps);
    const [payment] = await t.deps.db.select().from(payments).where(eq(payments.reservationId, b.id));
    assert.equal(payment!.status, 'partially_refunded');
    assert.equal(payment!.refundedMinor, Math.round(shorter.refund_amount * 100));

    const longer = (
      await t.app.inject({
        method: 'PUT',
        url: `/api/reservations/${b.id}`,
        headers: bearer(b.tok),
        payload: { checkout_date: '2030-05-06' },
      })
    ).json().data;
    assert.equal(longer.needs_additional_payment, true);
    const done = await payAndVerify(b.id, b.tok, 'additional');
    assert.equal(done.outcome, 'confirmed');
    assert.equal(done.payment.type, 'additional');
    assert.equal(done.payment.amount, longer.pricing.additional_due.toFixed(2));
    const r = await reservationById(t.deps, b.id);
    assert.equal(r.paidMinor - r.refundedMinor, r.totalMinor);
    const shown = (
      await t.app.inject({ method: 'GET', url: `/api/reservations/${b.id}`, headers: bearer(b.tok) })
    ).json().data;
    assert.equal(shown.needs_additional_payment, false);
    assert.notEqual(r.totalMinor, total);
  });

  it('a payment that lands after the hold lapsed confirms if the nights are free, else it is refunded in full', async () => {
    const p = await createProperty(t.deps, ownerId);
    const free = await book(p.id, '2030-06-01', '2030-06-04');
    const taken = await book(p.id, '2030-06-10', '2030-06-13');
    const s1 = await open(free.id, free.tok);
    const s2 = await open(taken.id, taken.tok);
    t.clock.advance(29 * 60_000);
    await local.payFromPage(s1, { email: null, name: null });
    await local.payFromPage(s2, { email: null, name: null });
    t.clock.advance(2 * 60_000);
    assert.equal(await expireHolds(t.deps), 2);
    assert.equal((await reservationById(t.deps, free.id)).status, 'expired');
    // Someone else books the second stay's nights meanwhile.
    const other = await book(p.id, '2030-06-11', '2030-06-12');

    const ok = await verify(s1);
    assert.equal(ok.outcome, 'confirmed');
    assert.equal((await reservationById(t.deps, free.id)).status, 'confirmed');
    const late = await verify(s2);
    assert.equal(late.outcome, 'refunded_late');
    const r = await reservationById(t.deps, taken.id);
    assert.equal(r.status, 'expired');
    const [refund] = await t.deps.db.select().from(refunds).where(eq(refunds.reservationId, taken.id));
    assert.deepEqual([refund!.reason, refund!.amountMinor], ['late_payment', r.totalMinor]);
    assert.equal((await eventsFor(t.deps, 'refund.requested', taken.id)).length, 1);
    await executeRefunds(t.deps);
    assert.equal((await reservationById(t.deps, taken.id)).refundedMinor, r.totalMinor);
    assert.deepEqual(await inventoryDrift(t.deps, p.id), []);
    void other;
    t.clock.set(START);
  });

  it('a failing refund is retried later with backoff and never doubled', async () => {
    const p = await createProperty(t.deps, ownerId);
    const b = await book(p.id, '2030-07-01', '2030-07-03');
    await payAndVerify(b.id, b.tok);
    await t.app.inject({
      method: 'POST',
      url: `/api/reservations/${b.id}/cancel`,
      headers: bearer(ownerToken),
      payload: {},
    });
    // The processor does not know the payment any more: the attempt fails and is kept for later.
    await t.deps.db.execute(
      sql`UPDATE payments SET processor_payment_id = 'pi_unknown' WHERE reservation_id = ${b.id}`,
    );
    const first = await executeRefunds(t.deps);
    assert.equal(first.failed, 1);
    let [refund] = await t.deps.db.select().from(refunds).where(eq(refunds.reservationId, b.id));
    assert.equal(refund!.status, 'failed');
    assert.ok(refund!.nextAttemptAt! > t.clock.now());
    assert.deepEqual(await executeRefunds(t.deps), { succeeded: 0, failed: 0 }, 'not retried before its backoff');
    await t.deps.db.execute(
      sql`UPDATE payments SET processor_payment_id = (SELECT payment_intent_id FROM local_checkout_sessions WHERE id = payments.session_id) WHERE reservation_id = ${b.id}`,
    );
    t.clock.advance(60_000);
    assert.equal((await executeRefunds(t.deps)).succeeded, 1);
    [refund] = await t.deps.db.select().from(refunds).where(eq(refunds.reservationId, b.id));
    assert.deepEqual([refund!.status, refund!.attempts], ['succeeded', 2]);
    t.clock.set(START);
  });

  it('invariants: payments minus refunds equal what each guest owes; earnings + fees + tax equal what was collected', async () => {
    const rows = (await t.deps.db.execute(sql`
      SELECT r.id, r.status, r.total_minor, r.paid_minor, r.refunded_minor, r.price_snapshot,
        COALESCE((SELECT sum(amount_minor) FROM payments p WHERE p.reservation_id = r.id AND p.status IN ('paid','refunded','partially_refunded')), 0)::bigint AS captured,
        COALESCE((SELECT sum(refunded_minor) FROM payments p WHERE p.reservation_id = r.id), 0)::bigint AS given_back,
        COALESCE((SELECT sum(amount_minor) FROM refunds f WHERE f.reservation_id = r.id), 0)::bigint AS requested,
        COALESCE((SELECT sum(amount_minor) FROM refunds f WHERE f.reservation_id = r.id AND f.status = 'succeeded'), 0)::bigint AS refunded,
        COALESCE((SELECT sum(amount_minor) FROM owner_earnings e WHERE e.reservation_id = r.id), 0)::bigint AS earned
      FROM reservations r WHERE r.paid_minor > 0`)) as unknown as {
      rows: Array<Record<string, string | number | object>>;
    };
    assert.ok(rows.rows.length >= 4);
    for (const row of rows.rows) {
      const n = (k: string) => Number(row[k]);
      assert.equal(n('captured'), n('paid_minor'), `reservation ${row.id}: payments = paid`);
      assert.equal(n('given_back'), n('refunded'), `reservation ${row.id}: refunded from payments = refunds done`);
      assert.equal(n('refunded'), n('refunded_minor'));
      const held = n('paid_minor') - n('requested');
      if (row.status === 'confirmed')
        assert.equal(held, n('total_minor'), `reservation ${row.id}: a confirmed stay is paid exactly`);
      // The owner's share never exceeds what is held minus the tax and the service fee in it.
      const b = (row.price_snapshot as { breakdown: { tax_amount: number; service_fee_total: number; total: number } })
        .breakdown;
      const platformPart = Math.floor(((b.tax_amount + b.service_fee_total) * held) / b.total);
      assert.ok(
        n('earned') >= 0 && n('earned') <= held - platformPart,
        `reservation ${row.id}: earned ${n('earned')} of ${held}`,
      );
      if (row.status === 'confirmed') {
        const sub = b.total - b.tax_amount;
        const base = sub - b.service_fee_total;
        const commission = Math.round(base * 0.1);
        assert.equal(
          n('earned') + commission + b.service_fee_total + b.tax_amount,
          n('total_minor'),
          `reservation ${row.id}: earnings + fees + tax = collected`,
        );
      }
    }
    assert.ok((await countRows(t.deps, 'owner_earnings')) > 0);
    void ownerEarnings;
  });
});
