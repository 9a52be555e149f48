// Its own database: the platform-wide figures must not see other files' reservations.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import { createProperty, createRoomType, ensureCurrency } from '../../../test/helpers/catalog-factories.ts';
import { seedReservation } from './reservations.test-support.ts';

describe('GET /reservations/dashboard-stats', () => {
  let t: TestApp;
  const ids: Record<string, { id: number; bookingRefCode: string; propertyId: number }> = {};
  let tokens: Record<'owner1' | 'owner2' | 'admin' | 'support' | 'client', string>;

  before(async () => {
    // Today is 2031-03-10 in UTC; occupancy window [03-10, 04-09), upcoming window [03-10, 03-17).
    t = await createTestApp({ start: new Date('2031-03-10T12:00:00Z') });
    await ensureCurrency(t.deps, 'USD');
    await ensureCurrency(t.deps, 'JPY', 0);
    const owner1 = await createUser(t.deps, { role: 'owner' });
    const owner2 = await createUser(t.deps, { role: 'owner' });
    const p1 = await createProperty(t.deps, owner1.id, { timezone: 'UTC' }); // 1 unit
    const p2 = await createProperty(t.deps, owner1.id, { timezone: 'UTC' });
    const { roomType } = await createRoomType(t.deps, p2.id, { countOfRooms: 3 }); // 3 units
    const p3 = await createProperty(t.deps, owner2.id, { timezone: 'UTC', currencyCode: 'JPY' }); // 1 unit
    await createProperty(t.deps, owner1.id, { status: 'draft' }); // no units
    const rooms = (n: number) => [{ roomTypeId: roomType.id, roomsCount: n, defaultAvailable: 3 }];
    const seed = async (key: string, s: Parameters<typeof seedReservation>[1]) => {
      const r = await seedReservation(t.deps, s);
      ids[key] = { id: r.id, bookingRefCode: r.bookingRefCode, propertyId: r.propertyId };
    };
    await seed('p1Confirmed', {
      propertyId: p1.id,
      status: 'confirmed',
      checkin: '2031-03-12',
      checkout: '2031-03-15',
      totalMinor: 30_000,
    });
    await seed('p1Pending', {
      propertyId: p1.id,
      status: 'pending',
      checkin: '2031-03-20',
      checkout: '2031-03-22',
      holdExpiresAt: new Date('2031-03-10T12:30:00Z'),
      totalMinor: 99_999,
    });
    await seed('p1Cancelled', {
      propertyId: p1.id,
      status: 'cancelled',
      checkin: '2031-03-12',
      checkout: '2031-03-13',
      totalMinor: 77_700,
    });
    await seed('p1Expired', {
      propertyId: p1.id,
      status: 'expired',
      checkin: '2031-03-12',
      checkout: '2031-03-13',
      totalMinor: 66_600,
    });
    await seed('p2Completed', {
      propertyId: p2.id,
      status: 'completed',
      checkin: '2031-02-01',
      checkout: '2031-02-03',
      totalMinor: 50_000,
      lines: rooms(2),
    });
    await seed('p2Old', {
      propertyId: p2.id,
      status: 'completed',
      checkin: '2030-03-05',
      checkout: '2030-03-06',
      totalMinor: 12_345,
      lines: rooms(1),
    });
    await seed('p2Confirmed', {
      propertyId: p2.id,
      status: 'confirmed',
      checkin: '2031-03-25',
      checkout: '2031-04-12',
      currency: 'USD',
      totalMinor: 20_050,
      lines: rooms(2),
    });
    await seed('p3Confirmed', {
      propertyId: p3.id,
      status: 'confirmed',
      checkin: '2031-03-11',
      checkout: '2031-03-13',
      currency: 'JPY',
      totalMinor: 15_000,
    });
    const [admin, support, client] = await Promise.all([
      createUser(t.deps, { role: 'admin' }),
      createUser(t.deps, { role: 'support' }),
      createUser(t.deps),
    ]);
    tokens = {
      owner1: await loginAs(t.app, owner1),
      owner2: await loginAs(t.app, owner2),
      admin: await loginAs(t.app, admin),
      support: await loginAs(t.app, support),
      client: await loginAs(t.app, client),
    };
  });
  after(() => t.close());

  const stats = (token?: string) =>
    t.app.inject({ method: 'GET', url: '/api/reservations/dashboard-stats', headers: token ? bearer(token) : {} });
  const up = (key: string, date: string) => ({
    id: ids[key]!.id,
    booking_ref_code: ids[key]!.bookingRefCode,
    property_id: ids[key]!.propertyId,
    date,
  });

  it("an owner sees exactly their own listings' figures", async () => {
    const res = await stats(tokens.owner1);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json().data, {
      counts_by_status: { pending: 1, confirmed: 2, completed: 2, cancelled: 1, expired: 1 },
      // 2030-03 is outside the 12 months; pending, cancelled and expired never count.
      revenue_by_month: [
        { month: '2031-02', currency: 'EUR', total: 500 },
        { month: '2031-03', currency: 'EUR', total: 300 },
        { month: '2031-03', currency: 'USD', total: 200.5 },
      ],
      // Units 1 + 3 = 4 → 120 unit-nights; booked 3 (p1 12–15) + 2 rooms × 15 nights (p2 03-25..04-08) = 33.
      occupancy_rate: Math.round((33 / 120) * 10_000) / 10_000,
      upcoming_checkins: [up('p1Confirmed', '2031-03-12')],
      upcoming_checkouts: [up('p1Confirmed', '2031-03-15')],
    });
  });

  it('another owner sees only theirs; a JPY total has no decimals', async () => {
    const data = (await stats(tokens.owner2)).json().data;
    assert.deepEqual(data.counts_by_status, { pending: 0, confirmed: 1, completed: 0, cancelled: 0, expired: 0 });
    assert.deepEqual(data.revenue_by_month, [{ month: '2031-03', currency: 'JPY', total: 15_000 }]);
    assert.equal(data.occupancy_rate, Math.round((2 / 30) * 10_000) / 10_000);
    assert.deepEqual(data.upcoming_checkins, [up('p3Confirmed', '2031-03-11')]);
  });

  it('admin and support see the platform', async () => {
    for (const who of ['admin', 'support'] as const) {
      const res = await stats(tokens[who]);
      assert.equal(res.statusCode, 200);
      const data = res.json().data;
      assert.deepEqual(data.counts_by_status, { pending: 1, confirmed: 3, completed: 2, cancelled: 1, expired: 1 });
      assert.equal(data.revenue_by_month.length, 4);
      assert.equal(data.occupancy_rate, Math.round((35 / 150) * 10_000) / 10_000);
      assert.deepEqual(data.upcoming_checkins, [up('p3Confirmed', '2031-03-11'), up('p1Confirmed', '2031-03-12')]);
      assert.deepEqual(data.upcoming_checkouts, [up('p3Confirmed', '2031-03-13'), up('p1Confirmed', '2031-03-15')]);
    }
  });

  it('a client is 403, no token 401', async () => {
    assert.equal((await stats(tokens.client)).statusCode, 403);
    assert.equal((await stats()).statusCode, 401);
  });
});
