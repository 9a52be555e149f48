// A booking checks a session that is not in the session cache in its own transaction (the guest's
// lock), not in a round trip of its own (platform/auth.ts `deferred`). A dead session must still
// be 401 whatever else is wrong with the request, and must write nothing.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import { countRows, createProperty, createRoomType } from '../../../test/helpers/catalog-factories.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { bookedTotal } from './reservations.test-support.ts';
import { callerOrUnconfirmed } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';

const START = new Date('2030-03-10T12:00:00Z');
/** The session an access token names (its `sid` claim). */
const sessionOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;

describe('booking with a session not in the cache', () => {
  let t: TestApp;
  let ownerId: number;
  before(async () => {
    t = await createTestApp({ start: START });
    ownerId = (await createUser(t.deps, { role: 'owner' })).id;
  });
  after(() => t.close());

  const post = (url: string, token: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers: { ...bearer(token), ...headers } });
  /** A guest whose token was never used (so its session is in no cache), killed as `how` says straight in the database. */
  const deadGuest = async (how: 'revoked' | 'expired' | 'deactivated' | 'deleted') => {
    const user = await createUser(t.deps);
    const token = await loginAs(t.app, user);
    const sid = sessionOf(token);
    if (how === 'revoked')
      await t.deps.db.update(sessions).set({ revokedAt: START, revokedReason: 'test' }).where(eq(sessions.id, sid));
    if (how === 'expired')
      await t.deps.db
        .update(sessions)
        .set({ expiresAt: new Date(START.getTime() - 1000) })
        .where(eq(sessions.id, sid));
    if (how === 'deactivated') await t.deps.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    if (how === 'deleted') await t.deps.db.update(users).set({ deletedAt: START }).where(eq(users.id, user.id));
    return { user, token };
  };
  const stay = (propertyId: number, checkin = '2030-04-01', checkout = '2030-04-03') => ({
    property_id: propertyId,
    checkin_date: checkin,
    checkout_date: checkout,
    guests: { adults: 1, children: 0 },
  });
  const multi = (propertyId: number, rooms: object[], guests = [{ first_name: 'Ana', last_name: 'Lee', age: 40 }]) => ({
    property_id: propertyId,
    checkin_date: '2030-05-01',
    checkout_date: '2030-05-03',
    guests,
    rooms,
    first_name: 'Ana',
    last_name: 'Lee',
    email: 'ana@example.test',
    phone: '+33100000000',
  });
  const assert401 = (
    res: { statusCode: number; body: string; json(): { code?: string } },
    code = 'SESSION_REVOKED',
  ) => {
    assert.equal(res.statusCode, 401, res.body);
    assert.equal(res.json().code, code, res.body);
  };

  it('books on a live session, first uncached then cached, on both routes', async () => {
    const p = await createProperty(t.deps, ownerId);
    const a = await createRoomType(t.deps, p.id, { countOfRooms: 2 });
    const b = await createRoomType(t.deps, p.id, { countOfRooms: 2 });
    const whole = await createProperty(t.deps, ownerId);
    const token = await loginAs(t.app, await createUser(t.deps));
    const first = await post('/reservations', token, stay(whole.id));
    assert.equal(first.statusCode, 201, first.body);
    assert.equal((await post('/reservations', token, stay(whole.id, '2030-04-10', '2030-04-12'))).statusCode, 201);
    const rooms = [
      { room_type_id: a.roomType.id, rate_plan_id: a.ratePlan.id, rooms_count: 1 },
      { room_type_id: b.roomType.id, rate_plan_id: b.ratePlan.id, rooms_count: 1 },
    ];
    const fresh = await loginAs(t.app, await createUser(t.deps));
    const res = await post('/reservations/multi-room', fresh, multi(p.id, rooms));
    assert.equal(res.statusCode, 201, res.body);
  });

  for (const how of ['revoked', 'expired', 'deactivated', 'deleted'] as const) {
    it(`answers 401 and writes nothing for a session ${how} that would otherwise book`, async () => {
      const p = await createProperty(t.deps, ownerId);
      const rt = await createRoomType(t.deps, p.id, { countOfRooms: 2 });
      const before = await countRows(t.deps, 'reservations');
      for (const [url, body] of [
        ['/reservations', stay(p.id)],
        [
          '/reservations',
          {
            ...stay(rt.roomType.propertyId),
            rooms: [{ room_type_id: rt.roomType.id, rate_plan_id: rt.ratePlan.id, rooms_count: 1 }],
          },
        ],
        [
          '/reservations/multi-room',
          multi(p.id, [{ room_type_id: rt.roomType.id, rate_plan_id: rt.ratePlan.id, rooms_count: 2 }]),
        ],
      ] as const) {
        assert401(await post(url, (await deadGuest(how)).token, body));
      }
      assert.equal(await countRows(t.deps, 'reservations'), before);
      assert.equal(await bookedTotal(t.deps, p.id), 0);
      assert.equal(await bookedTotal(t.deps, p.id, rt.roomType.id), 0);
    });
  }

  it('answers 401 before any other refusal: bad body, unknown listing, own listing, nights sold, no adult, pending limit', async () => {
    const p = await createProperty(t.deps, ownerId);
    const taken = await loginAs(t.app, await createUser(t.deps));
    assert.equal((await post('/reservations', taken, stay(p.id, '2030-06-01', '2030-06-03'))).statusCode, 201);
    const owner = (await t.deps.db.select().from(users).where(eq(users.id, ownerId)))[0]!;
    const ownerToken = await loginAs(t.app, owner);
    await t.deps.db
      .update(sessions)
      .set({ revokedAt: START })
      .where(eq(sessions.id, sessionOf(ownerToken)));
    const cases: Array<[string, object, number]> = [
      ['/reservations', { property_id: p.id }, 422],
      ['/reservations', { ...stay(p.id), checkout_date: 'soon' }, 422],
      ['/reservations', stay(999_999_999), 404],
      ['/reservations', stay(p.id, '2030-06-01', '2030-06-03'), 409],
      ['/reservations', stay(p.id, '2030-06-03', '2030-06-01'), 422],
      ['/reservations/multi-room', multi(p.id, [], [{ first_name: 'Cy', last_name: 'Lee', age: 9 }]), 422],
    ];
    for (const [url, body, live] of cases) {
      // The same request on a live, uncached session gets the refusal named; on a dead one, 401.
      const fresh = await loginAs(t.app, await createUser(t.deps));
      assert.equal((await post(url, fresh, body)).statusCode, live, `${url} ${JSON.stringify(body)}`);
      assert401(await post(url, (await deadGuest('revoked')).token, body));
    }
    assert401(await post('/reservations', ownerToken, stay(p.id, '2030-07-01', '2030-07-03')));
    // A guest at the pending limit, session then revoked: 401, not the limit's 422.
    const busy = await createUser(t.deps);
    const busyToken = await loginAs(t.app, busy);
    for (let i = 0; i < 5; i++)
      assert.equal(
        (
          await post(
            '/reservations',
            busyToken,
            stay(
              p.id,
              `2030-08-${String(i * 2 + 1).padStart(2, '0')}`,
              `2030-08-${String(i * 2 + 2).padStart(2, '0')}`,
            ),
          )
        ).statusCode,
        201,
      );
    const late = await loginAs(t.app, busy);
    assert.equal(
      (await post('/reservations', late, stay(p.id, '2030-09-01', '2030-09-03'))).json().errors?.pending_reservations
        ?.length,
      1,
    );
    const dead = await loginAs(t.app, busy);
    await t.deps.db
      .update(sessions)
      .set({ revokedAt: START })
      .where(eq(sessions.id, sessionOf(dead)));
    assert401(await post('/reservations', dead, stay(p.id, '2030-09-01', '2030-09-03')));
  });

  it('checks the session fully when the request carries an Idempotency-Key', async () => {
    const p = await createProperty(t.deps, ownerId);
    const { token } = await deadGuest('revoked');
    assert401(await post('/reservations', token, stay(p.id), { 'idempotency-key': 'k-dead' }));
    const live = await loginAs(t.app, await createUser(t.deps));
    const first = await post('/reservations', live, stay(p.id), { 'idempotency-key': 'k-live' });
    assert.equal(first.statusCode, 201, first.body);
    assert.equal((await post('/reservations', live, stay(p.id), { 'idempotency-key': 'k-live' })).body, first.body);
  });
});

