import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createItem, rulesWorld, setUsedCount, type RulesWorld, type Who } from './property-rules.test-support.ts';
import { todayIn } from '../../kernel/calendar-dates.ts';

const START = new Date('2030-03-10T12:00:00Z');

describe('GET /properties/{id}/promos', () => {
  let w: RulesWorld;
  let listing: { id: number };
  const ids = {} as Record<string, number>;
  before(async () => {
    w = await rulesWorld({ start: START });
    listing = await w.newListing({ timezone: 'UTC' });
    const offer = (name: string, start_date: string, end_date: string) =>
      createItem(w, listing.id, 'offers', {
        name,
        discount_type: 'percent',
        discount_value: 10,
        start_date,
        end_date,
        min_nights: 1,
      });
    ids.pastOffer = (await offer('past', '2030-01-01', '2030-03-09')).id;
    ids.endsToday = (await offer('ends today', '2030-02-01', '2030-03-10')).id;
    ids.upcoming = (await offer('upcoming', '2030-06-01', '2030-06-30')).id;
    const code = (c: string, valid_from: string, valid_to: string, max_uses: number | null = null) =>
      createItem(w, listing.id, 'promo-codes', {
        code: c,
        discount_type: 'fixed',
        discount_value: 5.5,
        valid_from,
        valid_to,
        max_uses,
        min_nights: 1,
      });
    ids.expired = (await code('EXPIRED', '2030-01-01', '2030-03-09')).id;
    ids.lastDay = (await code('LASTDAY', '2030-03-01', '2030-03-10')).id;
    ids.future = (await code('FUTURE', '2030-03-11', '2030-12-31')).id;
    ids.usedUp = (await code('USEDUP', '2030-01-01', '2030-12-31', 5)).id;
    ids.oneLeft = (await code('ONELEFT', '2030-01-01', '2030-12-31', 5)).id;
    ids.unlimited = (await code('UNLIMITED', '2030-01-01', '2030-12-31')).id;
    await setUsedCount(w, ids.usedUp!, 5);
    await setUsedCount(w, ids.oneLeft!, 4);
  });
  after(() => w.close());

  const promos = async (who: Who, id = listing.id) => {
    const res = await w.req('GET', `/properties/${id}/promos`, who);
    assert.equal(res.statusCode, 200, res.body);
    const data = res.json().data as {
      offers: Array<{ id: number; name: string }>;
      promo_codes: Array<{ id: number; code: string; discount_value: number; used_count: number }>;
    };
    return { offers: data.offers.map((o) => o.name), codes: data.promo_codes.map((c) => c.code), raw: data };
  };

  it('travellers see running and upcoming offers and the codes usable today, with the code itself', async () => {
    for (const who of ['anonymous', 'client', 'otherOwner', 'support'] as const) {
      const p = await promos(who);
      assert.deepEqual(p.offers, ['ends today', 'upcoming'], who);
      assert.deepEqual(p.codes.sort(), ['LASTDAY', 'ONELEFT', 'UNLIMITED'], who);
    }
    const one = (await promos('anonymous')).raw.promo_codes.find((c) => c.code === 'ONELEFT')!;
    assert.deepEqual({ value: one.discount_value, used: one.used_count }, { value: 5.5, used: 4 });
  });

  it('the owner and admins see every offer and code, expired and used up included', async () => {
    for (const who of ['owner', 'admin'] as const) {
      const p = await promos(who);
      assert.deepEqual(p.offers, ['past', 'ends today', 'upcoming'], who);
      assert.deepEqual(p.codes.sort(), ['EXPIRED', 'FUTURE', 'LASTDAY', 'ONELEFT', 'UNLIMITED', 'USEDUP'], who);
    }
  });

  it("follows the clock: after midnight yesterday's last day is gone and a code starting today appears", async () => {
    w.t.clock.set(new Date('2030-03-11T00:30:00Z'));
    try {
      await w.relogin();
      const p = await promos('client');
      assert.deepEqual(p.offers, ['upcoming']);
      assert.deepEqual(p.codes.sort(), ['FUTURE', 'ONELEFT', 'UNLIMITED']);
      await setUsedCount(w, ids.oneLeft!, 5);
      assert.deepEqual((await promos('anonymous')).codes.sort(), ['FUTURE', 'UNLIMITED'], 'the last use taken');
    } finally {
      await setUsedCount(w, ids.oneLeft!, 4);
      w.t.clock.set(START);
      await w.relogin();
    }
  });

  it('"today" is the listing\'s date in its time zone', async () => {
    const code = { discount_type: 'percent', discount_value: 10, min_nights: 1 };
    // 12:00 UTC on 10 March is already 11 March in Kiritimati (UTC+14).
    const east = await w.newListing({ timezone: 'Pacific/Kiritimati' });
    await createItem(w, east.id, 'promo-codes', {
      ...code,
      code: 'STARTS11',
      valid_from: '2030-03-11',
      valid_to: '2030-03-31',
    });
    await createItem(w, east.id, 'promo-codes', {
      ...code,
      code: 'ENDS10',
      valid_from: '2030-03-01',
      valid_to: '2030-03-10',
    });
    assert.deepEqual((await promos('anonymous', east.id)).codes, ['STARTS11']);
    // 05:00 UTC on 10 March is still 9 March in Los Angeles.
    w.t.clock.set(new Date('2030-03-10T05:00:00Z'));
    try {
      await w.relogin();
      const west = await w.newListing({ timezone: 'America/Los_Angeles' });
      const utc = await w.newListing({ timezone: 'UTC' });
      for (const l of [west, utc])
        await createItem(w, l.id, 'promo-codes', {
          ...code,
          code: 'ENDS9',
          valid_from: '2030-03-01',
          valid_to: '2030-03-09',
        });
      assert.deepEqual((await promos('anonymous', west.id)).codes, ['ENDS9']);
      assert.deepEqual((await promos('anonymous', utc.id)).codes, []);
    } finally {
      w.t.clock.set(START);
      await w.relogin();
    }
  });

  it('todayIn falls back to UTC for an unknown zone', () => {
    assert.equal(todayIn('Asia/Tokyo', new Date('2030-03-10T23:30:00Z')), '2030-03-11');
    assert.equal(todayIn('Mars/Olympus', new Date('2030-03-10T23:30:00Z')), '2030-03-10');
  });
});
