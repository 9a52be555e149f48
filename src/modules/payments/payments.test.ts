import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { onPostgres } from '../../../test/helpers/test-database.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import { countRows, createProperty } from '../../../test/helpers/catalog-factories.ts';
import { payments } from '../../db/schema/index.ts';
import type { LocalPaymentProcessor } from '../../adapters/local-payments/local-payment-processor.ts';
import { eventsFor, reservationById } from '../reservations/reservations.test-support.ts';

// A Paris listing at 120.00 EUR a night, cleaning 30.00, tax 10 %: 3 nights = 429.00 (tax 39.00).
const START = new Date('2030-03-10T12:00:00Z');

describe('payments: process, verify, webhook', () => {
  let t: TestApp;
  let ownerId: number;
  let ownerToken: string;
  let adminToken: string;
  let local: LocalPaymentProcessor;
  before(async () => {
    t = await createTestApp({ start: START });
    const owner = await createUser(t.deps, { role: 'owner' });
    ownerId = owner.id;
    ownerToken = await loginAs(t.app, owner);
    adminToken = await loginAs(t.app, await createUser(t.deps, { role: 'admin' }));
    local = t.deps.payments as LocalPaymentProcessor;
  });
  after(() => t.close());

  const booking = async (checkin = '2030-04-01', checkout = '2030-04-04') => {
    const p = await createProperty(t.deps, ownerId);
    const user = await createUser(t.deps);
    const tok = await loginAs(t.app, user);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: bearer(tok),
      payload: { property_id: p.id, checkin_date: checkin, checkout_date: checkout, guests: { adults: 2 } },
    });
    assert.equal(res.statusCode, 201, res.body);
    return { id: res.json().data.id as number, tok, user, propertyId: p.id };
  };
  const processFor = (id: number, tok: string, over: object = {}, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/process',
      headers: { ...bearer(tok), ...headers },
      payload: { payment_method: 'card', reservation_id: id, type: 'reservation', currency: 'EUR', ...over },
    });
  const verify = (sessionId: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/subscription-payment/verify?session_id=${encodeURIComponent(sessionId)}`,
    });

  it("opens a checkout: the spec's response member by member, the same session on a repeat", async () => {
    const b = await booking();
    const res = await processFor(b.id, b.tok);
    assert.equal(res.statusCode, 200, res.body);
    const d = res.json().data;
    assert.deepEqual(Object.keys(d).sort(), ['checkout_secret', 'payment']);
    assert.match(d.checkout_secret, /_secret_/);
    const p = d.payment;
    assert.deepEqual(Object.keys(p).sort(), [
      'amount',
      'created_at',
      'currency',
      'id',
      'payment_details',
      'payment_flow',
      'payment_method',
      'reservation_id',
      'status',
      'tax',
      'transaction_id',
      'type',
    ]);
    assert.equal(p.reservation_id, b.id);
    assert.equal(p.amount, '429.00');
    assert.equal(p.tax, '39.00');
    assert.equal(p.currency, 'EUR');
    assert.equal(p.payment_method, 'card');
    assert.equal(p.status, 'pending');
    assert.equal(p.type, 'reservation');
    assert.equal(p.payment_flow, 'hosted_checkout');
    assert.equal(p.payment_details.amount_total, 42900);
    assert.equal(p.payment_details.currency, 'eur');
    assert.equal(p.payment_details.payment_status, 'unpaid');
    assert.ok('customer_details' in p.payment_details);
    assert.match(p.payment_details.url, /\/checkout\/cs_local_/);
    assert.equal(p.transaction_id, p.payment_details.id);
    // The session ends with the hold.
    assert.equal(p.payment_details.expires_at, Math.floor((START.getTime() + 1800_000) / 1000));

    const again = await processFor(b.id, b.tok);
    assert.equal(again.json().data.payment.id, p.id);
    assert.equal(again.json().data.payment.payment_details.id, p.payment_details.id);
    assert.equal((await t.deps.db.select().from(payments).where(eq(payments.reservationId, b.id))).length, 1);
  });

  it('concurrent process calls share one payment and one session', async () => {
    const b = await booking('2030-04-10', '2030-04-12');
    const answers = await Promise.all(Array.from({ length: 8 }, () => processFor(b.id, b.tok)));
    assert.ok(
      answers.every((a) => a.statusCode === 200),
      answers.map((a) => a.body).join('\n'),
    );
    assert.equal(new Set(answers.map((a) => a.json().data.payment.id)).size, 1);
    assert.equal(new Set(answers.map((a) => a.json().data.payment.payment_details.id)).size, 1);
    console.log(`# process race on ${onPostgres ? 'PostgreSQL' : 'PGlite (one connection: logic only)'}`);
  });

  it('refuses who may not pay and what is not owed', async () => {
    const b = await booking('2030-05-01', '2030-05-03');
    assert.equal((await processFor(b.id, ownerToken)).statusCode, 403);
    assert.equal((await processFor(b.id, adminToken)).statusCode, 403);
    assert.equal((await processFor(b.id, await loginAs(t.app, await createUser(t.deps)))).statusCode, 404);
    assert.equal((await processFor(99_999_999, b.tok)).statusCode, 404);
    assert.equal(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/payments/process',
          payload: { payment_method: 'card', reservation_id: b.id, type: 'reservation', currency: 'EUR' },
        })
      ).statusCode,
      401,
    );
    const wrongCurrency = await processFor(b.id, b.tok, { currency: 'USD' });
    assert.equal(wrongCurrency.statusCode, 422);
    assert.ok(wrongCurrency.json().errors.currency);
    const badType = await processFor(b.id, b.tok, { type: 'tip' });
    assert.equal(badType.statusCode, 422);
    assert.ok(badType.json().errors.type);
    assert.equal((await processFor(b.id, b.tok, { type: 'additional' })).statusCode, 409);
    // Paid: nothing more is owed.
    const opened = (await processFor(b.id, b.tok)).json().data.payment;
    await local.payFromPage(opened.payment_details.id, { email: 'g@example.test', name: 'G' });
    assert.equal((await verify(opened.payment_details.id)).statusCode, 200);
    assert.equal((await processFor(b.id, b.tok)).statusCode, 409);
    // A lapsed hold cannot be paid.
    const late = await booking('2030-05-10', '2030-05-12');
    t.clock.advance(31 * 60_000);
    const tok = await loginAs(t.app, late.user);
    assert.equal((await processFor(late.id, tok)).statusCode, 409);
    t.clock.set(START);
  });

  it('verify ×10 concurrently plus the webhook: one paid payment, one confirmation, one set of events', async () => {
    const b = await booking('2030-06-01', '2030-06-04');
    const opened = (await processFor(b.id, b.tok)).json().data.payment;
    const sessionId = opened.payment_details.id as string;
    const before = await verify(sessionId);
    assert.equal(before.json().data.outcome, 'unpaid');
    assert.equal((await reservationById(t.deps, b.id)).status, 'pending');

    const session = (await local.payFromPage(sessionId, { email: 'guest@example.test', name: 'Guest' }))!;
    const hook = local.signedWebhook('checkout.session.completed', session);
    const results = await Promise.all([
      ...Array.from({ length: 10 }, () => verify(sessionId)),
      t.app.inject({ method: 'POST', url: '/api/payments/webhook', headers: hook.headers, payload: hook.body }),
    ]);
    assert.ok(
      results.every((r) => r.statusCode === 200),
      results.map((r) => r.body).join('\n'),
    );
    const outcomes = results.slice(0, 10).map((r) => r.json().data.outcome);
    assert.ok(outcomes.filter((o) => o === 'confirmed').length <= 1);
    const r = await reservationById(t.deps, b.id);
    assert.equal(r.status, 'confirmed');
    assert.equal(r.paidMinor, 42900);
    assert.equal(r.holdExpiresAt, null);
    const rows = await t.deps.db.select().from(payments).where(eq(payments.reservationId, b.id));
    assert.deepEqual(
      rows.map((p) => p.status),
      ['paid'],
    );
    assert.equal((await eventsFor(t.deps, 'reservation.confirmed', b.id)).length, 1);
    assert.equal((await eventsFor(t.deps, 'payment.received', b.id)).length, 1);
    const shown = (await verify(sessionId)).json().data;
    assert.equal(shown.outcome, 'already_paid');
    assert.equal(shown.payment.status, 'paid');
    assert.equal(shown.payment.payment_details.payment_status, 'paid');
    assert.equal(shown.reservation.status, 'confirmed');
    console.log(
      `# verify×10 + webhook race on ${onPostgres ? 'PostgreSQL' : 'PGlite (one connection: logic only)'}: ${JSON.stringify(outcomes)}`,
    );
  });

  it('a wrong, tampered or replayed webhook signature is 400 and changes nothing', async () => {
    const b = await booking('2030-07-01', '2030-07-03');
    const opened = (await processFor(b.id, b.tok)).json().data.payment;
    const session = (await local.payFromPage(opened.payment_details.id, { email: null, name: null }))!;
    const hook = local.signedWebhook('checkout.session.completed', session);
    const counts = await Promise.all(['payments', 'outbox_events'].map((n) => countRows(t.deps, n)));
    const post = (headers: Record<string, string>, body: string) =>
      t.app.inject({ method: 'POST', url: '/api/payments/webhook', headers, payload: body });
    const name = Object.keys(hook.headers).find((h) => h.toLowerCase().endsWith('signature'))!;
    assert.equal((await post({ 'content-type': 'application/json' }, hook.body)).statusCode, 400);
    assert.equal(
      (await post({ ...hook.headers, [name]: hook.headers[name]!.replace(/v1=[0-9a-f]{4}/, 'v1=0000') }, hook.body))
        .statusCode,
      400,
    );
    assert.equal((await post(hook.headers, hook.body.replace('"paid"', '"unpaid"'))).statusCode, 400);
    t.clock.advance(301_000);
    assert.equal((await post(hook.headers, hook.body)).statusCode, 400);
    t.clock.set(START);
    assert.deepEqual(await Promise.all(['payments', 'outbox_events'].map((n) => countRows(t.deps, n))), counts);
    assert.equal((await reservationById(t.deps, b.id)).status, 'pending');
  });

  it("lists a user's payments for themself, admin and support only", async () => {
    const b = await booking('2030-08-01', '2030-08-03');
    await processFor(b.id, b.tok);
    const list = (tok: string, which = 'all-payments', userId = b.user.id) =>
      t.app.inject({ method: 'GET', url: `/api/payments/${userId}/${which}`, headers: bearer(tok) });
    const own = await list(b.tok);
    assert.equal(own.statusCode, 200, own.body);
    assert.equal(own.json().data.length, 1);
    assert.equal(own.json().meta.total, 1);
    assert.equal(own.json().data[0].amount, '297.00');
    assert.equal((await list(b.tok, 'pending-payments')).json().data.length, 1);
    assert.equal((await list(adminToken)).statusCode, 200);
    assert.equal((await list(await loginAs(t.app, await createUser(t.deps, { role: 'support' })))).statusCode, 200);
    assert.equal((await list(ownerToken)).statusCode, 404);
    assert.equal((await list(await loginAs(t.app, await createUser(t.deps)))).statusCode, 404);
    // An account that never existed is not an empty history, even for staff.
    assert.equal((await list(adminToken, 'all-payments', 987_654_321)).statusCode, 404);
    assert.equal((await list(adminToken, 'pending-payments', 987_654_321)).statusCode, 404);
  });

  it('end to end: Pay on the hosted page confirms the stay at once, and the default success page shows it', async () => {
    const b = await booking('2030-09-01', '2030-09-03');
    const opened = (await processFor(b.id, b.tok)).json().data.payment;
    const sessionId = opened.payment_details.id as string;
    const pageRes = await t.app.inject({ method: 'GET', url: `/checkout/${sessionId}` });
    assert.equal(pageRes.statusCode, 200);
    assert.match(pageRes.body, /297\.00/);
    const token = /name="token" value="([^"]+)"/.exec(pageRes.body)![1]!;
    const paid = await t.app.inject({
      method: 'POST',
      url: `/checkout/${sessionId}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${encodeURIComponent(token)}`,
    });
    assert.equal(paid.statusCode, 303, paid.body);
    const location = new URL(paid.headers.location as string);
    assert.equal(location.pathname, '/payments/success');
    assert.equal(location.searchParams.get('session_id'), sessionId);
    // Confirmed by the page's own hook, before the guest even comes back.
    assert.equal((await reservationById(t.deps, b.id)).status, 'confirmed');
    const back = await t.app.inject({ method: 'GET', url: `${location.pathname}${location.search}` });
    assert.equal(back.statusCode, 200);
    assert.match(back.headers['content-type'] as string, /text\/html/);
    assert.match(back.body, /Payment received/);
    assert.match(back.body, new RegExp((await reservationById(t.deps, b.id)).bookingRefCode));
    assert.equal((await eventsFor(t.deps, 'reservation.confirmed', b.id)).length, 1);
    assert.equal((await t.app.inject({ method: 'GET', url: '/payments/success?session_id=cs_nope' })).statusCode, 404);
    assert.equal(
      (await t.app.inject({ method: 'GET', url: `/payments/cancel?reservation_id=${b.id}` })).statusCode,
      200,
    );
  });
});
