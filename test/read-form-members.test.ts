// Read forms beside the reservation's (src/modules/reservations/read-form-members.test.ts) whose
// members the spec or the contract say are always there: the price preview, the flat user profile
// (contract §4: every member a string but id) and the listing's read form. Each answer is walked
// against its schema in /openapi.json, and each schema leaves optional only what its description
// documents as conditional.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { bearer, createUser, loginAs } from './helpers/factories.ts';
import { createProperty, createRoomType } from './helpers/catalog-factories.ts';
import { missingMembers, optionalMembers, responseData } from './helpers/openapi.ts';
import { DEFAULT_PASSWORD } from './helpers/factories.ts';

const START = new Date('2030-03-10T12:00:00Z');

type Json = Record<string, unknown>;
type Operation = [path: string, method: string, status: string];

describe('read forms carry every member their schema declares', () => {
  let t: TestApp;
  let doc: Json;
  before(async () => {
    t = await createTestApp({ start: START });
    doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
  });
  after(() => t.close());

  async function data(method: 'GET' | 'POST', url: string, payload?: object, token?: string) {
    const res = await t.app.inject({ method, url, payload, headers: token ? bearer(token) : {} });
    assert.ok(res.statusCode < 300, `${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  }

  const missing = (op: Operation, value: unknown, absentWhen: string[] = []) =>
    missingMembers(doc, responseData(doc, ...op), value, new Set(absentWhen));

  it('the schemas leave optional only the members documented as conditional', () => {
    const cases: Array<[Operation, string[]]> = [
      [
        ['/api/reservations/preview', 'post', '200'],
        ['rooms_breakdown', 'stay_validation.min_stay', 'stay_validation.max_stay'],
      ],
      [['/api/user/profile', 'get', '200'], []],
      [['/api/user/list', 'get', '200'], []],
      [['/api/user/{id}', 'get', '200'], []],
      [['/api/properties/{id}', 'get', '200'], ['is_favorite']],
    ];
    for (const [op, conditional] of cases)
      assert.deepEqual(optionalMembers(doc, responseData(doc, ...op)), conditional, op.join(' '));
  });

  it('the price preview, for a listing sold whole and one sold by room type', async () => {
    const owner = await createUser(t.deps, { role: 'owner' });
    const whole = await createProperty(t.deps, owner.id);
    const q = await createProperty(t.deps, owner.id);
    const { roomType, ratePlan } = await createRoomType(t.deps, q.id);
    const stay = { checkin_date: '2030-04-01', checkout_date: '2030-04-03', guests: { adults: 2 } };
    const op: Operation = ['/api/reservations/preview', 'post', '200'];
    const wholePreview = await data('POST', '/api/reservations/preview', { property_id: whole.id, ...stay });
    // No season nor rate plan: no stay rule, so no min_stay nor max_stay.
    const noRule = ['stay_validation.min_stay', 'stay_validation.max_stay'];
    assert.deepEqual(missing(op, wholePreview, ['rooms_breakdown', ...noRule]), []);
    assert.deepEqual([wholePreview.services_details, wholePreview.season], [[], null]);
    const roomsPreview = await data('POST', '/api/reservations/preview', {
      property_id: q.id,
      ...stay,
      rooms: [{ room_type_id: roomType.id, rate_plan_id: ratePlan.id, rooms_count: 1 }],
    });
    // The rate plan sets a minimum stay of 1 and no maximum (0 = none).
    assert.deepEqual(missing(op, roomsPreview, ['stay_validation.max_stay']), []);
  });

  it('the flat profile, wherever it is answered', async () => {
    const user = await createUser(t.deps);
    const admin = await createUser(t.deps, { role: 'admin' });
    const login = await data('POST', '/api/auth/login', { login: user.email, password: DEFAULT_PASSWORD });
    assert.deepEqual(missing(['/api/auth/login', 'post', '200'], login), []);
    const adminToken = await loginAs(t.app, admin);
    const answers: Array<[Operation, unknown]> = [
      [['/api/user/profile', 'get', '200'], await data('GET', '/api/user/profile', undefined, login.token)],
      [['/api/user/{id}', 'get', '200'], await data('GET', `/api/user/${user.id}`, undefined, adminToken)],
      [['/api/user/list', 'get', '200'], await data('GET', '/api/user/list?per_page=100', undefined, adminToken)],
    ];
    for (const [op, value] of answers) assert.deepEqual(missing(op, value), [], op.join(' '));
  });

  it("the listing's read form, anonymous (no favorite flag) and signed in", async () => {
    const owner = await createUser(t.deps, { role: 'owner' });
    const p = await createProperty(t.deps, owner.id);
    const op: Operation = ['/api/properties/{id}', 'get', '200'];
    assert.deepEqual(missing(op, await data('GET', `/api/properties/${p.id}`), ['is_favorite']), []);
    const token = await loginAs(t.app, await createUser(t.deps));
    assert.deepEqual(missing(op, await data('GET', `/api/properties/${p.id}`, undefined, token)), []);
  });
});
