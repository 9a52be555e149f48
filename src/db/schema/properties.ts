// Listings and what hangs off them: media, pricing rules, room types, rate plans, the per-night
// calendar, favorites. Money is integer minor units in the property's currency.
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  time,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { commodities, countries, neighborhoods, propertyTypes } from './catalog.ts';
import { serialId, ts, ref, money } from './columns.ts';

export const properties = pgTable(
  'properties',
  {
    id: serialId(),
    ownerId: ref('owner_id')
      .notNull()
      .references(() => users.id),
    /** draft (steps missing) → active ↔ inactive; archived when deleted with reservation history. */
    status: text('status').notNull().default('draft'),
    visibility: boolean('visibility').notNull().default(true),
    recommended: boolean('recommended').notNull().default(false),
    // Step 1
    whoAreYou: text('who_are_you'),
    nameOfStructure: text('name_of_structure'),
    // Step 2
    internalName: text('internal_name'),
    publicName: text('public_name'),
    typeId: ref('type_id').references(() => propertyTypes.id),
    description: text('description'),
    // Step 3
    countryCode: text('country_code').references(() => countries.code),
    address: text('address'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    neighborhoodId: ref('neighborhood_id').references(() => neighborhoods.id),
    timezone: text('timezone').notNull().default('UTC'),
    // Step 4
    currencyCode: text('currency_code').notNull().default('EUR'),
    basePrice: money('base_price'),
    pricePerNight: money('price_per_night'),
    /** The form's `pricing`: no stated meaning, stored and returned unchanged. */
    pricing: numeric('pricing', { precision: 18, scale: 4 }),
    cleaningFee: money('cleaning_fee'),
    /** Tax rate in percent of the sub-total. */
    taxRate: numeric('tax_rate', { precision: 6, scale: 3 }),
    securityDeposit: money('security_deposit'),
    weeklyDiscountPercent: numeric('weekly_discount_percent', { precision: 5, scale: 2 }).notNull().default('0'),
    monthlyDiscountPercent: numeric('monthly_discount_percent', { precision: 5, scale: 2 }).notNull().default('0'),
    // Step 5
    capacity: integer('capacity'),
    squareFootage: integer('square_footage'),
    checkInTime: time('check_in_time'),
    checkInTimeEnd: time('check_in_time_end'),
    checkOutTime: time('check_out_time'),
    breakfastIncluded: boolean('breakfast_included').notNull().default(false),
    petsAllowed: boolean('pets_allowed').notNull().default(false),
    // Step 6
    rules: jsonb('rules').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    cancellationPolicy: jsonb('cancellation_policy').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    specifications: jsonb('specifications').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    features: jsonb('features').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    // Step 7
    channelSyncRequested: boolean('channel_sync_requested').notNull().default(false),
    channelPropertyId: text('channel_property_id'),
    channelSyncedAt: ts('channel_synced_at'),
    /** A listing sold whole is one remote room type with one rate plan: their channel-manager ids. */
    channelUnitRoomTypeId: text('channel_unit_room_type_id'),
    channelUnitRatePlanId: text('channel_unit_rate_plan_id'),
    /** Secret part of the property's iCal export link (GET /properties/{id}/calendar.ics?token=…). */
    icalToken: text('ical_token'),
    // Step 8
    someInformations: jsonb('some_informations')
      .$type<Array<{ key: string; value: string }>>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    wifiInformations: jsonb('wifi_informations').$type<{ network: string; password: string; speed: string } | null>(),
    /** Steps the wizard has saved (1–8). */
    completedSteps: jsonb('completed_steps').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('properties_owner_idx').on(t.ownerId),
    uniqueIndex('properties_ical_token_uq').on(t.icalToken),
    uniqueIndex('properties_channel_property_uq').on(t.channelPropertyId),
    // Public search: only active + visible rows are candidates, so the partial indexes stay small.
    index('properties_public_geo_idx').on(t.latitude, t.longitude).where(sql`status = 'active' AND visibility`),
    index('properties_public_price_idx').on(t.pricePerNight).where(sql`status = 'active' AND visibility`),
    index('properties_public_type_idx').on(t.typeId).where(sql`status = 'active' AND visibility`),
    index('properties_public_neighborhood_idx').on(t.neighborhoodId).where(sql`status = 'active' AND visibility`),
    index('properties_public_created_idx').on(t.createdAt).where(sql`status = 'active' AND visibility`),
    index('properties_recommended_idx').on(t.id).where(sql`recommended AND status = 'active' AND visibility`),
  ],
);

export const propertyCommodities = pgTable(
  'property_commodities',
  {
    propertyId: ref('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    commodityId: ref('commodity_id')
      .notNull()
      .references(() => commodities.id),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.commodityId] }),
    index('property_commodities_commodity_idx').on(t.commodityId),
  ],
);

