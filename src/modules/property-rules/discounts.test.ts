import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { countRows } from '../../../test/helpers/catalog-factories.ts';
import { offers, promoCodes } from '../../db/schema/index.ts';
import {
  SAMPLES,
  createItem,
  errorFields,
  rulesWorld,
  setUsedCount,
  type RulesWorld,
} from './property-rules.test-support.ts';

describe('offers and promo codes', () => {
  let w: RulesWorld;
  let jpy: { id: number };
  before(async () => {
    w = await rulesWorld();
    jpy = await w.newListing({ currencyCode: 'JPY', pricePerNight: 15000, basePrice: 15000 });
  });
  after(() => w.close());

  const offer = { ...SAMPLES.offers };
  const code = { ...SAMPLES['promo-codes'] };

  it('a fixed discount is an amount in the listing currency, kept in minor units: EUR 12.34 is stored 1234 and read 12.34', async () => {
    const made = await createItem(w, w.listing.id, 'offers', {
      ...offer,
      discount_type: 'fixed',
      discount_value: 12.34,
    });
    assert.equal(made.discount_value, 12.34);
    const [row] = await w.t.deps.db.select().from(offers).where(eq(offers.id, made.id));
    assert.equal(Number(row!.discountValue), 1234);
    const listed = (await w.req('GET', `/properties/${w.listing.id}/offers`, 'anonymous')).json().data;
    assert.equal(listed.find((o: { id: number }) => o.id === made.id).discount_value, 12.34);

    const pc = await createItem(w, w.listing.id, 'promo-codes', {
      ...code,
      code: 'FIXED1234',
      discount_type: 'fixed',
      discount_value: '12.34',
    });
    const [pcRow] = await w.t.deps.db.select().from(promoCodes).where(eq(promoCodes.id, pc.id));
    assert.equal(Number(pcRow!.discountValue), 1234);
    assert.equal(pc.discount_value, 12.34);
    const pct = await createItem(w, w.listing.id, 'offers', { ...offer, discount_value: 12.5 });
    assert.equal(pct.discount_value, 12.5, 'a percent is kept as a percent');
  });

  it('a JPY listing refuses fractional amounts and keeps whole yen', async () => {
    for (const kind of ['offers', 'promo-codes'] as const) {
      const body =
        kind === 'offers'
          ? { ...offer, discount_type: 'fixed', discount_value: 12.5 }
          : { ...code, code: 'YEN125', discount_type: 'fixed', discount_value: 12.5 };
      const res = await w.req('POST', `/properties/${jpy.id}/${kind}`, 'owner', body);
      assert.equal(res.statusCode, 422, res.body);
      assert.deepEqual(errorFields(res), ['discount_value']);
    }
    const yen = await createItem(w, jpy.id, 'offers', { ...offer, discount_type: 'fixed', discount_value: 1500 });
    assert.equal(yen.discount_value, 1500);
    const [row] = await w.t.deps.db.select().from(offers).where(eq(offers.id, yen.id));
    assert.equal(Number(row!.discountValue), 1500);
    const pct = await createItem(w, jpy.id, 'offers', { ...offer, discount_type: 'percent', discount_value: 12.5 });
    assert.equal(pct.discount_value, 12.5, 'percent precision does not depend on the currency');
  });

  it('refuses each invalid offer field with 422 naming it', async () => {
    const before = await countRows(w.t.deps, 'offers');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...offer, name: '' }, 'name'],
      [{ ...offer, discount_type: 'free' }, 'discount_type'],
      [{ ...offer, discount_value: 0 }, 'discount_value'],
      [{ ...offer, discount_value: -5 }, 'discount_value'],
      [{ ...offer, discount_value: 100.5 }, 'discount_value'],
      [{ ...offer, discount_value: 10.001 }, 'discount_value'],
      [{ ...offer, discount_type: 'fixed', discount_value: 0.001 }, 'discount_value'],
      [{ ...offer, start_date: '2030-13-01' }, 'start_date'],
      [{ ...offer, end_date: '2029-12-31' }, 'end_date'],
      [{ ...offer, min_nights: 0 }, 'min_nights'],
      [{ ...offer, min_nights: 366 }, 'min_nights'],
    ];
    for (const [body, field] of cases) {
      const res = await w.req('POST', `/properties/${w.listing.id}/offers`, 'owner', body);
      assert.equal(res.statusCode, 422, `${JSON.stringify(body)}: ${res.body}`);
      assert.ok(errorFields(res).includes(field), `${field} in ${res.body}`);
    }
    assert.equal(await countRows(w.t.deps, 'offers'), before);
    const full = await createItem(w, w.listing.id, 'offers', { ...offer, discount_value: 100, min_nights: undefined });
    assert.equal(full.min_nights, 1, 'min_nights defaults to 1; 100 % is allowed');
  });

  it('an offer update is partial; a new discount_type needs its value, and the merged item is checked', async () => {
    const made = await createItem(w, w.listing.id, 'offers', { ...offer, discount_type: 'fixed', discount_value: 80 });
    const url = `/properties/${w.listing.id}/offers/${made.id}`;
    const noValue = await w.req('PUT', url, 'owner', { discount_type: 'percent' });
    assert.equal(noValue.statusCode, 422);
    assert.deepEqual(errorFields(noValue), ['discount_value']);
    const tooMuch = await w.req('PUT', url, 'owner', { discount_type: 'percent', discount_value: 150 });
    assert.equal(tooMuch.statusCode, 422);
    const switched = await w.req('PUT', url, 'owner', { discount_type: 'percent', discount_value: 20 });
    assert.equal(switched.statusCode, 200);
    assert.deepEqual(switched.json().data, { ...made, discount_type: 'percent', discount_value: 20 });
    const overHundred = await w.req('PUT', url, 'owner', { discount_value: 100.01 });
    assert.equal(overHundred.statusCode, 422, 'percent ceiling applies to the stored type');
    const backwards = await w.req('PUT', url, 'owner', { start_date: '2030-04-01' });
    assert.deepEqual(errorFields(backwards), ['end_date']);
    const amount = await w.req('PUT', url, 'owner', { discount_type: 'fixed', discount_value: 9.99 });
    assert.equal(amount.json().data.discount_value, 9.99);
    assert.equal(
      (await w.req('PUT', url, 'owner', { name: 'Kept amount' })).json().data.discount_value,
      9.99,
      'an unchanged amount survives the round trip',
    );
  });

  it('refuses each invalid promo code field with 422 naming it', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...code, code: 'AB' }, 'code'],
      [{ ...code, code: 'A'.repeat(41) }, 'code'],
      [{ ...code, code: 'HAS SPACE' }, 'code'],
      [{ ...code, code: 'ÉTÉ2030' }, 'code'],
      [{ ...code, discount_value: 0 }, 'discount_value'],
      [{ ...code, valid_from: '2030-02-31' }, 'valid_from'],
      [{ ...code, valid_to: '2029-06-30' }, 'valid_to'],
      [{ ...code, max_uses: 0 }, 'max_uses'],
      [{ ...code, max_uses: 2.5 }, 'max_uses'],
      [{ ...code, min_nights: 0 }, 'min_nights'],
    ];
    for (const [body, field] of cases) {
      const res = await w.req('POST', `/properties/${w.listing.id}/promo-codes`, 'owner', body);
      assert.equal(res.statusCode, 422, `${JSON.stringify(body)}: ${res.body}`);
      assert.ok(errorFields(res).includes(field), `${field} in ${res.body}`);
    }
    const ok = await createItem(w, w.listing.id, 'promo-codes', {
      ...code,
      code: 'Ab-_9',
      max_uses: null,
      used_count: 99,
    });
    assert.equal(ok.code, 'Ab-_9', 'kept as written');
    assert.equal(ok.max_uses, null, 'unlimited');
    assert.equal(ok.used_count, 0, 'used_count is read-only');
  });

  it('codes are unique per listing ignoring case; another listing may reuse one', async () => {
    const listing = await w.newListing();
    const summer = await createItem(w, listing.id, 'promo-codes', { ...code, code: 'Summer-24' });
    const dup = await w.req('POST', `/properties/${listing.id}/promo-codes`, 'owner', { ...code, code: 'SUMMER-24' });
    assert.equal(dup.statusCode, 409);
    assert.match(dup.json().message, /SUMMER-24/);
    const winter = await createItem(w, listing.id, 'promo-codes', { ...code, code: 'winter' });
    const rename = await w.req('PUT', `/properties/${listing.id}/promo-codes/${winter.id}`, 'owner', {
      code: 'summer-24',
    });
    assert.equal(rename.statusCode, 409, 'renaming onto another code');
    const recase = await w.req('PUT', `/properties/${listing.id}/promo-codes/${summer.id}`, 'owner', {
      code: 'SUMMER-24',
    });
    assert.equal(recase.statusCode, 200, 'a code may change its own case');
    assert.equal(recase.json().data.code, 'SUMMER-24');
    assert.equal(
      (await w.req('POST', `/properties/${w.listing2.id}/promo-codes`, 'owner', { ...code, code: 'summer-24' }))
        .statusCode,
      201,
    );
  });

  it('two identical codes (in different case) created at the same moment: exactly one is created', async () => {
    const listing = await w.newListing();
    for (let round = 0; round < 5; round++) {
      const [x, y] = await Promise.all([
        w.req('POST', `/properties/${listing.id}/promo-codes`, 'owner', { ...code, code: `race${round}` }),
        w.req('POST', `/properties/${listing.id}/promo-codes`, 'admin', { ...code, code: `RACE${round}` }),
      ]);
      assert.deepEqual([x.statusCode, y.statusCode].sort(), [201, 409], `round ${round}: ${x.body} / ${y.body}`);
    }
  });

  it('max_uses may not go below used_count; used_count cannot be set through the API', async () => {
    const made = await createItem(w, w.listing.id, 'promo-codes', { ...code, code: 'COUNTED', max_uses: 10 });
    await setUsedCount(w, made.id, 4);
    const url = `/properties/${w.listing.id}/promo-codes/${made.id}`;
    const below = await w.req('PUT', url, 'owner', { max_uses: 3 });
    assert.equal(below.statusCode, 422);
    assert.deepEqual(errorFields(below), ['max_uses']);
    const atUsed = await w.req('PUT', url, 'owner', { max_uses: 4, used_count: 0 });
    assert.equal(atUsed.statusCode, 200);
    assert.deepEqual({ max: atUsed.json().data.max_uses, used: atUsed.json().data.used_count }, { max: 4, used: 4 });
    assert.equal(
      (await w.req('PUT', url, 'owner', { max_uses: null })).json().data.max_uses,
      null,
      'null lifts the limit',
    );
  });
});
