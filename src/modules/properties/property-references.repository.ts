// Look-ups the creation form is checked against: reference data and the owner account.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { commodities, countries, currencies, neighborhoods, propertyTypes, users } from '../../db/schema/index.ts';

export type CurrencyRow = typeof currencies.$inferSelect;

export function propertyReferencesRepository(db: Executor) {
  return {
    async typeExists(id: number): Promise<boolean> {
      return (
        (await db.select({ id: propertyTypes.id }).from(propertyTypes).where(eq(propertyTypes.id, id)).limit(1))
          .length > 0
      );
    },

    async countryExists(code: string): Promise<boolean> {
      return (
        (await db.select({ code: countries.code }).from(countries).where(eq(countries.code, code)).limit(1)).length > 0
      );
    },

    async neighborhoodCountry(id: number): Promise<string | undefined> {
      const [row] = await db
        .select({ country: neighborhoods.countryCode })
        .from(neighborhoods)
        .where(eq(neighborhoods.id, id))
        .limit(1);
      return row?.country;
    },

    async activeCurrency(code: string): Promise<CurrencyRow | undefined> {
      const [row] = await db
        .select()
        .from(currencies)
        .where(and(eq(currencies.code, code), eq(currencies.isActive, true)))
        .limit(1);
      return row;
    },

    /** Any currency, active or not: a listing keeps the one it was priced in. */
    async currency(code: string): Promise<CurrencyRow | undefined> {
      const [row] = await db.select().from(currencies).where(eq(currencies.code, code)).limit(1);
      return row;
    },

    /** The active default currency; when none is flagged, EUR if it is active. */
    async defaultCurrency(): Promise<CurrencyRow | undefined> {
      const [flagged] = await db
        .select()
        .from(currencies)
        .where(and(eq(currencies.isDefault, true), eq(currencies.isActive, true)))
        .limit(1);
      if (flagged) return flagged;
      const [eur] = await db
        .select()
        .from(currencies)
        .where(and(eq(currencies.code, 'EUR'), eq(currencies.isActive, true)))
        .limit(1);
      return eur;
    },

    /** The ids among these that are not amenities. */
    async unknownCommodities(ids: number[]): Promise<number[]> {
      if (!ids.length) return [];
      const found = new Set(
        (await db.select({ id: commodities.id }).from(commodities).where(inArray(commodities.id, ids))).map(
          (r) => r.id,
        ),
      );
      return ids.filter((id) => !found.has(id));
    },

    /** The role of a live (not deleted) account. */
    async liveUserRole(id: number): Promise<string | undefined> {
      const [row] = await db
        .select({ role: users.role })
        .from(users)
        .where(and(eq(users.id, id), isNull(users.deletedAt)))
        .limit(1);
      return row?.role;
    },
  };
}
