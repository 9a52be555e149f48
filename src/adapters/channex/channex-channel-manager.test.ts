// The real Channex adapter against the local Channex server (built from Channex's documentation,
// test/fakes/channex-*.ts).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startChannexFake, type ChannexFake } from '../../../test/fakes/channex-server.ts';
import { ChannelManagerError } from '../../ports/channel-manager.ts';
import { ChannexChannelManager } from './channex-channel-manager.ts';
import { formatMinor, roundToMinor } from '../../kernel/money.ts';
import { coordinateText } from './channex-http.ts';
import { channexPropertyType } from './channex-property-types.ts';

const seven = <T>(v: T) => Array.from({ length: 7 }, () => v);

describe('Channex adapter', () => {
  let fake: ChannexFake;
  let cm: ChannexChannelManager;
  before(async () => {
    fake = await startChannexFake();
    cm = new ChannexChannelManager(fake.apiBase, fake.apiKey);
  });
  after(async () => fake?.close());

  const linkAll = async () => {
    const propertyId = await cm.upsertProperty(null, {
      title: 'Flat',
      currency: 'EUR',
      country: 'FR',
      timezone: 'Europe/Paris',
      propertyType: 'Apartment',
    });
    const roomTypeId = await cm.upsertRoomType(null, {
      propertyId,
      title: 'Double',
      countOfRooms: 3,
      occAdults: 2,
      occChildren: 1,
      occInfants: 0,
      defaultOccupancy: 2,
    });
    const ratePlanId = await cm.upsertRatePlan(null, {
      propertyId,
      roomTypeId,
      title: `Standard ${roomTypeId}`,
      currency: 'EUR',
      sellMode: 'per_room',
      options: [{ occupancy: 2, rateMinor: 12050, primary: true }],
      decimals: 2,
      maxStay: seven(0),
      minStayArrival: [2, 1, 1, 1, 1, 1, 1],
      closedToArrival: seven(false),
      closedToDeparture: seven(false),
      stopSell: seven(false),
    });
    return { propertyId, roomTypeId, ratePlanId };
  };

  it('creates the listing, its room types and rate plans wrapped in their type key, then updates them in place', async () => {
    const { propertyId, roomTypeId, ratePlanId } = await linkAll();
    const create = fake.calls.filter((c) => c.method === 'POST');
    assert.deepEqual(
      create.map((c) => c.path),
      ['/properties', '/room_types', '/rate_plans'],
    );
    assert.equal(create[1]!.body.room_type.count_of_rooms, 3);
    assert.deepEqual(
      [
        fake.ratePlans.get(ratePlanId)!.options[0].rate,
        fake.ratePlans.get(ratePlanId)!.rate_mode,
        fake.properties.get(propertyId)!.property_type,
      ],
      ['120.50', 'manual', 'apartment'],
    );
    assert.deepEqual(fake.ratePlans.get(ratePlanId)!.min_stay_arrival, [2, 1, 1, 1, 1, 1, 1]);
    assert.equal(
      await cm.upsertRoomType(roomTypeId, {
        propertyId,
        title: 'Double deluxe',
        countOfRooms: 4,
        occAdults: 2,
        occChildren: 1,
        occInfants: 0,
        defaultOccupancy: 2,
      }),
      roomTypeId,
    );
    assert.equal(fake.roomTypes.get(roomTypeId)!.count_of_rooms, 4);
    assert.equal(fake.roomTypes.size, 1, 'an update creates nothing');
  });

  it('pushes availability and restrictions as inclusive ranges in one call each, and reads availability back', async () => {
    const { propertyId, roomTypeId, ratePlanId } = await linkAll();
    fake.calls.length = 0;
    const out = await cm.pushAvailability([
      { propertyId, roomTypeId, dateFrom: '2030-01-01', dateTo: '2030-01-03', availability: 2 },
      { propertyId, roomTypeId, dateFrom: '2030-01-04', dateTo: '2030-01-04', availability: 0 },
    ]);
    assert.deepEqual(out.warnings, []);
    await cm.pushRestrictions([
      {
        propertyId,
        ratePlanId,
        dateFrom: '2030-01-01',
        dateTo: '2030-01-02',
        rateMinor: 9900,
        decimals: 2,
        stopSell: false,
        minStayArrival: 2,
      },
    ]);
    assert.equal(fake.calls.length, 2);
    assert.equal(fake.restrictions.get(`${ratePlanId}|2030-01-02`)!.rate, '99.00');
    const remote = await cm.getAvailability(propertyId, '2030-01-01', '2030-01-05');
    assert.deepEqual(
      [...remote.get(roomTypeId)!],
      [
        ['2030-01-01', 2],
        ['2030-01-02', 2],
        ['2030-01-03', 2],
        ['2030-01-04', 0],
        ['2030-01-05', 0],
      ],
    );
  });

  it('maps 429 (with or without Retry-After), 5xx, 401, 404 and 422 to error kinds; warnings on a 200 are returned', async () => {
    const { propertyId, roomTypeId } = await linkAll();
    const value = [{ propertyId, roomTypeId, dateFrom: '2030-02-01', dateTo: '2030-02-01', availability: 1 }];
    const kindOf = async (p: Promise<unknown>) => {
      const err = await p.then(
        () => null,
        (e: unknown) => e,
      );
      assert.ok(err instanceof ChannelManagerError, String(err));
      return err;
    };
    fake.failNext('/availability', 429, 1, 7);
    const limited = await kindOf(cm.pushAvailability(value));
    assert.equal(limited.kind, 'rate_limited');
    assert.equal(limited.retryAfterMs, 7000);
    assert.ok(limited.retryable);
    fake.failNext('/availability', 429);
    assert.equal((await kindOf(cm.pushAvailability(value))).retryAfterMs, 60_000, "Channex asks for a minute's pause");
    fake.failNext('/availability', 503);
    const down = await kindOf(cm.pushAvailability(value));
    assert.deepEqual([down.kind, down.status, down.retryable], ['unavailable', 503, true]);
    assert.equal(
      (await kindOf(new ChannexChannelManager(fake.apiBase, 'wrong-key').pushAvailability(value))).kind,
      'unauthorized',
    );
    assert.equal((await kindOf(cm.ackBookingRevision('no-such-revision'))).kind, 'not_found');
    const bad = await kindOf(
      cm.upsertRoomType(null, {
        propertyId,
        title: '',
        countOfRooms: 0,
        occAdults: 2,
        occChildren: 0,
        occInfants: 0,
        defaultOccupancy: 2,
      }),
    );
    assert.equal(bad.kind, 'rejected');
    assert.equal(bad.retryable, false);
    assert.match(
      bad.message,
      /title can't be blank; count_of_rooms must be greater than or equal to 1/,
      'the remote details travel in the message',
    );
    // Channex's own shape: the refused value plus `warning: {field: [reasons]}`; the rest is applied.
    const warned = await cm.pushAvailability([
      { ...value[0]!, roomTypeId: '00000000-0000-4000-8000-000000000000' },
      { ...value[0]!, dateFrom: '2030-02-02', dateTo: '2030-02-03' },
    ]);
    assert.deepEqual(warned.warnings, [
      {
        roomTypeId: '00000000-0000-4000-8000-000000000000',
        ratePlanId: undefined,
        dateFrom: '2030-02-01',
        dateTo: '2030-02-01',
        problems: { room_type_id: ['is invalid'] },
      },
    ]);
    assert.deepEqual(
      [fake.availability.get(`${roomTypeId}|2030-02-01`), fake.availability.get(`${roomTypeId}|2030-02-03`)],
      [undefined, 1],
      'only the refused value was left out',
    );
  });

  it('sends through the fetch it is given', async () => {
    const seen: string[] = [];
    const spy: typeof fetch = (input, init) => {
      seen.push(`${init?.method} ${String(input)}`);
      return fetch(input, init);
    };
    const viaSpy = new ChannexChannelManager(fake.apiBase, fake.apiKey, { fetch: spy });
    assert.ok(Array.isArray(await viaSpy.bookingRevisionsFeed()));
    assert.deepEqual(seen, [
      `GET ${fake.apiBase}/booking_revisions/feed?order%5Binserted_at%5D=asc&pagination%5Bpage%5D=1&pagination%5Blimit%5D=100`,
    ]);
  });

  it('answers unavailable when nothing answers in time', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const slow = new ChannexChannelManager(`http://127.0.0.1:${(silent.address() as AddressInfo).port}/api/v1`, 'k', {
      timeoutMs: 200,
    });
    const err = await slow.bookingRevisionsFeed().then(
      () => null,
      (e: unknown) => e,
    );
    silent.closeAllConnections();
    silent.close();
    assert.ok(err instanceof ChannelManagerError && err.kind === 'unavailable' && err.status === 0, String(err));
  });

  it('reads booking revisions (amounts in the currency decimals, unmapped rooms) and acknowledges them; reads and sends thread messages', async () => {
    const jpy = new ChannexChannelManager(fake.apiBase, fake.apiKey, {
      decimalsOf: (c) => (c === 'JPY' ? 0 : c === 'KWD' ? 3 : 2),
    });
    const id = fake.addRevision({
      booking_id: 'b-1',
      property_id: 'p-1',
      status: 'new',
      ota_name: 'BookingCom',
      ota_reservation_code: 'OTA-9',
      arrival_date: '2030-03-01',
      departure_date: '2030-03-03',
      currency: 'JPY',
      amount: '24000',
      customer: { name: 'Ana', surname: 'Lima', mail: 'ana@example.test', phone: null },
      rooms: [
        {
          room_type_id: 'rt-1',
          rate_plan_id: 'rp-1',
          checkin_date: '2030-03-01',
          checkout_date: '2030-03-03',
          occupancy: { adults: 2, children: 0 },
          amount: '24000',
        },
        {
          room_type_id: null,
          rate_plan_id: null,
          checkin_date: '2030-03-01',
          checkout_date: '2030-03-03',
          occupancy: { adults: 1, children: 0 },
          amount: '0',
        },
      ],
    });
    const [rev] = (await jpy.bookingRevisionsFeed()).filter((r) => r.id === id);
    assert.equal(rev!.amountMinor, 24000);
    assert.deepEqual(
      [rev!.status, rev!.bookingId, rev!.rooms.map((r) => r.roomTypeId), rev!.customer.surname],
      ['new', 'b-1', ['rt-1', null], 'Lima'],
    );
    await jpy.ackBookingRevision(id);
    assert.deepEqual(fake.acked, [id]);
    assert.equal(
      (await jpy.bookingRevisionsFeed()).some((r) => r.id === id),
      false,
    );

    fake.addGuestMessage(
      't-1',
      { property_id: 'p-1', booking_id: 'b-1', provider: 'Airbnb', title: 'Ana Lima' },
      'Is there parking?',
    );
    const [m] = await cm.threadMessages('t-1');
    assert.deepEqual(
      [m!.sender, m!.guestName, m!.otaName, m!.propertyId, m!.bookingId, m!.message],
      ['guest', 'Ana Lima', 'Airbnb', 'p-1', 'b-1', 'Is there parking?'],
    );
    assert.match(m!.createdAt, /Z$/, "Channex's zone-less timestamps are UTC");
    const sent = await cm.sendMessage('t-1', 'Yes, free parking.');
    assert.ok(sent);
    assert.equal(fake.threads.get('t-1')!.messages.at(-1)!.sender, 'property');
  });

  it('maps every property type to a value Channex lists, and writes coordinates within its lengths', () => {
    assert.deepEqual(['House', 'Loft', 'Hotel room', 'Hostel', 'Treehouse', null].map(channexPropertyType), [
      'holiday_home',
      'apartment',
      'hotel',
      'hostel',
      'holiday_home',
      'holiday_home',
    ]);
    assert.deepEqual(
      [
        coordinateText(48.8566, 9),
        coordinateText(-122.41941551, 10),
        coordinateText(-33.86881234, 9),
        coordinateText(0, 9),
      ],
      ['48.8566', '-122.4194155', '-33.8688123', '0'],
    );
  });

  it('converts money without floating point for 0, 2 and 3 decimals', () => {
    assert.deepEqual(
      [formatMinor(12050, 2), formatMinor(5, 2), formatMinor(24000, 0), formatMinor(1234, 3), formatMinor(-150, 2)],
      ['120.50', '0.05', '24000', '1.234', '-1.50'],
    );
    assert.deepEqual(
      [
        roundToMinor('120.50', 2),
        roundToMinor('0.1', 2),
        roundToMinor('24000', 0),
        roundToMinor('1.2345', 3),
        roundToMinor(19.99, 2),
        roundToMinor('x', 2),
      ],
      [12050, 10, 24000, 1235, 1999, null],
    );
  });
});