export const propertyMedias = pgTable(
  'property_medias',
  {
    id: serialId(),
    propertyId: ref('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    mediaType: text('media_type').notNull(),
    storageKey: text('storage_key').notNull(),
    mime: text('mime').notNull(),
    thumbnailKey: text('thumbnail_key'),
    position: integer('position').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('property_medias_property_idx').on(t.propertyId, t.position)],
);

export const seasons = pgTable(
  'seasons',
  {
    id: serialId(),
    propertyId: ref('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    reductionPercent: numeric('reduction_percent', { precision: 5, scale: 2 }).notNull().default('0'),
    minStay: integer('min_stay'),
    maxStay: integer('max_stay'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('seasons_property_idx').on(t.propertyId, t.startDate)],
);

export const offers = pgTable(
  'offers',
  {
    id: serialId(),
    propertyId: ref('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    discountType: text('discount_type').notNull(),
    /** Percent, or minor units when fixed. */
    discountValue: numeric('discount_value', { precision: 14, scale: 2 }).notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    minNights: integer('min_nights').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('offers_property_idx').on(t.propertyId)],
);

export const packages = pgTable(
  'packages',
  {
    id: serialId(),
    propertyId: ref('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    price: money('price').notNull(),
    isGlobal: boolean('is_global').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('packages_property_idx').on(t.propertyId)],
);

export const services = pgTable(
  'services',
  {
    id: serialId(),
    propertyId: ref('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    price: money('price').notNull(),
    type: text('type').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('services_property_idx').on(t.propertyId)],
);

export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serialId(),
    propertyId: ref('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    discountType: text('discount_type').notNull(),
    discountValue: numeric('discount_value', { precision: 14, scale: 2 }).notNull(),
    validFrom: date('valid_from').notNull(),
    validTo: date('valid_to').notNull(),
    maxUses: integer('max_uses'),
    usedCount: integer('used_count').notNull().default(0),
    minNights: integer('min_nights').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('promo_codes_property_code_uq').on(t.propertyId, sql`lower(${t.code})`)],
);

/** The spec's channel room type: a kind of room with `count_of_rooms` identical units. */
export const roomTypes = pgTable(
  'room_types',
  {
    id: serialId(),
    propertyId: ref('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    countOfRooms: integer('count_of_rooms').notNull(),
    occAdults: integer('occ_adults').notNull(),
    occChildren: integer('occ_children').notNull().default(0),
    capacity: integer('capacity').notNull(),
    channelRoomTypeId: text('channel_room_type_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('room_types_property_idx').on(t.propertyId)],
);

/** Weekday arrays have 7 entries, Monday first. */
export const ratePlans = pgTable(
  'rate_plans',
  {
    id: serialId(),
    roomTypeId: ref('room_type_id')
      .notNull()
      .references(() => roomTypes.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    currency: text('currency').notNull(),
    /** Default nightly rate, minor units. */
    price: money('price').notNull(),
    maxStay: jsonb('max_stay').$type<number[]>().notNull(),
    minStayArrival: jsonb('min_stay_arrival').$type<number[]>().notNull(),
    closedToArrival: jsonb('closed_to_arrival').$type<boolean[]>().notNull(),
    closedToDeparture: jsonb('closed_to_departure').$type<boolean[]>().notNull(),
    stopSell: jsonb('stop_sell').$type<boolean[]>().notNull(),
    sellMode: text('sell_mode').notNull().default('per_room'),
    rateMode: text('rate_mode').notNull().default('manual'),
    channelRatePlanId: text('channel_rate_plan_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('rate_plans_room_type_idx').on(t.roomTypeId)],
);

/**
 * One row per unit kind and night that differs from the defaults: a price or availability
 * override, stop-sell, and how many units are sold. `room_type_id` 0 is the whole property
 * (a listing without room types is one unit). Reservations change `booked` with conditional
 * updates, so a night is never sold beyond its count.
 */
export const propertyNights = pgTable(
  'property_nights',
  {
    propertyId: ref('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    roomTypeId: ref('room_type_id').notNull().default(0),
    night: date('night').notNull(),
    price: money('price'),
    availableRooms: integer('available_rooms'),
    stopSell: boolean('stop_sell').notNull().default(false),
    booked: integer('booked').notNull().default(0),
    /** Units blocked by imported external calendars (iCal); they count against availability like bookings. */
    blocked: integer('blocked').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.roomTypeId, t.night] }),
    // A listing's nights in a date range over all its unit kinds (booked nights of the read form
    // and of a booking's answer): without it the range is a filter over every row the listing
    // ever had, so the read grew with its history. Not partial on booked: updates of booked stay HOT.
    index('property_nights_property_night_idx').on(t.propertyId, t.night),
  ],
);

export const favorites = pgTable(
  'favorites',
  {
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    propertyId: ref('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.propertyId] }), index('favorites_property_idx').on(t.propertyId)],
);
