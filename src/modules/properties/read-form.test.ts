import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { offers, packages, properties, propertyMedias, propertyNights, seasons, users } from '../../db/schema/index.ts';
import { createRoomType } from '../../../test/helpers/catalog-factories.ts';
import { world, type Who, type World } from './properties.test-support.ts';

// 22:30 UTC on 15 June is already 16 June in Paris: "today" is the listing's own.
const START = new Date('2030-06-15T22:30:00Z');

const isInt = (v: unknown) => Number.isInteger(v);
const isDecimalText = (v: unknown) => typeof v === 'string' && /^-?[0-9]+(\.[0-9]+)?$/.test(v);
const isTime = (v: unknown) => typeof v === 'string' && /^[0-9]{2}:[0-9]{2}:[0-9]{2}$/.test(v);
const isIso = (v: unknown) => typeof v === 'string' && !Number.isNaN(Date.parse(v)) && v.endsWith('Z');
const isFlag = (v: unknown) => v === 0 || v === 1;
const isStrings = (v: unknown) => Array.isArray(v) && v.every((s) => typeof s === 'string');
const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);

const MEMBER_CHECKS: Record<string, (v: unknown) => boolean> = {
  id: isInt,
  internal_name: (v) => typeof v === 'string',
  public_name: (v) => typeof v === 'string',
  type: (v) => typeof v === 'string',
  description: (v) => typeof v === 'string',
  address: (v) => typeof v === 'string',
  location: (v) => typeof v === 'string' && /^-?[0-9.]+,-?[0-9.]+$/.test(v),
  status: (v) => typeof v === 'string',
  visibility: isFlag,
  breakfast_included: isFlag,
  pets_allowed: isFlag,
  recommended: isFlag,
  base_price: isDecimalText,
  price_per_night: isDecimalText,
  capacity: isInt,
  cleaning_fee: isDecimalText,
  tax: isDecimalText,
  security_deposit: isDecimalText,
  rating: isDecimalText,
  like_count: isInt,
  is_favorite: (v) => typeof v === 'boolean',
  is_reserved: (v) => typeof v === 'boolean',
  reserved_dates: isStrings,
  check_in_time: isTime,
  check_in_time_end: isTime,
  check_out_time: isTime,
  commodities: Array.isArray,
  medias: Array.isArray,
  seasons: Array.isArray,
  offers: Array.isArray,
  packages: Array.isArray,
  owner: isObject,
  channel_property_id: (v) => typeof v === 'string',
  channel_synced_at: isIso,
  channel_room_types: Array.isArray,
  currency_model: isObject,
  timezone: (v) => typeof v === 'string',
  weekly_discount_percent: (v) => typeof v === 'number',
  monthly_discount_percent: (v) => typeof v === 'number',
  square_footage: isInt,
  rules: isStrings,
  cancellation_policy: isObject,
  specifications: isStrings,
  features: isStrings,
  some_informations: Array.isArray,
  pricing: (v) => typeof v === 'number',
  who_are_you: (v) => typeof v === 'string',
  name_of_structure: (v) => typeof v === 'string',
  currency: (v) => typeof v === 'string',
  created_at: isIso,
  updated_at: isIso,
};

function assertShape(obj: Record<string, unknown>, checks: Record<string, (v: unknown) => boolean>, where: string) {
  for (const [k, check] of Object.entries(checks))
    assert.ok(check(obj[k]), `${where}.${k} has the wrong type: ${JSON.stringify(obj[k])}`);
}

