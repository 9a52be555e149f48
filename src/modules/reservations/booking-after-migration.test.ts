// A rolling deploy: a migration changes the type of a column the booking's statements return.
// On PGlite, which keeps them prepared, the database then refuses them ("cached plan must not
// change result type"); the booking must still go through, its statement prepared afresh
// (db/pglite-statements.ts) and its transaction tried again (db/stale-plan-retry.ts). On a
// server the statements are unnamed (db/raw-query.ts) and simply run. So must a modification, whose hold is
// the same statement.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import { createProperty } from '../../../test/helpers/catalog-factories.ts';
import { bookedTotal } from './reservations.test-support.ts';

describe('booking across a migration that changes a column type', () => {
  let t: TestApp;
  let ownerId: number;
  before(async () => {
    t = await createTestApp({ start: new Date('2030-03-10T12:00:00Z') });
    ownerId = (await createUser(t.deps, { role: 'owner' })).id;
  });
  after(() => t.close());

  const book = async (propertyId: number, checkin: string, checkout: string, token?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/reservations',
      payload: { property_id: propertyId, checkin_date: checkin, checkout_date: checkout, guests: { adults: 1 } },
      headers: bearer(token ?? (await loginAs(t.app, await createUser(t.deps)))),
    });
  const move = (id: number, checkin: string, checkout: string, token: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/reservations/${id}`,
      payload: { checkin_date: checkin, checkout_date: checkout },
      headers: bearer(token),
    });

  it('books before and after the calendar column its hold statement returns changes type', async () => {
    const p = await createProperty(t.deps, ownerId);
    // Enough bookings that the hold statement is prepared (and, on PGlite, cached) where the next ones run.
    for (let i = 0; i < 3; i++)
      assert.equal((await book(p.id, `2030-06-0${i + 1}`, `2030-06-0${i + 2}`)).statusCode, 201);
    await t.deps.db.execute(sql`ALTER TABLE property_nights ALTER COLUMN available_rooms TYPE bigint`);
    for (let i = 0; i < 3; i++) {
      const res = await book(p.id, `2030-07-0${i + 1}`, `2030-07-0${i + 2}`);
      assert.equal(res.statusCode, 201, `booking ${i + 1} after the change: ${res.body}`);
    }
    assert.equal(await bookedTotal(t.deps, p.id), 6);
  });

  it('moves a booking to other nights after the column changes type again', async () => {
    const p = await createProperty(t.deps, ownerId);
    const token = await loginAs(t.app, await createUser(t.deps));
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await book(p.id, `2030-08-0${i + 1}`, `2030-08-0${i + 2}`, token);
      assert.equal(res.statusCode, 201, res.body);
      ids.push(res.json().data.id);
    }
    // Modifications first, so the modification is what meets the changed column.
    assert.equal((await move(ids[0]!, '2030-09-01', '2030-09-02', token)).statusCode, 200);
    await t.deps.db.execute(sql`ALTER TABLE property_nights ALTER COLUMN available_rooms TYPE integer`);
    for (const [i, id] of ids.entries()) {
      const res = await move(id, `2030-10-0${i + 1}`, `2030-10-0${i + 2}`, token);
      assert.equal(res.statusCode, 200, `modification ${i + 1} after the change: ${res.body}`);
    }
    assert.equal(await bookedTotal(t.deps, p.id), 3);
  });
});
