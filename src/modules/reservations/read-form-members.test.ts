// The reservation's answers carry every member their published schema declares, in every status
// and on every route that answers them: the schema is read from /openapi.json and walked member
// by member (test/helpers/openapi.ts), so a member added to the schema is checked here too.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import { createProperty, createRoomType } from '../../../test/helpers/catalog-factories.ts';
import { missingMembers, optionalMembers, responseData } from '../../../test/helpers/openapi.ts';
import type { LocalPaymentProcessor } from '../../adapters/local-payments/local-payment-processor.ts';
import type { UserRow } from '../users/users.repository.ts';
import { completeStays } from './complete-stays.ts';
import { expireHolds } from './expire-holds.ts';

// Paris listings at 120.00 EUR a night; "today" there is 2030-03-10.
const START = new Date('2030-03-10T12:00:00Z');
const DAY = 86_400_000;

type Json = Record<string, unknown>;

describe('reservation answers carry every documented member', () => {
  let t: TestApp;
  let doc: Json;
  let owner: UserRow;
  let guest: UserRow;
  let ownerToken: string;
  let guestToken: string;
  let whole: number;
  let rooms: { propertyId: number; roomTypeId: number; ratePlanId: number };
  const missing: string[] = [];

  before(async () => {
    t = await createTestApp({ start: START });
    doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    owner = await createUser(t.deps, { role: 'owner' });
    guest = await createUser(t.deps);
    await logIn();
    whole = (await createProperty(t.deps, owner.id)).id;
    const q = await createProperty(t.deps, owner.id);
    const rt = await createRoomType(t.deps, q.id, { countOfRooms: 3 });
    rooms = { propertyId: q.id, roomTypeId: rt.roomType.id, ratePlanId: rt.ratePlan.id };
  });
  after(() => t.close());

  async function logIn() {
    ownerToken = await loginAs(t.app, owner);
    guestToken = await loginAs(t.app, guest);
  }

  /** Records the members `value` lacks against the operation's published `data` schema. */
  function check(label: string, op: [path: string, method: string, status: string], value: unknown) {
    const schema = responseData(doc, ...op);
    for (const m of missingMembers(doc, schema, value)) missing.push(`${label}: ${m}`);
  }

  async function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = guestToken) {
    const res = await t.app.inject({ method, url: `/api${url}`, payload, headers: bearer(token) });
    assert.ok(res.statusCode < 300, `${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  }

  async function book(checkin: string, checkout: string): Promise<number> {
    const body = { property_id: whole, checkin_date: checkin, checkout_date: checkout, guests: { adults: 2 } };
    const data = await call('POST', '/reservations', body);
    check(`POST /reservations (${checkin})`, ['/api/reservations', 'post', '201'], data);
    return data.id;
  }

  async function pay(id: number, type = 'reservation') {
    const opened = await call('POST', '/payments/process', {
      payment_method: 'card',
      reservation_id: id,
      type,
      currency: 'EUR',
    });
    const sessionId = opened.payment.payment_details.id as string;
    await (t.deps.payments as LocalPaymentProcessor).payFromPage(sessionId, { email: null, name: null });
    await call('GET', `/subscription-payment/verify?session_id=${sessionId}`);
  }

  async function modify(id: number, body: object) {
    const data = await call('PUT', `/reservations/${id}`, body);
    check(`PUT /reservations/${id}`, ['/api/reservations/{id}', 'put', '200'], data);
    return data;
  }

  async function cancel(id: number) {
    const data = await call('POST', `/reservations/${id}/cancel`, {});
    check(`POST /reservations/${id}/cancel`, ['/api/reservations/{id}/cancel', 'post', '200'], data);
  }

  it('in every status, on creation, show, list, search, modification and cancellation', async () => {
    const completed = await book('2030-03-12', '2030-03-14');
    await pay(completed);
    await book('2030-03-20', '2030-03-22'); // left unpaid: expires
    t.clock.set(new Date(START.getTime() + 5 * DAY));
    assert.equal(await expireHolds(t.deps), 1);
    assert.equal(await completeStays(t.deps), 1);
    await logIn(); // the tokens of five days ago have expired

    await book('2030-06-01', '2030-06-03'); // pending
    const confirmed = await book('2030-06-05', '2030-06-07');
    await pay(confirmed);
    const longer = await book('2030-06-10', '2030-06-12');
    await pay(longer);
    assert.equal((await modify(longer, { checkout_date: '2030-06-14' })).needs_additional_payment, true);
    const shorter = await book('2030-06-16', '2030-06-19');
    await pay(shorter);
    assert.equal((await modify(shorter, { checkout_date: '2030-06-18' })).refund_initiated, true);
    await modify(await book('2030-06-22', '2030-06-24'), { checkout_date: '2030-06-25' });
    const paidThenCancelled = await book('2030-06-26', '2030-06-28');
    await pay(paidThenCancelled);
    await cancel(paidThenCancelled);
    await cancel(await book('2030-07-01', '2030-07-03'));
    const multi = await call('POST', '/reservations/multi-room', {
      property_id: rooms.propertyId,
      checkin_date: '2030-07-05',
      checkout_date: '2030-07-07',
      guests: [{ first_name: 'Ada', last_name: 'Byron', age: 36 }],
      rooms: [{ room_type_id: rooms.roomTypeId, rate_plan_id: rooms.ratePlanId, rooms_count: 2 }],
      first_name: 'Ada',
      last_name: 'Byron',
      email: 'ada@example.test',
      phone: '+33100000000',
    });
    check('POST /reservations/multi-room', ['/api/reservations/multi-room', 'post', '201'], multi);

    const list = (await call('GET', '/reservations?per_page=100')) as Json[];
    check('GET /reservations', ['/api/reservations', 'get', '200'], list);
    check(
      'GET /reservations/search',
      ['/api/reservations/search', 'get', '200'],
      await call('GET', '/reservations/search?per_page=100'),
    );
    for (const r of list) {
      for (const [who, token] of [
        ['guest', guestToken],
        ['owner', ownerToken],
      ] as const) {
        const shown = await call('GET', `/reservations/${r.id}`, undefined, token);
        check(`GET /reservations/{id} (${r.status}, ${who})`, ['/api/reservations/{id}', 'get', '200'], shown);
      }
    }

    const statuses = new Set(list.map((r) => r.status));
    assert.deepEqual([...statuses].sort(), ['cancelled', 'completed', 'confirmed', 'expired', 'pending']);
    assert.equal(list.length, 10);
    assert.deepEqual(missing, [], 'members the published schema declares are missing');
  });

  it('the published schemas leave optional only what is documented as conditional', () => {
    // The listing's favorite flag exists only for a signed-in caller (the property read form).
    const favorite = (at: string) => [`${at}property.is_favorite`];
    const cases: Array<[[string, string, string], string[]]> = [
      [['/api/reservations/{id}', 'get', '200'], favorite('')],
      [['/api/reservations', 'get', '200'], favorite('[].')],
      [['/api/reservations/search', 'get', '200'], favorite('[].')],
      [['/api/reservations', 'post', '201'], favorite('')],
      [['/api/reservations/multi-room', 'post', '201'], favorite('')],
      [['/api/reservations/{id}/cancel', 'post', '200'], favorite('')],
      [['/api/reservations/{id}', 'put', '200'], []],
    ];
    for (const [op, conditional] of cases)
      assert.deepEqual(optionalMembers(doc, responseData(doc, ...op)), conditional, op.join(' '));
  });

  it('a booking never changed reads the neutral values: nothing owed, no refund, pricing as it stands', async () => {
    const id = await book('2030-08-01', '2030-08-04');
    await pay(id);
    const r = await call('GET', `/reservations/${id}`);
    assert.equal(r.status, 'confirmed');
    const total = r.price_details.total;
    assert.deepEqual(
      {
        needs_additional_payment: r.needs_additional_payment,
        additional_due: r.additional_due,
        pricing: r.pricing,
        refund_initiated: r.refund_initiated,
        refund_amount: r.refund_amount,
      },
      {
        needs_additional_payment: false,
        additional_due: 0,
        pricing: {
          old_total: total,
          new_total: total,
          paid_amount: total,
          additional_due: 0,
          refund_due: 0,
          price_difference: 0,
        },
        refund_initiated: false,
        refund_amount: 0,
      },
    );
  });
});
