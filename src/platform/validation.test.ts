// Issue 20: numerals that are not plain decimal, and non-finite numbers, are a 422 naming the
// field on every transport of input (path, query string, JSON, multipart), never coerced; the
// string numerals the spec's clients send keep working.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../test/helpers/factories.ts';
import { createProperty, createRoomType } from '../../test/helpers/catalog-factories.ts';
import { properties, users } from '../db/schema/index.ts';
import { seedReservation } from '../modules/reservations/reservations.test-support.ts';

const BAD_INTEGERS = ['Infinity', '-Infinity', 'NaN', '1e3', '1e999', '0x1', '0o7', '0b1', ' 1', '01', '+1', '1.0'];

function multipart(fields: Record<string, string>) {
  const boundary = '----strict-numbers';
  const body = `${Object.entries(fields)
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('')}--${boundary}--\r\n`;
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('strict numbers in every request part (platform/validation.ts)', () => {
  let t: TestApp;
  let ownerId: number;
  let owner: string;
  let client: string;
  let admin: string;
  before(async () => {
    t = await createTestApp({
      // A route whose schema reaches its members through references, as a shared or recursive schema would.
      extraRoutes: async (api) => {
        api.addSchema({ $id: 'StrictShared', type: 'object', properties: { b: { type: 'integer' } } });
        api.post(
          '/test-strict-refs',
          {
            schema: {
              body: {
                $defs: { count: { type: 'integer' } },
                type: 'object',
                properties: { a: { $ref: '#/$defs/count' }, c: { $ref: 'StrictShared#' } },
              },
            },
          },
          async (req) => req.body,
        );
      },
    });
    const o = await createUser(t.deps, { role: 'owner' });
    ownerId = o.id;
    owner = await loginAs(t.app, o);
    client = await loginAs(t.app, await createUser(t.deps));
    admin = await loginAs(t.app, await createUser(t.deps, { role: 'admin' }));
  });
  after(() => t.close());

  const refusedNaming = (
    res: { statusCode: number; body: string; json: () => unknown },
    field: string,
    what: string,
  ) => {
    assert.equal(res.statusCode, 422, `${what}: ${res.body}`);
    const body = res.json() as { code: string; errors?: Record<string, string[]> };
    assert.equal(body.code, 'VALIDATION_FAILED', what);
    assert.ok(body.errors?.[field]?.length, `${what}: names ${field}: ${res.body}`);
  };

  it('query: page and per_page take plain decimal numerals only (page=Infinity was a 500)', async () => {
    for (const bad of BAD_INTEGERS) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/reservations',
        query: { page: bad },
        headers: bearer(client),
      });
      refusedNaming(res, 'page', `page=${JSON.stringify(bad)}`);
    }
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/reservations',
      query: { page: '2', per_page: '5' },
      headers: bearer(client),
    });
    assert.equal(ok.statusCode, 200, ok.body);
    assert.deepEqual([ok.json().meta.current_page, ok.json().meta.per_page], [2, 5]);
  });

  it('path: DELETE /properties/0x<id> never reaches the listing (it archived listing 1)', async () => {
    const p = await createProperty(t.deps, ownerId);
    await seedReservation(t.deps, {
      propertyId: p.id,
      guestId: ownerId,
      status: 'completed',
      checkin: '2020-01-01',
      checkout: '2020-01-03',
    });
    for (const written of [`0x${p.id.toString(16)}`, `${p.id}e0`, `0${p.id}`, `+${p.id}`, ` ${p.id}`, `${p.id}.0`]) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/properties/${encodeURIComponent(written)}`,
        headers: bearer(owner),
      });
      refusedNaming(res, 'id', `DELETE /properties/${written}`);
    }
    const [row] = await t.deps.db.select({ status: properties.status }).from(properties).where(eq(properties.id, p.id));
    assert.notEqual(row!.status, 'archived');
  });

  it('JSON: numerals in text members are refused unless plain decimal (reservation_id "Infinity", count_of_rooms "Infinity", max_payouts "1e999" were 500s)', async () => {
    const p = await createProperty(t.deps, ownerId);
    const pay = await t.app.inject({
      method: 'POST',
      url: '/api/payments/process',
      headers: bearer(client),
      payload: { payment_method: 'card', reservation_id: 'Infinity', type: 'reservation', currency: 'EUR' },
    });
    refusedNaming(pay, 'reservation_id', 'reservation_id "Infinity"');
    const room = (count: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `/api/properties/${p.id}/room-types`,
        headers: bearer(owner),
        payload: { title: 'Twin', count_of_rooms: count, occ_adults: 2, capacity: 2 },
      });
    for (const bad of BAD_INTEGERS)
      refusedNaming(await room(bad), 'count_of_rooms', `count_of_rooms ${JSON.stringify(bad)}`);
    const payouts = await t.app.inject({
      method: 'POST',
      url: '/api/payouts/process',
      headers: bearer(admin),
      payload: { max_payouts: '1e999', dry_run: true },
    });
    refusedNaming(payouts, 'max_payouts', 'max_payouts "1e999"');
    // The spec's clients send numbers as strings: plain ones still work.
    const created = await room('3');
    assert.equal(created.statusCode, 201, created.body);
    assert.equal(created.json().data.count_of_rooms, 3);
  });

  it("JSON: a number token JSON reads as Infinity (1e999) is refused, an exponent that is a whole number is JSON's own", async () => {
    const p = await createProperty(t.deps, ownerId);
    const raw = (count: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/properties/${p.id}/room-types`,
        headers: { ...bearer(owner), 'content-type': 'application/json' },
        payload: `{"title":"Twin","count_of_rooms":${count},"occ_adults":2,"capacity":2}`,
      });
    refusedNaming(await raw('1e999'), 'count_of_rooms', 'count_of_rooms 1e999');
    refusedNaming(await raw('-1e999'), 'count_of_rooms', 'count_of_rooms -1e999');
    assert.equal((await raw('2e0')).statusCode, 201);
  });

  it('null is never read as a number, a flag or text: "price": null was a free service', async () => {
    const property = await createProperty(t.deps, ownerId);
    const url = `/api/properties/${property.id}/services`;
    for (const [body, field] of [
      [{ name: 'Breakfast', price: null, type: 'per_stay' }, 'price'],
      [{ name: null, price: 5, type: 'per_stay' }, 'name'],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, headers: bearer(owner), payload: body });
      refusedNaming(res, field, JSON.stringify(body));
    }
    // 0 is no null either: a question about listing 0 is refused, not filed as one about no listing.
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/chatbots',
      headers: bearer(client),
      payload: { message: 'Is there parking?', property_id: 0 },
    });
    refusedNaming(asked, 'property_id', 'property_id 0');
  });

  it("money: amounts must be finite and within the currency's decimals, naming the field", async () => {
    const p = await createProperty(t.deps, ownerId);
    const { roomType } = await createRoomType(t.deps, p.id);
    const plan = (price: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `/api/properties/${p.id}/room-types/${roomType.id}/rate-plans`,
        headers: bearer(owner),
        payload: { title: 'Flex', price },
      });
    for (const bad of ['Infinity', 'NaN', '1e999', '1e2', '0x10', '12.345', 12.345])
      refusedNaming(await plan(bad), 'price', `price ${JSON.stringify(bad)}`);
    assert.equal((await plan('99.50')).statusCode, 201);
    for (const bad of ['1e999', 'Infinity', '0.001']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payouts/process',
        headers: bearer(admin),
        payload: { min_amount: bad, dry_run: true },
      });
      refusedNaming(res, 'min_amount', `min_amount ${bad}`);
    }
  });

  it('coerces through references the way Ajv resolves them ($defs pointers, shared schemas)', async () => {
    const send = (payload: object) => t.app.inject({ method: 'POST', url: '/api/test-strict-refs', payload });
    const ok = await send({ a: '5', c: { b: '7' } });
    assert.equal(ok.statusCode, 200, ok.body);
    assert.deepEqual(ok.json(), { a: 5, c: { b: 7 } });
    refusedNaming(await send({ a: '0x5' }), 'a', 'a "0x5"');
    refusedNaming(await send({ c: { b: 'Infinity' } }), 'c.b', 'c.b "Infinity"');
  });

  it('multipart: fields are text and follow the same rule (user_id=0x<id> never reaches that account)', async () => {
    const victim = await createUser(t.deps);
    for (const bad of [`0x${victim.id.toString(16)}`, `${victim.id}e0`, 'Infinity']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/user/update',
        ...multipart({ user_id: bad, job: 'renamed' }),
        headers: { ...multipart({}).headers, ...bearer(admin) },
      });
      refusedNaming(res, 'user_id', `user_id=${bad}`);
    }
    const [row] = await t.deps.db.select({ job: users.job }).from(users).where(eq(users.id, victim.id));
    assert.notEqual(row!.job, 'renamed');
    const plain = await t.app.inject({
      method: 'PUT',
      url: '/api/user/update',
      ...multipart({ user_id: String(victim.id), job: 'renamed' }),
      headers: { ...multipart({}).headers, ...bearer(admin) },
    });
    assert.equal(plain.statusCode, 200, plain.body);
  });
});
