// Issue 19's three sequences, each of which broke the money invariants: a checkout opened before
// the booking changed is superseded by the change — its page takes no money — and a payment that
// lands on it anyway (the processor missed the expiry) is refunded in full, never counted.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser } from '../../../test/helpers/factories.ts';
import { createProperty } from '../../../test/helpers/catalog-factories.ts';
import { bookAsNewGuest, openCheckout } from '../../../test/helpers/booking-flow.ts';
import { payments, refunds } from '../../db/schema/index.ts';
import type { LocalPaymentProcessor } from '../../adapters/local-payments/local-payment-processor.ts';
import { ProcessorUnavailableError } from '../../ports/payment-processor.ts';
import { reservationById } from '../reservations/reservations.test-support.ts';
import { executeRefunds } from './execute-refunds.ts';

// Paris listings at 120.00 EUR a night, cleaning 30.00, tax 10 %.
const START = new Date('2030-03-10T12:00:00Z');

describe('superseded checkouts (issue 19)', () => {
  let t: TestApp;
  let ownerId: number;
  let local: LocalPaymentProcessor;
  before(async () => {
    t = await createTestApp({ start: START });
    ownerId = (await createUser(t.deps, { role: 'owner' })).id;
    local = t.deps.payments as LocalPaymentProcessor;
  });
  after(() => t.close());

  const book = async (checkin: string, checkout: string) => {
    const propertyId = (await createProperty(t.deps, ownerId)).id;
    return bookAsNewGuest(t, { propertyId, checkin, checkout });
  };
  const open = (id: number, tok: string, type = 'reservation') => openCheckout(t, { reservationId: id, tok, type });
  const change = async (id: number, tok: string, payload: object) => {
    const res = await t.app.inject({ method: 'PUT', url: `/api/reservations/${id}`, headers: bearer(tok), payload });
    assert.equal(res.statusCode, 200, res.body);
    return res.json().data;
  };
  /** The guest submits the hosted page: 303 when it took the money, 410 when the checkout had expired. */
  const payPage = async (sessionId: string) => {
    const page = await t.app.inject({ method: 'GET', url: `/checkout/${sessionId}` });
    const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1] ?? local.formToken(sessionId);
    const res = await t.app.inject({
      method: 'POST',
      url: `/checkout/${sessionId}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${token}`,
    });
    return res.statusCode;
  };
  /** The processor is unreachable for the expiries `during` asks for, as if it raced them. */
  const expiryLost = async <T>(during: () => Promise<T>): Promise<T> => {
    const expire = local.expireCheckout;
    local.expireCheckout = async () => {
      throw new ProcessorUnavailableError('processor unreachable (test)');
    };
    try {
      return await during();
    } finally {
      local.expireCheckout = expire;
    }
  };
  const money = async (id: number) => {
    const r = await reservationById(t.deps, id);
    return { status: r.status, total: r.totalMinor, held: r.paidMinor - r.refundRequestedMinor, paid: r.paidMinor };
  };
  const pinnedRefunds = (paymentId: number) => t.deps.db.select().from(refunds).where(eq(refunds.paymentId, paymentId));
  const shown = async (id: number, tok: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/reservations/${id}`, headers: bearer(tok) })).json().data;

  it('1. extended from 2 to 9 nights: the 2-night checkout takes no money; paid anyway, it is refunded and the stay stays unpaid', async () => {
    const b = await book('2030-04-01', '2030-04-03');
    const old = await open(b.id, b.tok);
    await change(b.id, b.tok, { checkout_date: '2030-04-10' });
    assert.equal(await payPage(old.payment_details.id), 410, 'the superseded page is expired');
    assert.equal((await money(b.id)).paid, 0);

    const racing = await open(b.id, b.tok);
    assert.equal(racing.amount, '1221.00', '9 nights × 120 + 30 cleaning, + 10 % tax');
    await expiryLost(() => change(b.id, b.tok, { checkout_date: '2030-04-09' }));
    assert.equal(await payPage(racing.payment_details.id), 303, 'the processor missed the expiry and took the money');
    const after = await money(b.id);
    assert.deepEqual([after.status, after.held], ['pending', 0], 'not counted: the stay is not confirmed');
    const pinned = await pinnedRefunds(racing.id);
    assert.deepEqual(
      pinned.map((f) => [f.amountMinor, f.reason]),
      [[122100, 'superseded']],
    );
    assert.deepEqual(await executeRefunds(t.deps), { succeeded: 1, failed: 0 });
    const [row] = await t.deps.db.select().from(payments).where(eq(payments.id, racing.id));
    assert.deepEqual([row!.status, row!.refundedMinor], ['refunded', 122100]);

    // The current checkout pays the current total and confirms.
    const current = await open(b.id, b.tok);
    assert.equal(current.amount, '1089.00');
    assert.equal(await payPage(current.payment_details.id), 303);
    assert.deepEqual(await money(b.id), { status: 'confirmed', total: 108900, held: 108900, paid: 108900 + 122100 });
  });

  it('2. shortened from 6 nights to 1: the 6-night checkout paid anyway is refunded in full, never kept above the total', async () => {
    const b = await book('2030-05-01', '2030-05-07');
    const old = await open(b.id, b.tok);
    await expiryLost(() => change(b.id, b.tok, { checkout_date: '2030-05-02' }));
    assert.equal(await payPage(old.payment_details.id), 303);
    const after = await money(b.id);
    assert.deepEqual([after.status, after.held], ['pending', 0]);
    assert.deepEqual(
      (await pinnedRefunds(old.id)).map((f) => f.amountMinor),
      [Math.round(Number(old.amount) * 100)],
    );
    const verify = await t.app.inject({
      method: 'GET',
      url: `/api/subscription-payment/verify?session_id=${old.payment_details.id}`,
    });
    // Repeats nothing, and says what the recorded payment is: refunded as superseded, never paid (issue 49).
    assert.deepEqual(
      [verify.json().data.outcome, verify.json().data.payment.status],
      ['refunded_superseded', 'refund_pending'],
      'verify repeats nothing',
    );
    assert.equal((await pinnedRefunds(old.id)).length, 1, 'refunded once');

    const current = await open(b.id, b.tok);
    assert.equal(current.amount, '165.00', '1 night × 120 + 30, + 10 %');
    assert.equal(await payPage(current.payment_details.id), 303);
    const paid = await money(b.id);
    assert.deepEqual([paid.status, paid.held, paid.total], ['confirmed', 16500, 16500]);
  });

  it('3. a confirmed stay extended twice: the first surplus checkout is superseded; paid anyway, it is refunded and the debt stays shown', async () => {
    const b = await book('2030-06-01', '2030-06-03');
    assert.equal(await payPage((await open(b.id, b.tok)).payment_details.id), 303);
    assert.equal((await money(b.id)).status, 'confirmed');
    const first = await change(b.id, b.tok, { checkout_date: '2030-06-04' });
    assert.equal(first.needs_additional_payment, true);
    const surplus1 = await open(b.id, b.tok, 'additional');
    assert.equal(surplus1.amount, '132.00');
    const second = await expiryLost(() => change(b.id, b.tok, { checkout_date: '2030-06-05' }));
    assert.equal(second.pricing.additional_due, 264);

    assert.equal(await payPage(surplus1.payment_details.id), 303);
    let view = await shown(b.id, b.tok);
    assert.equal(view.needs_additional_payment, true, 'the superseded surplus does not clear the debt');
    assert.equal(view.additional_due, 264);
    assert.deepEqual(
      (await pinnedRefunds(surplus1.id)).map((f) => [f.amountMinor, f.reason]),
      [[13200, 'superseded']],
    );

    const surplus2 = await open(b.id, b.tok, 'additional');
    assert.equal(surplus2.amount, '264.00');
    assert.equal(await payPage(surplus2.payment_details.id), 303);
    view = await shown(b.id, b.tok);
    assert.deepEqual([view.needs_additional_payment, view.additional_due], [false, 0]);
    const m = await money(b.id);
    assert.equal(m.held, m.total);
  });

  it('a cancelled booking takes no money on its old checkout, and shows no payment needed', async () => {
    const b = await book('2030-07-01', '2030-07-03');
    assert.equal(await payPage((await open(b.id, b.tok)).payment_details.id), 303);
    await change(b.id, b.tok, { checkout_date: '2030-07-05' });
    const surplus = await open(b.id, b.tok, 'additional');
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/reservations/${b.id}/cancel`,
      headers: bearer(b.tok),
      payload: {},
    });
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    assert.equal(cancelled.json().data.needs_additional_payment, false);
    assert.equal(await payPage(surplus.payment_details.id), 410);
  });

  it('a session no request records (an attempt whose answer was lost) is recognised by its reference and refunded in full when paid', async () => {
    const b = await book('2030-08-01', '2030-08-03');
    const current = await open(b.id, b.tok);
    // The processor made a second session for the same payment under another key (the first attempt's lost answer).
    const orphan = await local.createCheckout(
      {
        amountMinor: Math.round(Number(current.amount) * 100),
        currency: 'EUR',
        reference: String(current.id),
        metadata: { payment_id: String(current.id) },
        description: 'lost attempt',
        successUrl: 'http://app.test/ok',
        cancelUrl: 'http://app.test/no',
        openedAt: t.clock.now(),
        expiresAt: new Date(t.clock.now().getTime() + 20 * 60_000),
      },
      `lost-attempt-${current.id}`,
    );
    assert.equal(await payPage(orphan.id), 303);
    const [adopted] = await t.deps.db.select().from(payments).where(eq(payments.sessionId, orphan.id));
    assert.equal(adopted!.status, 'refund_pending', 'received, and never shown as paid');
    assert.deepEqual(
      (await pinnedRefunds(adopted!.id)).map((f) => f.reason),
      ['superseded'],
    );
    assert.deepEqual([(await money(b.id)).status, (await money(b.id)).held], ['pending', 0]);
    assert.equal(await payPage(current.payment_details.id), 303, 'the recorded checkout still pays the booking');
    assert.equal((await money(b.id)).status, 'confirmed');
  });
});
