// The local Channex server itself, spoken to over raw HTTP (no adapter): each documented rule it
// enforces, with the page it comes from (channex-docs.ts).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startChannexFake, type ChannexFake } from './channex-server.ts';

describe('local Channex server (docs.channex.io)', () => {
  let fake: ChannexFake;
  let now = new Date('2031-03-10T10:00:00Z');
  before(async () => {
    fake = await startChannexFake({ now: () => now });
  });
  after(() => fake.close());

  const call = async (method: string, path: string, body?: unknown, key = fake.apiKey) => {
    const res = await fetch(`${fake.apiBase}${path}`, {
      method,
      headers: { 'user-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const property = async (over: Record<string, unknown> = {}) =>
    (
      await call('POST', '/properties', {
        property: {
          title: `Demo ${Math.random()}`,
          currency: 'GBP',
          timezone: 'Europe/London',
          property_type: 'hotel',
          ...over,
        },
      })
    ).body.data.id as string;
  const roomType = async (propertyId: string, occAdults = 2) =>
    (
      await call('POST', '/room_types', {
        room_type: {
          property_id: propertyId,
          title: 'Twin',
          count_of_rooms: 2,
          occ_adults: occAdults,
          occ_children: 0,
          occ_infants: 0,
          default_occupancy: occAdults,
        },
      })
    ).body.data.id as string;
  const ratePlan = (propertyId: string, roomTypeId: string, over: Record<string, unknown> = {}) =>
    call('POST', '/rate_plans', {
      rate_plan: {
        title: 'Best Available Rate',
        property_id: propertyId,
        room_type_id: roomTypeId,
        options: [{ occupancy: 2, is_primary: true, rate: '100.00' }],
        ...over,
      },
    });

  it('answers 401 `unauthorized` without the user-api-key header (API Key Access)', async () => {
    assert.deepEqual(await call('GET', '/booking_revisions/feed', undefined, 'wrong'), {
      status: 401,
      body: { errors: { code: 'unauthorized', title: 'Unauthorized' } },
    });
  });

  it('takes bodies wrapped in their type key and answers {data: {type, id, attributes}} (API Reference)', async () => {
    assert.equal((await call('POST', '/properties', { title: 'Unwrapped', currency: 'GBP' })).status, 422);
    const created = await call('POST', '/properties', {
      property: {
        title: 'Demo Hotel',
        currency: 'GBP',
        country: 'GB',
        latitude: '51.5285582',
        longitude: '-0.2416781',
      },
    });
    assert.equal(created.status, 201);
    assert.deepEqual([created.body.data.type, created.body.data.attributes.title], ['property', 'Demo Hotel']);
  });

  it('validates property fields: the property_type list, alpha-2 country, coordinate lengths (Properties)', async () => {
    const res = await call('POST', '/properties', {
      property: {
        title: 'x',
        currency: 'EUR',
        property_type: 'house',
        country: 'FRA',
        latitude: '48.85661234',
        longitude: '-122.41941551',
      },
    });
    assert.equal(res.status, 422);
    assert.deepEqual(Object.keys(res.body.errors.details).sort(), [
      'country',
      'latitude',
      'longitude',
      'property_type',
    ]);
    const id = await property();
    assert.deepEqual(fake.missingForChannelConnection(id), [
      'email',
      'phone',
      'zip_code',
      'country',
      'state',
      'city',
      'address',
      'longitude',
      'latitude',
    ]);
  });

  it('validates room types: counts, default_occupancy at most occ_adults (Room Types)', async () => {
    const res = await call('POST', '/room_types', {
      room_type: {
        property_id: await property(),
        title: 'Twin',
        count_of_rooms: 0,
        occ_adults: 2,
        occ_children: 0,
        occ_infants: 0,
        default_occupancy: 3,
      },
    });
    assert.deepEqual(Object.keys(res.body.errors.details).sort(), ['count_of_rooms', 'default_occupancy']);
  });

  it('refuses a second rate plan of the same title in a property, per-person plans without an option per adult count, auto without settings (Rate Plans)', async () => {
    const p = await property();
    const rt = await roomType(p, 3);
    assert.equal(
      (await ratePlan(p, rt, { options: [{ occupancy: 3, is_primary: true, rate: '100.00' }] })).status,
      201,
    );
    assert.deepEqual(
      (await ratePlan(p, rt, { options: [{ occupancy: 3, is_primary: true, rate: '100.00' }] })).body.errors.details
        .title,
      ['has already been taken'],
    );
    const perPerson = await ratePlan(p, rt, {
      title: 'Per person',
      sell_mode: 'per_person',
      options: [{ occupancy: 3, is_primary: true, rate: '30.00' }],
    });
    assert.match(perPerson.body.errors.details.options[0], /missing occupancy 1, 2/);
    const auto = await ratePlan(p, rt, {
      title: 'Auto',
      rate_mode: 'auto',
      options: [{ occupancy: 3, is_primary: true, rate: '30.00' }],
    });
    assert.ok(auto.body.errors.details.auto_rate_settings);
  });

  it('answers 200 with warnings for refused ARI values and applies the rest: rate 0, past dates (Availability and Rates)', async () => {
    const p = await property();
    const rt = await roomType(p);
    const rp = (await ratePlan(p, rt)).body.data.id;
    const res = await call('POST', '/restrictions', {
      values: [
        { property_id: p, rate_plan_id: rp, date_from: '2031-03-12', date_to: '2031-03-13', rate: '0.00' },
        { property_id: p, rate_plan_id: rp, date_from: '2031-03-08', date_to: '2031-03-11', rate: '120.00' },
        { property_id: p, rate_plan_id: rp, date: '2031-03-14', rate: 12000, stop_sell: 1 },
      ],
    });
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.body.meta.warnings.map((w: any) => w.warning),
      [{ rate: ['must be greater than 0'] }, { date_from: ["can't be in the past (today is 2031-03-10)"] }],
    );
    assert.deepEqual(fake.restrictions.get(`${rp}|2031-03-14`)!.rate, '120.00');
    assert.equal(fake.restrictions.get(`${rp}|2031-03-14`)!.stop_sell, true);
    assert.equal(fake.restrictions.has(`${rp}|2031-03-12`), false);
  });

  it('limits each property to 10 availability calls a minute, answering 429 `http_too_many_requests` (Rate Limits)', async () => {
    const p = await property();
    const rt = await roomType(p);
    const push = () =>
      call('POST', '/availability', {
        values: [{ property_id: p, room_type_id: rt, date: '2031-04-01', availability: 1 }],
      });
    for (let i = 0; i < 10; i++) assert.equal((await push()).status, 200);
    assert.deepEqual(await push(), {
      status: 429,
      body: { errors: { code: 'http_too_many_requests', title: 'Too Many Requests' } },
    });
    now = new Date(now.getTime() + 60_001);
    assert.equal((await push()).status, 200);
  });

  it('records a second full sync within a day and a short one as certification violations (PMS Certification Tests)', async () => {
    const p = await property();
    const rt = await roomType(p);
    const full = (days: number) =>
      call('POST', '/availability', {
        values: [
          {
            property_id: p,
            room_type_id: rt,
            date_from: '2031-03-11',
            date_to: new Date(Date.parse('2031-03-11') + (days - 1) * 86_400_000).toISOString().slice(0, 10),
            availability: 2,
          },
        ],
      });
    const before = fake.violations.length;
    await full(365);
    await full(500);
    assert.deepEqual(
      fake.violations.slice(before).map((v) => v.replace(/ of property \S+/, '').replace(/ \(https.*$/, '')),
      [
        'availability full sync covers 365 days; a full sync is 500 days',
        'availability full sync repeated 0 s after the last one; at most one a day',
      ],
    );
  });

  it('pages the booking revisions feed (10 by default, 100 at most), newest first unless asked, until acknowledged (Bookings, API Reference)', async () => {
    const ids = Array.from({ length: 12 }, (_, i) =>
      fake.addRevision({ property_id: 'p', booking_id: `b-${i}`, rooms: [{ room_type_id: null, rate_plan_id: null }] }),
    );
    const first = await call('GET', '/booking_revisions/feed');
    assert.deepEqual([first.body.data.length, first.body.meta.total, first.body.data[0].id], [10, 12, ids[11]]);
    assert.equal((await call('GET', '/booking_revisions/feed?pagination[limit]=101')).status, 400);
    const asc = await call('GET', '/booking_revisions/feed?order[inserted_at]=asc&pagination[page]=2');
    assert.deepEqual(
      asc.body.data.map((r: any) => r.id),
      ids.slice(10),
    );
    assert.equal(asc.body.data[0].attributes.rooms[0].room_type_id, null);
    assert.equal((await call('POST', `/booking_revisions/${ids[0]}/ack`)).status, 200);
    assert.equal((await call('GET', '/booking_revisions/feed')).body.meta.total, 11);
    assert.equal((await call('POST', '/booking_revisions/nope/ack')).status, 404);
  });

  it('answers a thread with title and provider as attributes, property and booking as relationships (Messages)', async () => {
    fake.addGuestMessage(
      'th',
      { property_id: 'p', booking_id: 'b', provider: 'BookingCom', title: 'Maldonado Roxy' },
      'Hi',
    );
    const { data } = (await call('GET', '/message_threads/th')).body;
    assert.deepEqual(
      [data.attributes.title, data.attributes.provider, data.attributes.property_id],
      ['Maldonado Roxy', 'BookingCom', undefined],
    );
    assert.deepEqual([data.relationships.property.data.id, data.relationships.booking.data.id], ['p', 'b']);
    assert.equal((await call('POST', '/message_threads/th/messages', { message: { message: ' ' } })).status, 422);
  });
});
