// Reference data of the catalogue: property types, amenities, countries, neighborhoods, currencies.
import { boolean, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { serialId, ts } from './columns.ts';

export const propertyTypes = pgTable(
  'property_types',
  {
    id: serialId(),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('property_types_name_uq').on(sql`lower(${t.name})`)],
);

/** Amenities ("commodities" in the spec), grouped by `type` (e.g. kitchen, safety, outdoor). */
export const commodities = pgTable(
  'commodities',
  {
    id: serialId(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('commodities_name_uq').on(sql`lower(${t.name})`)],
);

/** ISO 3166-1 countries; `code` (alpha-2) is the `country.id` of the creation form. */
export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
});

export const neighborhoods = pgTable(
  'neighborhoods',
  {
    id: serialId(),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    city: text('city').notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('neighborhoods_uq').on(t.countryCode, sql`lower(${t.city})`, sql`lower(${t.name})`)],
);

/** Currencies; `decimals` is the ISO 4217 minor-unit exponent (JPY 0, EUR 2). */
export const currencies = pgTable(
  'currencies',
  {
    id: serialId(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    symbol: text('symbol').notNull(),
    decimals: integer('decimals').notNull().default(2),
    /** Units of this currency per one unit of the default currency. */
    exchangeRate: numeric('exchange_rate', { precision: 18, scale: 8 }).notNull().default('1'),
    isDefault: boolean('is_default').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('currencies_code_uq').on(t.code),
    uniqueIndex('currencies_one_default_uq').on(t.isDefault).where(sql`is_default`),
    index('currencies_active_idx').on(t.isActive),
  ],
);