// The platform's side, on routes of its own: whatever a deferred route's handler does without
// checking the session, the answer waits for the full check, and a dead session is 401.
describe('a deferred route whose handler does not check the session', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({
      start: START,
      extraRoutes: async (api) => {
        api.get('/test/deferred-ok', { config: { auth: 'deferred' } }, async (req) => ({
          success: true,
          data: { id: callerOrUnconfirmed(req).id },
        }));
        api.get('/test/deferred-text', { config: { auth: 'deferred' } }, async (_req, reply) =>
          reply.type('text/plain').send('done'),
        );
        api.get('/test/deferred-conflict', { config: { auth: 'deferred' } }, async () => {
          throw new AppError('CONFLICT', 'not now');
        });
        api.get('/test/deferred-crash', { config: { auth: 'deferred' } }, async () => {
          throw new Error('boom');
        });
      },
    });
  });
  after(() => t.close());

  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url: `/api${url}`, headers: token ? bearer(token) : {} });

  it('answers as the handler says on a live session, 401 on a dead one, whatever the handler answered', async () => {
    const user = await createUser(t.deps);
    for (const [url, status] of [
      ['/test/deferred-ok', 200],
      ['/test/deferred-text', 200],
      ['/test/deferred-conflict', 409],
      ['/test/deferred-crash', 500],
    ] as const) {
      const live = await get(url, await loginAs(t.app, user));
      assert.equal(live.statusCode, status, `${url}: ${live.body}`);
      const token = await loginAs(t.app, user);
      await t.deps.db
        .update(sessions)
        .set({ revokedAt: START })
        .where(eq(sessions.id, sessionOf(token)));
      const dead = await get(url, token);
      assert.equal(dead.statusCode, 401, `${url}: ${dead.body}`);
      assert.equal(dead.json().code, 'SESSION_REVOKED');
    }
    assert.equal((await get('/test/deferred-ok')).statusCode, 401);
    assert.equal((await get('/test/deferred-ok', 'not-a-token')).json().code, 'TOKEN_INVALID');
  });
});
