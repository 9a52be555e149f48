import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import { createProperty, createRoomType } from '../../../test/helpers/catalog-factories.ts';
import { properties, propertyNights } from '../../db/schema/index.ts';
import { MAX_PENDING_PER_GUEST } from '../reservations/create-reservation.ts';
import { availabilityOf } from './property-read-form.ts';
import { propertyReadRepository } from './property-read.repository.ts';
import { propertyDetailCache } from './property-detail-cache.ts';

const pick = (form: { is_reserved: boolean; reserved_dates: string[] }) => ({
  is_reserved: form.is_reserved,
  reserved_dates: form.reserved_dates,
});

describe('property detail cache', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  const get = (id: number, token?: string) =>
    t.app.inject({ method: 'GET', url: `/api/properties/${id}`, headers: token ? bearer(token) : {} });

  it('serves the cached form until a write through the API invalidates it', async () => {
    const owner = await createUser(t.deps, { role: 'owner' });
    const token = await loginAs(t.app, owner);
    const p = await createProperty(t.deps, owner.id);
    assert.equal((await get(p.id)).json().data.public_name, p.publicName);
    // A change behind the API's back is not seen while the entry lives: the cache is real.
    await t.deps.db.update(properties).set({ publicName: 'Changed in the database' }).where(eq(properties.id, p.id));
    assert.equal((await get(p.id)).json().data.public_name, p.publicName);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/properties/${p.id}`,
      headers: bearer(token),
      payload: { public_name: 'Renamed by the owner' },
    });
    assert.equal(put.statusCode, 200, put.body);
    assert.equal((await get(p.id)).json().data.public_name, 'Renamed by the owner');
    const season = await t.app.inject({
      method: 'POST',
      url: `/api/properties/${p.id}/seasons`,
      headers: bearer(token),
      payload: { name: 'Summer', start_date: '2031-06-01', end_date: '2031-08-31', reduction_percent: 10 },
    });
    assert.equal(season.statusCode, 201, season.body);
    assert.deepEqual(
      (await get(p.id)).json().data.seasons.map((s: { name: string }) => s.name),
      ['Summer'],
    );
  });

  it('keeps is_favorite per caller and owner contact for signed-in callers only', async () => {
    const owner = await createUser(t.deps, { role: 'owner' });
    const p = await createProperty(t.deps, owner.id);
    const [a, b] = [await createUser(t.deps), await createUser(t.deps)];
    const [ta, tb] = [await loginAs(t.app, a), await loginAs(t.app, b)];
    assert.equal(
      (await t.app.inject({ method: 'POST', url: `/api/properties/${p.id}/favorite`, headers: bearer(ta) })).statusCode,
      200,
    );
    for (let i = 0; i < 2; i++) {
      assert.equal((await get(p.id, ta)).json().data.is_favorite, true);
      assert.equal((await get(p.id, tb)).json().data.is_favorite, false);
      const anon = (await get(p.id)).json().data;
      assert.equal(anon.is_favorite, undefined);
      assert.equal(anon.owner.email, '');
      assert.equal((await get(p.id, tb)).json().data.owner.email, owner.email);
    }
    assert.equal((await get(p.id)).json().data.like_count, 1);
  });

  it('after a booking rebuilds only the booked nights, at once, keeping the rest of the cached form', async () => {
    const owner = await createUser(t.deps, { role: 'owner' });
    const guest = await loginAs(t.app, await createUser(t.deps));
    const p = await createProperty(t.deps, owner.id);
    assert.deepEqual((await get(p.id)).json().data.reserved_dates, []);
    await t.deps.db.update(properties).set({ publicName: 'Changed in the database' }).where(eq(properties.id, p.id));
    const checkin = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const checkout = new Date(Date.now() + 42 * 86_400_000).toISOString().slice(0, 10);
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: bearer(guest),
      payload: {
        property_id: p.id,
        checkin_date: checkin,
        checkout_date: checkout,
        guests: { adults: 1, children: 0 },
      },
    });
    assert.equal(booked.statusCode, 201, booked.body);
    const after = (await get(p.id)).json().data;
    assert.equal(after.reserved_dates.length, 2);
    assert.equal(after.is_reserved, true);
    assert.equal(after.public_name, p.publicName, 'the listing itself did not change, so its cached form is kept');
    assert.equal(booked.json().data.property.reserved_dates.length, 2, 'the booking answer shows its own nights');
  });

  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const book = (token: string, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: bearer(token),
      payload: { guests: { adults: 1, children: 0 }, ...body },
    });

  it('a booking of a listing sold whole adds its nights to the cached ones; one by room type reads them again', async () => {
    const owner = await createUser(t.deps, { role: 'owner' });
    const guest = await loginAs(t.app, await createUser(t.deps));
    const whole = await createProperty(t.deps, owner.id);
    const typed = await createProperty(t.deps, owner.id);
    const { roomType, ratePlan } = await createRoomType(t.deps, typed.id, { countOfRooms: 1 });
    for (const p of [whole, typed]) {
      // Read signed in: the form a booking's answer takes is the signed-in callers' one.
      assert.deepEqual((await get(p.id, guest)).json().data.reserved_dates, []);
      // A night sold behind the API's back (nothing announced) shows only where the nights are read again.
      await t.deps.db
        .insert(propertyNights)
        .values({ propertyId: p.id, roomTypeId: p === whole ? 0 : roomType.id, night: day(60), booked: 1 });
    }
    const first = await book(guest, { property_id: whole.id, checkin_date: day(30), checkout_date: day(32) });
    assert.equal(first.statusCode, 201, first.body);
    assert.deepEqual(first.json().data.property.reserved_dates, [day(30), day(31)]);
    assert.equal(first.json().data.property.is_reserved, true);
    const second = await book(guest, { property_id: whole.id, checkin_date: day(35), checkout_date: day(36) });
    assert.deepEqual(second.json().data.property.reserved_dates, [day(30), day(31), day(35)]);
    assert.deepEqual((await get(whole.id, guest)).json().data.reserved_dates, [day(30), day(31), day(35)]);
    // Nights past the horizon are booked but not shown, as the database read leaves them out.
    const far = await book(guest, { property_id: whole.id, checkin_date: day(400), checkout_date: day(401) });
    assert.equal(far.statusCode, 201, far.body);
    assert.deepEqual(far.json().data.property.reserved_dates, [day(30), day(31), day(35)]);
    const rooms = [{ room_type_id: roomType.id, rate_plan_id: ratePlan.id, rooms_count: 1 }];
    const byRoom = await book(guest, { property_id: typed.id, checkin_date: day(30), checkout_date: day(31), rooms });
    assert.equal(byRoom.statusCode, 201, byRoom.body);
    assert.deepEqual(byRoom.json().data.property.reserved_dates, [day(30), day(60)]);
  });

  it("keeps each booking answer's and the detail's booked nights equal to the year's as read from the database (model)", async () => {
    const owner = await createUser(t.deps, { role: 'owner' });
    const whole = await createProperty(t.deps, owner.id);
    const typed = await createProperty(t.deps, owner.id);
    const kinds = [
      await createRoomType(t.deps, typed.id, { countOfRooms: 2 }),
      await createRoomType(t.deps, typed.id, { countOfRooms: 1 }),
    ];
    const guests: string[] = [];
    for (let i = 0; i < 24; i++) guests.push(await loginAs(t.app, await createUser(t.deps)));
    const seed = Number(process.env.MODEL_SEED ?? Date.now() % 100_000);
    let state = seed;
    // An LCG's high bits (its low bits repeat with a short period).
    const rand = (n: number) => Math.floor((state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 65_536) % n;
    const truth = async (id: number) =>
      availabilityOf((await propertyReadRepository(t.deps.db).liveParts(id, t.deps.clock.now(), null)).bookedNights);
    const booked: Array<{ id: number; token: string }> = [];
    for (let step = 0; step < 80; step++) {
      const listing = rand(2) === 0 ? whole : typed;
      const at = `seed ${seed}, step ${step}`;
      const move = rand(10);
      if (move === 0) {
        assert.deepEqual(pick((await get(listing.id, guests[0])).json().data), await truth(listing.id), at);
        continue;
      }
      if (move === 1 && booked.length) {
        const { id, token } = booked.splice(rand(booked.length), 1)[0]!;
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/reservations/${id}/cancel`,
          headers: bearer(token),
          payload: {},
        });
        assert.ok(res.statusCode < 300, `${at}: ${res.body}`);
        continue;
      }
      const stay = () => {
        // Now and then across the end of the year shown (the horizon), else within six weeks.
        const from = rand(8) === 0 ? 362 + rand(6) : 1 + rand(45);
        const kind = kinds[rand(2)]!;
        const rooms =
          listing === typed
            ? { rooms: [{ room_type_id: kind.roomType.id, rate_plan_id: kind.ratePlan.id, rooms_count: 1 }] }
            : {};
        return { property_id: listing.id, checkin_date: day(from), checkout_date: day(from + 1 + rand(3)), ...rooms };
      };
      // The two guests holding the fewest bookings, so that none meets the limit of unpaid ones.
      const held = (guest: string) => booked.filter((b) => b.token === guest).length;
      const [token, other] = [...guests].sort((a, b) => held(a) - held(b)) as [string, string];
      if (held(other) >= MAX_PENDING_PER_GUEST) continue;
      if (move === 2) {
        // Two bookings of one listing at once: whatever order their changes land in, the detail ends as the database.
        const both = await Promise.all([book(token, stay()), book(other, stay())]);
        for (const [i, r] of both.entries()) {
          assert.ok([201, 409].includes(r.statusCode), `${at}: ${r.body}`);
          if (r.statusCode === 201) booked.push({ id: r.json().data.id, token: i === 0 ? token : other });
        }
        assert.deepEqual(
          pick((await get(listing.id, guests[0])).json().data),
          await truth(listing.id),
          `${at}: after a race`,
        );
        continue;
      }
      const res = await book(token, stay());
      if (res.statusCode === 409) continue;
      assert.equal(res.statusCode, 201, `${at}: ${res.body}`);
      const data = res.json().data;
      booked.push({ id: data.id, token });
      assert.deepEqual(pick(data.property), await truth(listing.id), `${at}: the booking's answer`);
      assert.deepEqual(
        pick((await get(listing.id, guests[0])).json().data),
        await truth(listing.id),
        `${at}: the detail after it`,
      );
      assert.deepEqual(
        pick((await get(listing.id)).json().data),
        await truth(listing.id),
        `${at}: the anonymous detail after it`,
      );
    }
  });

  it('serves anonymous callers the same JSON text, kept until the listing or its nights change', async () => {
    const owner = await createUser(t.deps, { role: 'owner' });
    const guest = await loginAs(t.app, await createUser(t.deps));
    const p = await createProperty(t.deps, owner.id);
    const first = await get(p.id);
    assert.equal(first.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(propertyDetailCache(t.deps).body(p.id)?.text, first.body, 'the text is kept after the first answer');
    const again = await get(p.id);
    assert.equal(again.body, first.body);
    // The signed-in form differs only by the caller's members (contact, is_favorite).
    const member = (await get(p.id, guest)).json().data;
    const anon = first.json().data;
    assert.deepEqual(
      { ...anon, owner: { ...anon.owner, email: member.owner.email, phone: member.owner.phone }, is_favorite: false },
      member,
    );
    const booked = await book(guest, { property_id: p.id, checkin_date: day(10), checkout_date: day(11) });
    assert.equal(booked.statusCode, 201, booked.body);
    assert.equal(propertyDetailCache(t.deps).body(p.id), undefined, 'the nights changed: the text is not served');
    assert.deepEqual((await get(p.id)).json().data.reserved_dates, [day(10)], 'the nights changed: a new text');
    const token = await loginAs(t.app, owner);
    await t.app.inject({
      method: 'PUT',
      url: `/api/properties/${p.id}`,
      headers: bearer(token),
      payload: { public_name: 'A new name' },
    });
    assert.equal((await get(p.id)).json().data.public_name, 'A new name', 'the listing changed: a new text');
  });

  it('still hides a listing that stopped being public', async () => {
    const owner = await createUser(t.deps, { role: 'owner' });
    const token = await loginAs(t.app, owner);
    const p = await createProperty(t.deps, owner.id);
    assert.equal((await get(p.id)).statusCode, 200);
    await t.app.inject({
      method: 'PUT',
      url: `/api/properties/${p.id}`,
      headers: bearer(token),
      payload: { visibility: 0 },
    });
    assert.equal((await get(p.id)).statusCode, 404);
    assert.equal((await get(p.id, token)).statusCode, 200);
  });
});
