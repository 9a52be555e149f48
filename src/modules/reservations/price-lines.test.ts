// Issue 19: a season's reduction reached sub_total but none of what clients see showed it, so
// the lines did not add up. Every view of a price (preview, read form, lighter variant) must show
// each line, and these tests follow one stay through all of them.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import { resolved, responseData } from '../../../test/helpers/openapi.ts';
import { createProperty } from '../../../test/helpers/catalog-factories.ts';
import { seasons } from '../../db/schema/index.ts';
import { toPriceDetails } from '../pricing/index.ts';
import { linesAddUp } from '../pricing/pricing.test-support.ts';
import { flatSnapshot } from './reservation-view.ts';

// Europe/Paris listings: "today" there is 2030-03-10. No service fee, so the example is the issue's.
const START = new Date('2030-03-10T12:00:00Z');

describe('price lines add up in every view', () => {
  let t: TestApp;
  let ownerId: number;
  let token: string;
  before(async () => {
    t = await createTestApp({ start: START });
    ownerId = (await createUser(t.deps, { role: 'owner' })).id;
    token = await loginAs(t.app, await createUser(t.deps));
  });
  after(() => t.close());

  it('shows a 20 % season as season_discount: 100/night × 5 with cleaning 20 is 500 − 100 + 20 = 420 (issue 19)', async () => {
    const p = await createProperty(t.deps, ownerId, { pricePerNight: 10000, cleaningFee: 2000, taxRate: '10' });
    await t.deps.db.insert(seasons).values({
      propertyId: p.id,
      name: 'May',
      startDate: '2030-05-01',
      endDate: '2030-05-31',
      reductionPercent: '20',
    });
    const body = {
      property_id: p.id,
      checkin_date: '2030-05-03',
      checkout_date: '2030-05-08',
      guests: { adults: 2, children: 0 },
    };

    const preview = await t.app.inject({ method: 'POST', url: '/api/reservations/preview', payload: body });
    assert.equal(preview.statusCode, 200, preview.body);
    const shown = preview.json().data;
    assert.deepEqual(
      [
        shown.base_price_per_night,
        shown.base_total,
        shown.season_discount,
        shown.cleaning_fee,
        shown.sub_total,
        shown.tax_amount,
        shown.total,
      ],
      [100, 500, 100, 20, 420, 42, 462],
    );
    linesAddUp(shown, 2, 'preview');

    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/reservations',
      payload: body,
      headers: bearer(token),
    });
    assert.equal(booked.statusCode, 201, booked.body);
    const light = booked.json().data;
    const details = JSON.parse(light.price_details);
    assert.deepEqual(details, {
      currency: 'EUR',
      nights: 5,
      base_price_per_night: 100,
      base_total: 500,
      season_discount: 100,
      cleaning_fee: 20,
      service_fee_total: 0,
      services_total: 0,
      packages_total: 0,
      long_stay_discount: 0,
      offer_discount: 0,
      sub_total: 420,
      tax_rate: 10,
      tax_amount: 42,
      promo_discount: 0,
      total: 462,
    });
    linesAddUp(details, 2, 'lighter price_details');
    assert.equal(light.total, '462.00');

    const read = await t.app.inject({ method: 'GET', url: `/api/reservations/${light.id}`, headers: bearer(token) });
    assert.equal(read.statusCode, 200, read.body);
    assert.deepEqual(read.json().data.price_details, details);
  });

  it('keeps a total priced elsewhere (channel booking) adding up: all of it accommodation', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('EUR', 'JPY', 'KWD'),
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 0, max: 400 }),
        (code, totalMinor, nights) => {
          const { currency, breakdown } = flatSnapshot(code, totalMinor, nights);
          const lines = linesAddUp(toPriceDetails(breakdown, currency), currency.decimals, `price_details of ${code}`);
          assert.equal(lines.total, totalMinor);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('says in /openapi.json how the lines add up', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    // The read forms and the price lines are shared components of the document.
    const data = (path: string, method: string, status: string) => responseData(doc, path, method, status) as any;
    const preview = data('/api/reservations/preview', 'post', '200');
    const readForm = resolved(doc, data('/api/reservations/{id}', 'get', '200').properties.price_details) as any;
    const light = data('/api/reservations', 'post', '201').properties.price_details;
    for (const [name, described] of [
      ['preview', preview.description],
      ['read form', readForm.description],
      ['lighter variant', light.description],
    ]) {
      assert.match(String(described), /base_total − season_discount − .* = sub_total/, name);
    }
    assert.deepEqual(
      Object.keys(readForm.properties).filter((k) => !(k in preview.properties)),
      [],
      'price_details shows no line the preview lacks',
    );
    for (const k of ['season_discount', 'cleaning_fee', 'offer_discount', 'packages_total'])
      assert.equal(readForm.properties[k]?.type, 'number', k);
    assert.equal(preview.properties.season_discount?.type, 'number');
  });
});