describe('GET /properties/{id}: the read form', () => {
  let w: World;
  let p: Record<string, any>;
  const get = (id: number, who: Who = 'anonymous') => w.req('GET', `/properties/${id}`, who);
  before(async () => {
    w = await world({ start: START });
    p = await w.create('owner', w.full());
    const db = w.t.deps.db;
    await db
      .update(properties)
      .set({ ratingSum: 9, ratingCount: 2, channelPropertyId: 'chx-42', channelSyncedAt: START })
      .where(eq(properties.id, p.id));
    await db.update(users).set({ phone: '+33 6 12 34 56 78' }).where(eq(users.id, w.users.owner.id));
    await db.insert(propertyMedias).values({
      propertyId: p.id,
      mediaType: 'image',
      storageKey: 'media/x.jpg',
      mime: 'image/jpeg',
      thumbnailKey: 'media/x-thumb.jpg',
    });
    await db.insert(seasons).values({
      propertyId: p.id,
      name: 'Summer',
      startDate: '2030-07-01',
      endDate: '2030-08-31',
      reductionPercent: '10',
    });
    await db.insert(offers).values({
      propertyId: p.id,
      name: 'Week',
      discountType: 'fixed',
      discountValue: '2500',
      startDate: '2030-07-01',
      endDate: '2030-12-31',
    });
    await db.insert(packages).values({ propertyId: p.id, name: 'Romance', price: 4990 });
    await createRoomType(w.t.deps, p.id);
    await db.insert(propertyNights).values([
      { propertyId: p.id, roomTypeId: 0, night: '2030-06-15', booked: 1 },
      { propertyId: p.id, roomTypeId: 0, night: '2030-06-16', booked: 1 },
      { propertyId: p.id, roomTypeId: 0, night: '2030-06-17', booked: 0, price: 9000 },
    ]);
  });
  after(() => w.close());

  it('has every member the spec lists, each of the exact type', async () => {
    const res = await get(p.id, 'client');
    assert.equal(res.statusCode, 200, res.body);
    const d = res.json().data;
    assertShape(d, MEMBER_CHECKS, 'property');
    assertShape(
      d.commodities[0],
      { id: isInt, name: (v) => typeof v === 'string', type: (v) => typeof v === 'string' },
      'commodities[0]',
    );
    assertShape(
      d.medias[0],
      {
        id: isInt,
        media_type: (v) => typeof v === 'string',
        url: (v) => typeof v === 'string',
        thumbnail_url: (v) => typeof v === 'string',
      },
      'medias[0]',
    );
    const str = (v: unknown) => typeof v === 'string';
    assertShape(
      d.owner,
      {
        id: isInt,
        username: str,
        first_name: str,
        last_name: str,
        location: str,
        email: str,
        avatar: (v) => v === null || str(v),
        phone: str,
      },
      'owner',
    );
    assertShape(
      d.currency_model,
      {
        id: isInt,
        code: str,
        name: str,
        symbol: str,
        exchange_rate: isDecimalText,
        is_default: (v) => typeof v === 'boolean',
        is_active: (v) => typeof v === 'boolean',
      },
      'currency_model',
    );
    const rt = d.channel_room_types[0];
    assertShape(
      rt,
      {
        id: isInt,
        title: str,
        count_of_rooms: isInt,
        occ_adults: isInt,
        occ_children: isInt,
        capacity: isInt,
        rate_plans: Array.isArray,
      },
      'channel_room_types[0]',
    );
    const bools = (v: unknown) => Array.isArray(v) && v.length === 7 && v.every((b) => typeof b === 'boolean');
    const ints = (v: unknown) => Array.isArray(v) && v.length === 7 && v.every(isInt);
    assertShape(
      rt.rate_plans[0],
      {
        id: isInt,
        title: str,
        currency: str,
        max_stay: ints,
        min_stay_arrival: ints,
        closed_to_arrival: bools,
        closed_to_departure: bools,
        stop_sell: bools,
        sell_mode: str,
        rate_mode: str,
      },
      'rate_plans[0]',
    );
    assertShape(
      d.cancellation_policy,
      { flexible: (v) => v === true, moderate: (v) => v === false, strict: (v) => v === false, description: str },
      'cancellation_policy',
    );
    assert.equal(d.seasons[0].name, 'Summer');
    assert.equal(d.offers[0].discount_value, 25, 'a fixed discount in currency units');
    assert.equal(d.packages[0].price, 49.9);
    assert.equal(d.some_informations[0].key, 'Parking');
  });

  it('shows values as the spec types them: decimal text in the currency decimals, percent text, rating average, 0/1 flags', async () => {
    const d = (await get(p.id)).json().data;
    assert.equal(d.base_price, '110.00');
    assert.equal(d.price_per_night, '120.50');
    assert.equal(d.cleaning_fee, '30.00');
    assert.equal(d.security_deposit, '200.00');
    assert.equal(d.tax, '10.00');
    assert.equal(d.rating, '4.5');
    assert.equal(d.location, '48.8575,2.3546');
    assert.equal(d.type.startsWith('Type '), true, "the type's name");
    assert.equal(d.visibility, 1);
    assert.equal(d.recommended, 0);
    assert.equal(d.channel_synced_at, START.toISOString());
    assert.equal(d.medias[0].url, `/api/properties/medias/${d.medias[0].id}/file`);
  });

  it("is_reserved and reserved_dates count nights from the listing's today (in its time zone) on", async () => {
    const d = (await get(p.id)).json().data;
    assert.equal(d.is_reserved, true);
    assert.deepEqual(d.reserved_dates, [], 'a listing with room types is full only when every room type is sold out');
    const plain = await w.create('owner', w.full());
    await w.t.deps.db.insert(propertyNights).values([
      { propertyId: plain.id, roomTypeId: 0, night: '2030-06-15', booked: 1 },
      { propertyId: plain.id, roomTypeId: 0, night: '2030-06-16', booked: 1 },
      { propertyId: plain.id, roomTypeId: 0, night: '2030-06-17', booked: 0, stopSell: true },
      { propertyId: plain.id, roomTypeId: 0, night: '2030-06-20', booked: 1 },
    ]);
    const e = (await get(plain.id)).json().data;
    assert.equal(e.is_reserved, true);
    assert.deepEqual(e.reserved_dates, ['2030-06-16', '2030-06-20']);
    const fresh = (await get((await w.create('owner', w.full())).id)).json().data;
    assert.equal(fresh.is_reserved, false);
    assert.deepEqual(fresh.reserved_dates, []);
  });

  it("reserved_dates and is_reserved stop a year ahead (366 nights from the listing's today), on the detail and in lists", async () => {
    // Europe/Paris: at START it is already 2030-06-16 there; the last night in the window is 2031-06-16.
    const far = await w.create('owner', w.full());
    await w.t.deps.db.insert(propertyNights).values([
      { propertyId: far.id, roomTypeId: 0, night: '2031-06-16', booked: 1 },
      { propertyId: far.id, roomTypeId: 0, night: '2031-06-17', booked: 1 },
      { propertyId: far.id, roomTypeId: 0, night: '2033-01-01', booked: 1 },
    ]);
    const d = (await get(far.id)).json().data;
    assert.deepEqual([d.is_reserved, d.reserved_dates], [true, ['2031-06-16']]);
    const listed = (await w.req('GET', `/properties/owner/${w.users.owner.id}?per_page=100`, 'owner'))
      .json()
      .data.find((x: { id: number }) => x.id === far.id);
    assert.deepEqual(listed.reserved_dates, ['2031-06-16'], 'the many-listing read has the same window');
    const beyond = await w.create('owner', w.full());
    await w.t.deps.db
      .insert(propertyNights)
      .values({ propertyId: beyond.id, roomTypeId: 0, night: '2031-06-17', booked: 1 });
    assert.deepEqual(
      [(await get(beyond.id)).json().data.is_reserved, (await get(beyond.id)).json().data.reserved_dates],
      [false, []],
    );
  });

  it("a night is reserved when every room type has sold all its units (count or that night's override)", async () => {
    const q = await w.create('owner', w.full());
    const a = (await createRoomType(w.t.deps, q.id, { countOfRooms: 2 })).roomType.id;
    const b = (await createRoomType(w.t.deps, q.id, { countOfRooms: 2 })).roomType.id;
    await w.t.deps.db.insert(propertyNights).values([
      { propertyId: q.id, roomTypeId: a, night: '2030-07-01', booked: 2 },
      { propertyId: q.id, roomTypeId: b, night: '2030-07-01', booked: 2 },
      { propertyId: q.id, roomTypeId: a, night: '2030-07-02', booked: 2 },
      { propertyId: q.id, roomTypeId: b, night: '2030-07-02', booked: 1 },
      { propertyId: q.id, roomTypeId: a, night: '2030-07-03', booked: 1, availableRooms: 1 },
      { propertyId: q.id, roomTypeId: b, night: '2030-07-03', booked: 2 },
    ]);
    const d = (await get(q.id)).json().data;
    assert.equal(d.is_reserved, true);
    assert.deepEqual(d.reserved_dates, ['2030-07-01', '2030-07-03']);
  });

  it('is_favorite only for a signed-in caller; owner e-mail and phone only for signed-in callers', async () => {
    const anon = (await get(p.id)).json().data;
    assert.equal('is_favorite' in anon, false);
    assert.equal(anon.owner.email, '');
    assert.equal(anon.owner.phone, '');
    assert.equal(anon.owner.username, w.users.owner.username);
    const client = (await get(p.id, 'client')).json().data;
    assert.equal(client.is_favorite, false);
    assert.equal(client.owner.email, w.users.owner.email);
    assert.equal(client.owner.phone, '+33 6 12 34 56 78');
    await w.req('POST', `/properties/${p.id}/favorite`, 'client');
    assert.equal((await get(p.id, 'client')).json().data.is_favorite, true);
  });

  it('never shows Wi-Fi details, to anyone, on the read form or the write answers', async () => {
    for (const who of ['anonymous', 'client', 'owner', 'otherOwner', 'admin', 'support'] as const) {
      const res = await get(p.id, who);
      assert.equal(res.statusCode, 200);
      assert.equal(res.body.includes('wifi'), false, who);
      assert.equal(res.body.includes('wifi-secret-42'), false, who);
    }
    const created = await w.req('POST', '/properties', 'owner', w.full());
    assert.equal(created.body.includes('wifi-secret-42'), false);
    const updated = await w.req('PUT', `/properties/${p.id}`, 'owner', {
      wifi_informations: { network: 'n', password: 'new-wifi-pass', speed: '1G' },
    });
    assert.equal(updated.statusCode, 200);
    assert.equal(updated.body.includes('new-wifi-pass'), false);
  });

  it('drafts, inactive and hidden listings are 404 for anonymous, travellers and other owners; visible to owner, admin, support', async () => {
    const draft = await w.create('owner', { who_are_you: 'company' });
    const inactive = await w.create('owner', w.full());
    await w.req('PUT', `/properties/${inactive.id}`, 'owner', { status: 'inactive' });
    const hidden = await w.create('owner', w.full());
    await w.req('PUT', `/properties/${hidden.id}`, 'owner', { visibility: 0 });
    for (const id of [draft.id, inactive.id, hidden.id]) {
      for (const who of ['anonymous', 'client', 'otherOwner'] as const)
        assert.equal((await get(id, who)).statusCode, 404, `${id} ${who}`);
      for (const who of ['owner', 'admin', 'support'] as const)
        assert.equal((await get(id, who)).statusCode, 200, `${id} ${who}`);
    }
    assert.equal((await get(987654)).statusCode, 404);
  });

  it('a draft reads with empty members where steps are missing', async () => {
    const draft = (await get((await w.create('owner', { who_are_you: 'individual' })).id, 'owner')).json().data;
    assert.equal(draft.status, 'draft');
    assert.deepEqual(draft.completed_steps, [1]);
    assert.equal(draft.base_price, '');
    assert.equal(draft.capacity, 0);
    assert.equal(draft.location, '');
    assert.equal(draft.cancellation_policy, null);
    assert.equal(draft.cleaning_fee, '0.00');
  });
});
