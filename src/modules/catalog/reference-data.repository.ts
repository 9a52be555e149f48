// SQL of the reference-data seed: one state query for the fast path, bulk inserts that skip
// whatever exists (a unique index decides, so two instances seeding at once cannot duplicate).
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { commodities, countries, currencies, neighborhoods, propertyTypes } from '../../db/schema/index.ts';
import { queryRows } from '../../db/query-rows.ts';

export interface SeedState {
  countries: number;
  seededCurrencies: number;
  hasDefaultCurrency: boolean;
  hasPropertyTypes: boolean;
  hasCommodities: boolean;
  hasNeighborhoods: boolean;
}

export function referenceDataRepository(db: Executor) {
  return {
    /** Everything the seed decides on, in one round trip. */
    async state(currencyCodes: readonly string[]): Promise<SeedState> {
      const codes = sql.join(
        currencyCodes.map((c) => sql`${c}`),
        sql`, `,
      );
      const res = await queryRows<Record<string, unknown>>(
        db,
        sql`
        SELECT (SELECT count(*) FROM countries)::int AS countries,
               (SELECT count(*) FROM currencies WHERE code IN (${codes}))::int AS seeded_currencies,
               EXISTS (SELECT 1 FROM currencies WHERE is_default) AS has_default,
               EXISTS (SELECT 1 FROM property_types) AS property_types,
               EXISTS (SELECT 1 FROM commodities) AS commodities,
               EXISTS (SELECT 1 FROM neighborhoods) AS neighborhoods`,
      );
      const r = res.rows[0]!;
      return {
        countries: Number(r.countries),
        seededCurrencies: Number(r.seeded_currencies),
        hasDefaultCurrency: r.has_default === true,
        hasPropertyTypes: r.property_types === true,
        hasCommodities: r.commodities === true,
        hasNeighborhoods: r.neighborhoods === true,
      };
    },

    async insertCountries(rows: Array<typeof countries.$inferInsert>): Promise<number> {
      return (await db.insert(countries).values(rows).onConflictDoNothing().returning({ code: countries.code })).length;
    },

    async insertCurrencies(rows: Array<typeof currencies.$inferInsert>): Promise<number> {
      return (await db.insert(currencies).values(rows).onConflictDoNothing().returning({ id: currencies.id })).length;
    },

    /** Makes `code` the default when no currency is; a no-op otherwise. */
    async defaultIfNone(code: string): Promise<void> {
      await db
        .update(currencies)
        .set({ isDefault: true })
        .where(and(eq(currencies.code, code), sql`NOT EXISTS (SELECT 1 FROM currencies WHERE is_default)`));
    },

    async insertPropertyTypes(rows: Array<typeof propertyTypes.$inferInsert>): Promise<number> {
      return (await db.insert(propertyTypes).values(rows).onConflictDoNothing().returning({ id: propertyTypes.id }))
        .length;
    },

    async insertCommodities(rows: Array<typeof commodities.$inferInsert>): Promise<number> {
      return (await db.insert(commodities).values(rows).onConflictDoNothing().returning({ id: commodities.id })).length;
    },

    async insertNeighborhoods(rows: Array<typeof neighborhoods.$inferInsert>): Promise<number> {
      return (await db.insert(neighborhoods).values(rows).onConflictDoNothing().returning({ id: neighborhoods.id }))
        .length;
    },
  };
}
