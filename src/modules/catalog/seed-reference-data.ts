// Seeds the reference data at every start. What "missing" means differs per table:
// - countries and the seeded currencies cannot be deleted through the API, so any missing row is
//   (re)inserted — that is also how a later release adds codes;
// - property types, amenities and neighborhoods are the admins' to edit and delete, so they are
//   seeded only into an empty table: a type an admin deleted must not come back at the next start.
// Existing rows are never changed (an admin's exchange rate or renamed type stays as it is).
import type { Db } from '../../db/connection.ts';
import { COUNTRIES } from './countries-data.ts';
import { COMMODITIES, CURRENCIES, DEFAULT_CURRENCY, NEIGHBORHOODS, PROPERTY_TYPES } from './reference-data.ts';
import { referenceDataRepository, type SeedState } from './reference-data.repository.ts';

export interface SeedReport {
  countries: number;
  currencies: number;
  propertyTypes: number;
  commodities: number;
  neighborhoods: number;
}

const CURRENCY_CODES = CURRENCIES.map((c) => c.code);

function complete(s: SeedState): boolean {
  return (
    s.countries >= COUNTRIES.length &&
    s.seededCurrencies === CURRENCIES.length &&
    s.hasDefaultCurrency &&
    s.hasPropertyTypes &&
    s.hasCommodities &&
    s.hasNeighborhoods
  );
}

/**
 * Inserts the reference data that is missing; one query when nothing is. Safe when several
 * instances start at once: every insert skips rows a unique index already holds, and the
 * default currency is set only while there is none.
 */
export async function seedReferenceData(db: Db): Promise<SeedReport> {
  const report: SeedReport = { countries: 0, currencies: 0, propertyTypes: 0, commodities: 0, neighborhoods: 0 };
  const state = await referenceDataRepository(db).state(CURRENCY_CODES);
  if (complete(state)) return report;
  await db.transaction(async (tx) => {
    const repo = referenceDataRepository(tx);
    if (state.countries < COUNTRIES.length) {
      report.countries = await repo.insertCountries(COUNTRIES.map(([code, name]) => ({ code, name })));
    }
    if (state.seededCurrencies < CURRENCIES.length) {
      report.currencies = await repo.insertCurrencies(
        CURRENCIES.map((c) => ({
          code: c.code,
          name: c.name,
          symbol: c.symbol,
          decimals: c.decimals,
          exchangeRate: c.rate,
          isDefault: false,
          isActive: true,
        })),
      );
    }
    if (!state.hasDefaultCurrency) await repo.defaultIfNone(DEFAULT_CURRENCY);
    if (!state.hasPropertyTypes)
      report.propertyTypes = await repo.insertPropertyTypes(PROPERTY_TYPES.map((t) => ({ ...t })));
    if (!state.hasCommodities) report.commodities = await repo.insertCommodities(COMMODITIES.map((c) => ({ ...c })));
    if (!state.hasNeighborhoods) {
      report.neighborhoods = await repo.insertNeighborhoods(
        NEIGHBORHOODS.flatMap((n) => n.names.map((name) => ({ countryCode: n.country, city: n.city, name }))),
      );
    }
  });
  return report;
}
