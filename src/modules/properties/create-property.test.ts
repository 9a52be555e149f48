import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { currencies, neighborhoods } from '../../db/schema/index.ts';
import { countRows, ensureCountry, ensureCurrency } from '../../../test/helpers/catalog-factories.ts';
import { errorFields, world, type World } from './properties.test-support.ts';

describe('POST /properties: who may create, and every field rule (422 naming the field)', () => {
  let w: World;
  let germanNeighborhood: number;
  before(async () => {
    w = await world();
    await ensureCurrency(w.t.deps, 'JPY', 0);
    await w.t.deps.db
      .insert(currencies)
      .values({ code: 'XTS', name: 'Test', symbol: 'T', decimals: 2, isActive: false })
      .onConflictDoNothing();
    await ensureCountry(w.t.deps, 'DE', 'Germany');
    const [n] = await w.t.deps.db
      .insert(neighborhoods)
      .values({ countryCode: 'DE', city: 'Berlin', name: 'Mitte' })
      .returning();
    germanNeighborhood = n!.id;
  });
  after(() => w.close());

  it('creates an active listing from a full body (201), also at /properties/new; the owner is the caller', async () => {
    for (const url of ['/properties', '/properties/new']) {
      const res = await w.req('POST', url, 'owner', w.full());
      assert.equal(res.statusCode, 201, res.body);
      const p = res.json().data;
      assert.equal(p.status, 'active');
      assert.equal(p.user_id, w.users.owner.id);
      assert.equal(p.owner.id, w.users.owner.id);
      assert.deepEqual(p.completed_steps, [1, 2, 3, 4, 5, 6, 7, 8]);
      assert.equal(p.price_per_night, '120.50');
      assert.deepEqual(
        p.commodities.map((c: { id: number }) => c.id),
        w.refs.commodityIds,
      );
      const row = (await w.row(p.id))!;
      assert.equal(row.pricePerNight, 12050, 'kept in minor units');
      assert.equal(row.timezone, 'Europe/Paris');
      assert.deepEqual(row.wifiInformations, { network: 'marais-flat', password: 'wifi-secret-42', speed: '300 Mbps' });
    }
  });

  it('client and support may not create (403); anonymous 401', async () => {
    assert.equal((await w.req('POST', '/properties', 'client', w.full())).statusCode, 403);
    assert.equal((await w.req('POST', '/properties', 'support', w.full())).statusCode, 403);
    assert.equal((await w.req('POST', '/properties', 'anonymous', w.full())).statusCode, 401);
  });

  it('an owner may only name themselves as user_id (403 otherwise)', async () => {
    const before = await countRows(w.t.deps, 'properties');
    assert.equal(
      (await w.req('POST', '/properties', 'owner', w.full({ user_id: w.users.otherOwner.id }))).statusCode,
      403,
    );
    assert.equal(await countRows(w.t.deps, 'properties'), before);
    const own = await w.req('POST', '/properties', 'owner', w.full({ user_id: w.users.owner.id }));
    assert.equal(own.statusCode, 201, own.body);
  });

  it('an admin creates for an owner (audited); a non-owner or unknown user_id is 422 user_id; default the admin', async () => {
    const res = await w.req('POST', '/properties', 'admin', w.full({ user_id: w.users.otherOwner.id }));
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.json().data.user_id, w.users.otherOwner.id);
    const [entry] = await w.audits(res.json().data.id);
    assert.equal(entry!.action, 'property.create');
    assert.equal(entry!.actorId, w.users.admin.id);
    for (const id of [w.users.client.id, w.users.support.id, 987654]) {
      const bad = await w.req('POST', '/properties', 'admin', w.full({ user_id: id }));
      assert.equal(bad.statusCode, 422, bad.body);
      assert.deepEqual(errorFields(bad), ['user_id']);
    }
    const mine = await w.req('POST', '/properties', 'admin', w.full());
    assert.equal(mine.json().data.user_id, w.users.admin.id);
  });

  const cases: Array<[string, () => Record<string, unknown>, string]> = [
    ['who_are_you not individual/company', () => ({ who_are_you: 'robot' }), 'who_are_you'],
    ['internal_name of 1 character', () => ({ internal_name: 'A' }), 'internal_name'],
    ['internal_name of 1 character between spaces', () => ({ internal_name: '  A  ' }), 'internal_name'],
    ['public_name of 1 character', () => ({ public_name: 'B' }), 'public_name'],
    ['type.id unknown', () => ({ type: { id: '987654' } }), 'type.id'],
    ['type.id not an id', () => ({ type: { id: 'villa' } }), 'type.id'],
    ['type without id', () => ({ type: { name: 'Villa' } }), 'type.id'],
    ['description under 20 characters', () => ({ description: 'Too short text' }), 'description'],
    ['country.id unknown', () => ({ country: { id: 'ZZ' } }), 'country.id'],
    ['country.id not alpha-2', () => ({ country: { id: 'FRA' } }), 'country.id'],
    ['location not lat,lng', () => ({ location: 'Paris' }), 'location'],
    ['location latitude out of range', () => ({ location: '91,2.35' }), 'location'],
    ['location longitude out of range', () => ({ location: '48.85,-180.5' }), 'location'],
    ['neighborhood_id unknown', () => ({ neighborhood_id: 987654 }), 'neighborhood_id'],
    ['neighborhood_id in another country', () => ({ neighborhood_id: germanNeighborhood }), 'neighborhood_id'],
    ['base_price negative', () => ({ base_price: -1 }), 'base_price'],
    ['price_per_night with 3 decimals in EUR', () => ({ price_per_night: 10.125 }), 'price_per_night'],
    ['price_per_night with decimals in JPY', () => ({ currency: 'JPY', price_per_night: 1500.5 }), 'price_per_night'],
    ['pricing negative', () => ({ pricing: -2 }), 'pricing'],
    ['cleaning_fee negative', () => ({ cleaning_fee: -0.01 }), 'cleaning_fee'],
    ['tax over 100 percent', () => ({ tax: 100.5 }), 'tax'],
    ['security_deposit not a number', () => ({ security_deposit: 'lots' }), 'security_deposit'],
    ['currency unknown', () => ({ currency: 'ABC' }), 'currency'],
    ['currency inactive', () => ({ currency: 'XTS' }), 'currency'],
    ['weekly_discount_percent over 100', () => ({ weekly_discount_percent: 120 }), 'weekly_discount_percent'],
    ['monthly_discount_percent negative', () => ({ monthly_discount_percent: -5 }), 'monthly_discount_percent'],
    ['capacity 0', () => ({ capacity: 0 }), 'capacity'],
    ['square_footage negative', () => ({ square_footage: -1 }), 'square_footage'],
    ['check_in_time not HH:MM:SS', () => ({ check_in_time: '15:00' }), 'check_in_time'],
    ['check_in_time_end out of range', () => ({ check_in_time_end: '24:00:00' }), 'check_in_time_end'],
    ['check_out_time free text', () => ({ check_out_time: '11am' }), 'check_out_time'],
    ['breakfast_included not a flag', () => ({ breakfast_included: 'maybe' }), 'breakfast_included'],
    ['pets_allowed 2', () => ({ pets_allowed: 2 }), 'pets_allowed'],
    ['rules with an empty entry', () => ({ rules: [''] }), 'rules.0'],
    ['cancellation_policy unknown name', () => ({ cancellation_policy: ['lenient'] }), 'cancellation_policy.0'],
    ['cancellation_policy empty', () => ({ cancellation_policy: [] }), 'cancellation_policy'],
    ['specifications not strings', () => ({ specifications: [{ a: 1 }] }), 'specifications.0'],
    ['features with an empty entry', () => ({ features: [''] }), 'features.0'],
    ['channel_sync_now not a boolean', () => ({ channel_sync_now: 'soon' }), 'channel_sync_now'],
    ['some_informations entry without key', () => ({ some_informations: [{ value: 'x' }] }), 'some_informations.0.key'],
    ['timezone unknown', () => ({ timezone: 'Mars/Olympus' }), 'timezone'],
    ['timezone as an offset', () => ({ timezone: '+01:00' }), 'timezone'],
    ['commodities unknown id', () => ({ commodities: [987654] }), 'commodities'],
    ['commodities not ids', () => ({ commodities: ['wifi'] }), 'commodities.0'],
  ];
  for (const [name, body, field] of cases) {
    it(`422 ${field}: ${name}; nothing written`, async () => {
      const before = await countRows(w.t.deps, 'properties');
      const res = await w.req('POST', '/properties', 'owner', w.full(body()));
      assert.equal(res.statusCode, 422, res.body);
      assert.equal(res.json().code, 'VALIDATION_FAILED');
      assert.ok(errorFields(res).includes(field), `expected ${field} in ${res.body}`);
      assert.equal(await countRows(w.t.deps, 'properties'), before);
    });
  }

  it('wifi_informations missing a member is 422 under wifi_informations', async () => {
    const res = await w.req('POST', '/properties', 'owner', w.full({ wifi_informations: { network: 'x' } }));
    assert.equal(res.statusCode, 422);
    assert.ok(
      errorFields(res).some((f) => f.startsWith('wifi_informations')),
      res.body,
    );
  });

  it('every bad field is reported at once', async () => {
    const res = await w.req(
      'POST',
      '/properties',
      'owner',
      w.full({ type: { id: '987654' }, country: { id: 'ZZ' }, location: '99,0' }),
    );
    assert.equal(res.statusCode, 422);
    assert.deepEqual(errorFields(res).sort(), ['country.id', 'location', 'type.id']);
  });

  it('accepts 0/1 flags, JPY amounts without decimals, and keeps pricing unchanged', async () => {
    const p = await w.create(
      'owner',
      w.full({
        breakfast_included: 1,
        pets_allowed: 0,
        currency: 'JPY',
        base_price: 15000,
        price_per_night: 16000,
        cleaning_fee: 0,
        security_deposit: 5000,
        pricing: 12.3456,
      }),
    );
    assert.equal(p.breakfast_included, 1);
    assert.equal(p.pets_allowed, 0);
    assert.equal(p.price_per_night, '16000');
    assert.equal(p.cleaning_fee, '0');
    assert.equal(p.pricing, 12.3456);
    assert.equal(p.currency, 'JPY');
    assert.equal(p.currency_model.code, 'JPY');
  });
});
