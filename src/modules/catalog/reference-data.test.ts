import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { asc, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { countingDb } from '../../../test/helpers/counting-db.ts';
import { createTestDatabase, onPostgres } from '../../../test/helpers/test-database.ts';
import { openDatabase, type Db } from '../../db/connection.ts';
import { commodities, countries, currencies, neighborhoods, propertyTypes } from '../../db/schema/index.ts';
import { COUNTRIES } from './countries-data.ts';
import { COMMODITIES, CURRENCIES, NEIGHBORHOODS, PROPERTY_TYPES } from './reference-data.ts';
import { seedReferenceData } from './seed-reference-data.ts';

async function snapshot(db: Db) {
  return {
    countries: await db.select().from(countries).orderBy(asc(countries.code)),
    currencies: await db.select().from(currencies).orderBy(asc(currencies.id)),
    propertyTypes: await db.select().from(propertyTypes).orderBy(asc(propertyTypes.id)),
    commodities: await db.select().from(commodities).orderBy(asc(commodities.id)),
    neighborhoods: await db.select().from(neighborhoods).orderBy(asc(neighborhoods.id)),
  };
}

describe('reference data seeded at start', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it('a fresh app has every ISO country, the currencies with their ISO decimals, exactly one default, types, amenities, neighborhoods', async () => {
    const s = await snapshot(t.deps.db);
    assert.ok(s.countries.length >= 249, `countries: ${s.countries.length}`);
    assert.equal(new Set(COUNTRIES.map(([c]) => c)).size, 249, 'the data module has 249 distinct codes');
    for (const [code] of COUNTRIES) assert.match(code, /^[A-Z]{2}$/);
    assert.deepEqual(
      s.countries.find((c) => c.code === 'FR'),
      { code: 'FR', name: 'France' },
    );
    const byCode = new Map(s.currencies.map((c) => [c.code, c]));
    assert.equal(byCode.get('JPY')!.decimals, 0);
    assert.equal(byCode.get('KWD')!.decimals, 3);
    assert.equal(byCode.get('EUR')!.decimals, 2);
    const defaults = s.currencies.filter((c) => c.isDefault);
    assert.deepEqual(
      defaults.map((c) => c.code),
      ['EUR'],
    );
    assert.equal(Number(defaults[0]!.exchangeRate), 1);
    assert.ok(s.currencies.every((c) => Number(c.exchangeRate) > 0 && c.isActive));
    assert.equal(s.currencies.length, CURRENCIES.length);
    assert.equal(s.propertyTypes.length, PROPERTY_TYPES.length);
    assert.ok(s.propertyTypes.some((p) => p.name === 'Apartment' && p.description));
    assert.equal(s.commodities.length, COMMODITIES.length);
    assert.deepEqual(s.commodities.find((c) => c.name === 'Wi-Fi')?.type, 'essentials');
    assert.equal(
      s.neighborhoods.length,
      NEIGHBORHOODS.reduce((n, c) => n + c.names.length, 0),
    );
    assert.ok(s.neighborhoods.some((n) => n.countryCode === 'JP' && n.city === 'Tokyo'));
  });

  it('seeding again changes nothing and costs one statement, without a transaction', async () => {
    const before = await snapshot(t.deps.db);
    const counted = countingDb(t.deps.db);
    for (let i = 0; i < 5; i++) {
      const report = await seedReferenceData(counted.db);
      assert.deepEqual(report, { countries: 0, currencies: 0, propertyTypes: 0, commodities: 0, neighborhoods: 0 });
    }
    assert.equal(counted.statements(), 5, 'one statement a re-seed');
    assert.equal(counted.transactions(), 0);
    assert.deepEqual(await snapshot(t.deps.db), before);
  });

  it('restores missing countries and currencies, but never brings back a type an admin deleted or undoes their edits', async () => {
    const db = t.deps.db;
    await db.delete(countries).where(eq(countries.code, 'AQ'));
    await db.delete(propertyTypes).where(eq(propertyTypes.name, 'Loft'));
    await db.update(currencies).set({ exchangeRate: '1.2', name: 'Dollar (US)' }).where(eq(currencies.code, 'USD'));
    await db.delete(currencies).where(eq(currencies.code, 'ISK'));
    const report = await seedReferenceData(db);
    assert.equal(report.countries, 1);
    assert.equal(report.currencies, 1);
    assert.equal(report.propertyTypes, 0);
    const s = await snapshot(db);
    assert.ok(s.countries.some((c) => c.code === 'AQ'));
    assert.ok(s.currencies.some((c) => c.code === 'ISK' && c.decimals === 0 && !c.isDefault));
    assert.ok(!s.propertyTypes.some((p) => p.name === 'Loft'));
    const usd = s.currencies.find((c) => c.code === 'USD')!;
    assert.equal(Number(usd.exchangeRate), 1.2);
    assert.equal(usd.name, 'Dollar (US)');
    assert.deepEqual(
      s.currencies.filter((c) => c.isDefault).map((c) => c.code),
      ['EUR'],
    );
  });
});

describe('seeding an empty database from two instances at once', () => {
  it('inserts everything exactly once with one default currency', async () => {
    const database = await createTestDatabase();
    // The test template comes seeded; empty the reference tables to start from a new database.
    for (const table of [neighborhoods, currencies, commodities, propertyTypes, countries])
      await database.db.delete(table);
    // On PostgreSQL the second "instance" has its own connection pool, so the two really race.
    const second = onPostgres ? await openDatabase({ url: database.url!, poolSize: 2 }) : database;
    try {
      const reports = await Promise.all([seedReferenceData(database.db), seedReferenceData(second.db)]);
      assert.equal(reports[0]!.countries + reports[1]!.countries, 249);
      assert.equal(reports[0]!.currencies + reports[1]!.currencies, CURRENCIES.length);
      const s = await snapshot(database.db);
      assert.equal(s.countries.length, 249);
      assert.equal(s.currencies.length, CURRENCIES.length);
      assert.equal(s.propertyTypes.length, PROPERTY_TYPES.length);
      assert.equal(s.commodities.length, COMMODITIES.length);
      assert.deepEqual(
        s.currencies.filter((c) => c.isDefault).map((c) => c.code),
        ['EUR'],
      );
    } finally {
      if (second !== database) await second.close();
      await database.close();
    }
  });
});
