import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import { createProperty, createRoomType } from '../../../test/helpers/catalog-factories.ts';
import { reservations, users } from '../../db/schema/index.ts';

// Europe/Paris listings: "today" there is 2030-03-10.
const START = new Date('2030-03-10T12:00:00Z');

type Item = { id: number; booking_ref_code: string; [k: string]: unknown };

describe('reservation list and search', () => {
  let t: TestApp;
  const tok: Record<'clientX' | 'clientY' | 'ownerA' | 'ownerB' | 'admin' | 'support' | 'stranger', string> =
    {} as never;
  // r1..r6 by creation order; see before() for who booked what.
  const r: Record<string, Item> = {};
  let propA: number;
  let propB: number;
  let propC: number;

  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url: `/api${url}`, headers: token ? bearer(token) : {} });
  const list = async (query: string, token: string, path = '/reservations') => {
    const res = await get(`${path}${query ? `?${query}` : ''}`, token);
    assert.equal(res.statusCode, 200, res.body);
    return res.json() as {
      data: Item[];
      meta: { current_page: number; per_page: number; total: number; last_page: number };
    };
  };
  const ids = (items: Item[]) => items.map((i) => i.id);
  const named = (...keys: string[]) => keys.map((k) => r[k]!.id);
  // Ids in the order the list must give them (set in before(): r1 newest, r3 and r4 tied).
  let allInOrder: number[];

  before(async () => {
    t = await createTestApp({ start: START });
    const account = async (role: 'client' | 'owner' | 'admin' | 'support', name?: [string, string]) => {
      const u = await createUser(t.deps, { role });
      if (name) await t.deps.db.update(users).set({ firstName: name[0], lastName: name[1] }).where(eq(users.id, u.id));
      return { user: u, token: await loginAs(t.app, u) };
    };
    const ownerA = await account('owner');
    const ownerB = await account('owner');
    const clientX = await account('client', ['Jean', 'Valjean']);
    const clientY = await account('client', ['Marguerite', 'Duras']);
    tok.ownerA = ownerA.token;
    tok.ownerB = ownerB.token;
    tok.clientX = clientX.token;
    tok.clientY = clientY.token;
    tok.admin = (await account('admin')).token;
    tok.support = (await account('support')).token;
    tok.stranger = (await account('client')).token;

    propA = (await createProperty(t.deps, ownerA.user.id)).id;
    propB = (await createProperty(t.deps, ownerA.user.id)).id;
    propC = (await createProperty(t.deps, ownerB.user.id)).id;
    const rt = await createRoomType(t.deps, propB, { countOfRooms: 5, capacity: 3 });

    const book = async (key: string, token: string, body: object, path = '/reservations') => {
      const res = await t.app.inject({ method: 'POST', url: `/api${path}`, payload: body, headers: bearer(token) });
      assert.equal(res.statusCode, 201, res.body);
      r[key] = res.json().data;
      t.clock.advance(60_000);
    };
    const simple = (property_id: number, checkin_date: string, checkout_date: string) => ({
      property_id,
      checkin_date,
      checkout_date,
      guests: { adults: 2, children: 1 },
    });
    const multi = (checkin_date: string, checkout_date: string, first_name: string, last_name: string) => ({
      property_id: propB,
      checkin_date,
      checkout_date,
      guests: [
        { first_name, last_name, age: 40 },
        { first_name: 'Kid', last_name, age: 7 },
      ],
      rooms: [{ room_type_id: rt.roomType.id, rate_plan_id: rt.ratePlan.id, rooms_count: 1 }],
      first_name,
      last_name,
      email: 'contact@example.test',
      phone: '+33100000000',
    });
    await book('r1', tok.clientX, simple(propA, '2030-04-01', '2030-04-04'));
    await book('r2', tok.clientY, simple(propA, '2030-05-01', '2030-05-03'));
    await book('r3', tok.clientX, simple(propC, '2030-04-10', '2030-04-12'));
    await book('r4', tok.ownerA, simple(propC, '2030-06-01', '2030-06-05'));
    await book('r5', tok.clientY, multi('2030-07-01', '2030-07-03', 'Zoé', 'Mc_Gee'), '/reservations/multi-room');
    await book('r6', tok.clientX, multi('2030-07-10', '2030-07-12', 'Ana', 'McXGee 50%'), '/reservations/multi-room');

    const set = (key: string, values: Partial<typeof reservations.$inferInsert>) =>
      t.deps.db.update(reservations).set(values).where(eq(reservations.id, r[key]!.id));
    await set('r2', { status: 'confirmed' });
    await set('r3', { status: 'cancelled' });
    await set('r5', { status: 'completed' });
    await set('r6', { status: 'expired' });
    // Order is by booking time, not id: r1 becomes the newest, r3 and r4 tie (id decides).
    await set('r1', { createdAt: new Date(START.getTime() + 3_600_000) });
    await set('r3', { createdAt: new Date(START.getTime() + 30_000) });
    await set('r4', { createdAt: new Date(START.getTime() + 30_000) });
    allInOrder = named('r1', 'r6', 'r5', 'r2', 'r4', 'r3');
  });
  after(() => t.close());

  it('scopes the list by role: guests their bookings, owners their listings and their own stays, staff everything', async () => {
    const expect = {
      clientX: named('r1', 'r6', 'r3'),
      clientY: named('r5', 'r2'),
      ownerA: named('r1', 'r6', 'r5', 'r2', 'r4'),
      ownerB: named('r4', 'r3'),
      admin: allInOrder,
      support: allInOrder,
      stranger: [],
    } as const;
    for (const [who, want] of Object.entries(expect)) {
      const page = await list('', tok[who as keyof typeof tok]);
      assert.deepEqual(ids(page.data), want, who);
      assert.equal(page.meta.total, want.length, who);
      const found = await list('', tok[who as keyof typeof tok], '/reservations/search');
      assert.deepEqual(ids(found.data), want, `search ${who}`);
    }
  });

  it('answers the read form of GET /reservations/{id}, with room lines per reservation', async () => {
    const page = await list('', tok.clientX);
    for (const item of page.data) {
      const one = await get(`/reservations/${item.id}`, tok.clientX);
      assert.equal(one.statusCode, 200, one.body);
      assert.deepEqual(item, one.json().data);
    }
    const r6 = page.data.find((i) => i.id === r.r6!.id)! as Item & {
      rooms_details: unknown[];
      guests: unknown;
      property: { id: number };
    };
    assert.equal(r6.rooms_details.length, 1);
    assert.deepEqual(r6.guests, { adults: 1, children: 1 });
    assert.equal(r6.property.id, propB);
    assert.equal(r6.status, 'expired');
  });

  it('filters by status, listing and stay dates (half-open overlap)', async () => {
    const admin = async (q: string) => ids((await list(q, tok.admin)).data);
    assert.deepEqual(await admin('status=confirmed'), named('r2'));
    assert.deepEqual(await admin('status=pending'), named('r1', 'r4'));
    assert.deepEqual(await admin(`property_id=${propA}`), named('r1', 'r2'));
    assert.deepEqual(await admin(`property_id=${propA}&status=pending`), named('r1'));
    // r1 leaves on 04-04 and r3 arrives on 04-10: neither overlaps [04-04, 04-10).
    assert.deepEqual(await admin('from=2030-04-04&to=2030-04-10'), []);
    assert.deepEqual(await admin('from=2030-04-03&to=2030-04-11'), named('r1', 'r3'));
    assert.deepEqual(await admin('from=2030-06-30'), named('r6', 'r5'));
    assert.deepEqual(await admin('to=2030-04-02'), named('r1'));
    // The listing filter stays inside the scope: owner A sees only their own stay on B's listing.
    assert.deepEqual(ids((await list(`property_id=${propC}`, tok.ownerA)).data), named('r4'));
    assert.deepEqual(ids((await list(`property_id=${propA}`, tok.stranger)).data), []);
    const search = async (q: string) => ids((await list(q, tok.admin, '/reservations/search')).data);
    assert.deepEqual(await search('status=completed'), named('r5'));
    assert.deepEqual(await search('from=2030-04-03&to=2030-04-11&status=cancelled'), named('r3'));
  });

  it('paginates newest first with id as tiebreak, and reports meta', async () => {
    const p2 = await list('per_page=2&page=2', tok.admin);
    assert.deepEqual(ids(p2.data), allInOrder.slice(2, 4));
    assert.deepEqual(p2.meta, { current_page: 2, per_page: 2, total: 6, last_page: 3 });
    const walked: number[] = [];
    for (let page = 1; page <= 3; page++)
      walked.push(...ids((await list(`per_page=2&page=${page}`, tok.support, '/reservations/search')).data));
    assert.deepEqual(walked, allInOrder);
    const beyond = await list('per_page=4&page=5', tok.admin);
    assert.deepEqual(beyond.data, []);
    assert.deepEqual(beyond.meta, { current_page: 5, per_page: 4, total: 6, last_page: 2 });
    assert.deepEqual((await list('', tok.stranger)).meta, { current_page: 1, per_page: 20, total: 0, last_page: 1 });
  });

  it('refuses bad query values with 422 naming the parameter, and anonymous callers with 401', async () => {
    const cases: Array<[string, string, string]> = [
      ['/reservations', 'status=paid', 'status'],
      ['/reservations', 'property_id=abc', 'property_id'],
      ['/reservations', 'property_id=0', 'property_id'],
      ['/reservations', 'from=2030-02-30', 'from'],
      ['/reservations', 'to=tomorrow', 'to'],
      ['/reservations', 'from=2030-05-02&to=2030-05-01', 'to'],
      ['/reservations', 'per_page=101', 'per_page'],
      ['/reservations', 'page=0', 'page'],
      ['/reservations/search', `q=${'a'.repeat(101)}`, 'q'],
      ['/reservations/search', 'q=', 'q'],
      ['/reservations/search', 'status=nope', 'status'],
      ['/reservations/search', 'from=2030-05-02&to=2030-05-01', 'to'],
    ];
    for (const [path, query, field] of cases) {
      const res = await get(`${path}?${query}`, tok.admin);
      assert.equal(res.statusCode, 422, `${path}?${query}: ${res.body}`);
      assert.equal(res.json().code, 'VALIDATION_FAILED');
      assert.ok(res.json().errors[field], `${path}?${query}: ${res.body}`);
    }
    // An empty window (from = to) is allowed; it only finds stays spanning that day.
    assert.equal((await get('/reservations?from=2030-04-02&to=2030-04-02', tok.admin)).json().data.length, 1);
    for (const path of ['/reservations', '/reservations/search', '/reservations/search?q=BK']) {
      const res = await get(path);
      assert.equal(res.statusCode, 401, path);
      assert.equal(res.json().code, 'UNAUTHENTICATED');
    }
  });

  it('searches by booking reference prefix, case-insensitively, within the scope', async () => {
    const ref = r.r1!.booking_ref_code;
    const search = async (q: string, token = tok.admin) =>
      ids((await list(`q=${encodeURIComponent(q)}`, token, '/reservations/search')).data);
    assert.deepEqual(await search(ref), named('r1'));
    assert.deepEqual(await search(ref.toLowerCase()), named('r1'));
    assert.deepEqual(await search(`  ${ref.slice(0, 8).toLowerCase()} `), named('r1'));
    // A middle part of a reference is not a match (prefix only).
    assert.deepEqual(await search(ref.slice(4)), []);
    assert.deepEqual(await search(ref, tok.clientX), named('r1'));
    assert.deepEqual(await search(ref, tok.ownerA), named('r1'));
    assert.deepEqual(await search(ref, tok.clientY), []);
    assert.deepEqual(await search(ref, tok.stranger), []);
  });

  it("searches by the guest account's name and by the multi-room contact's name", async () => {
    const search = async (q: string, token = tok.admin) =>
      ids((await list(`q=${encodeURIComponent(q)}`, token, '/reservations/search')).data);
    assert.deepEqual(await search('uras'), named('r5', 'r2'));
    assert.deepEqual(await search('MARGUERITE duras'), named('r5', 'r2'));
    assert.deepEqual(await search('valjean'), named('r1', 'r6', 'r3'));
    assert.deepEqual(await search('uras', tok.clientX), []);
    assert.deepEqual(await search('uras', tok.ownerA), named('r5', 'r2'));
    // Contact names of multi-room bookings (not the account's).
    assert.deepEqual(await search('zoé'), named('r5'));
    assert.deepEqual(await search('ana mcx'), named('r6'));
    assert.deepEqual(await search('mcxgee', tok.clientY), []);
    assert.deepEqual(await search('nobody-like-this'), []);
  });

  it('treats LIKE wildcards in q as plain characters', async () => {
    const search = async (q: string) =>
      ids((await list(`q=${encodeURIComponent(q)}`, tok.admin, '/reservations/search')).data);
    // Unescaped, "_" would also match "McXGee" and "%" everything.
    assert.deepEqual(await search('c_g'), named('r5'));
    assert.deepEqual(await search('%'), named('r6'));
    assert.deepEqual(await search('50%'), named('r6'));
    assert.deepEqual(await search('_'), named('r5'));
    assert.deepEqual(await search('\\'), []);
    assert.deepEqual(await search('a%e'), []);
  });

  it('answers the lighter variant: guests and price_details as JSON text, total as decimal text', async () => {
    const found = await list('', tok.ownerA, '/reservations/search');
    assert.equal(found.data.length, 5);
    for (const item of found.data) {
      const d = item as Item & { guests: string; price_details: string; total: string };
      assert.equal(typeof d.guests, 'string');
      assert.equal(typeof d.price_details, 'string');
      assert.match(d.total, /^\d+\.\d{2}$/);
      const details = JSON.parse(d.price_details);
      assert.equal(details.currency, 'EUR');
      assert.equal(Number(d.total), details.total);
      assert.equal(d.total, details.total.toFixed(2));
      const full = (await get(`/reservations/${d.id}`, tok.ownerA)).json().data;
      assert.deepEqual(JSON.parse(d.guests), full.guests);
      assert.deepEqual(details, full.price_details);
      assert.equal(d.booking_ref_code, full.booking_ref_code);
      assert.deepEqual(d.property, full.property);
    }
    const r1 = found.data.find((i) => i.id === r.r1!.id) as Item & { guests: string };
    assert.deepEqual(JSON.parse(r1.guests), { adults: 2, children: 1 });
  });

  it('serves /reservations/search before /reservations/{id}, which still answers ids', async () => {
    const res = await get('/reservations/search', tok.clientX);
    assert.equal(res.statusCode, 200, res.body);
    assert.ok(Array.isArray(res.json().data));
    assert.equal((await get(`/reservations/${r.r1!.id}`, tok.clientX)).statusCode, 200);
    assert.equal((await get(`/reservations/${r.r2!.id}`, tok.clientX)).statusCode, 404);
  });
});
