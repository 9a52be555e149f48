// SQL behind the pricing engine's input. Every method is one statement whatever the number of
// rooms, nights or extras asked for. The listing's rules are read whole (a listing has a handful
// of each), so they can be cached per listing (pricing-input-cache.ts) and picked per request.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { currencies, offers, packages, promoCodes, properties, ratePlans, roomTypes, seasons, services } from '../../db/schema/index.ts';

export type PropertyRow = typeof properties.$inferSelect;
export type RoomTypeRow = typeof roomTypes.$inferSelect;
export type RatePlanRow = typeof ratePlans.$inferSelect;
export type SeasonRow = typeof seasons.$inferSelect;
export type OfferRow = typeof offers.$inferSelect;
export type PromoCodeRow = typeof promoCodes.$inferSelect;
export type PackageRow = typeof packages.$inferSelect;
export type ServiceRow = typeof services.$inferSelect;

/** A calendar row of one unit kind and night; nights without a row are absent. */
export interface CalendarNight {
  roomTypeId: number;
  night: string;
  price: number | null;
  availableRooms: number | null;
  stopSell: boolean;
  booked: number;
}

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

/** A property_nights row as selected here (night as YYYY-MM-DD text). */
export const toNight = (r: Record<string, unknown>): CalendarNight => ({
  roomTypeId: Number(r.room_type_id),
  night: String(r.night),
  price: r.price === null ? null : Number(r.price),
  availableRooms: r.available_rooms === null ? null : Number(r.available_rooms),
  stopSell: Boolean(r.stop_sell),
  booked: Number(r.booked),
});

export function pricingInputRepository(db: Executor) {
  return {
    /** The listing with its currency's exponent (null when the currency row is missing). */
    async property(id: number): Promise<{ property: PropertyRow; decimals: number | null } | undefined> {
      const [row] = await db
        .select({ property: properties, decimals: currencies.decimals })
        .from(properties)
        .leftJoin(currencies, eq(currencies.code, properties.currencyCode))
        .where(eq(properties.id, id))
        .limit(1);
      return row;
    },

    /** Every room type of the listing: a listing has few, and their count decides how it is sold. */
    async roomTypes(propertyId: number): Promise<RoomTypeRow[]> {
      return db.select().from(roomTypes).where(eq(roomTypes.propertyId, propertyId)).orderBy(asc(roomTypes.id));
    },

    /** Every rate plan of the listing's room types. */
    async ratePlans(propertyId: number): Promise<RatePlanRow[]> {
      const rows = await db
        .select({ plan: ratePlans })
        .from(ratePlans)
        .innerJoin(roomTypes, eq(roomTypes.id, ratePlans.roomTypeId))
        .where(eq(roomTypes.propertyId, propertyId))
        .orderBy(asc(ratePlans.id));
      return rows.map((r) => r.plan);
    },

    /** Calendar rows of the given unit kinds (0 = whole listing) over the nights [checkin, checkout). */
    async nights(propertyId: number, roomTypeIds: number[], checkin: string, checkout: string): Promise<CalendarNight[]> {
      if (roomTypeIds.length === 0 || checkout <= checkin) return [];
      const res = await db.execute(sql`
        SELECT room_type_id, to_char(night, 'YYYY-MM-DD') AS night, price, available_rooms, stop_sell, booked + blocked AS booked
        FROM property_nights
        WHERE property_id = ${propertyId}
          AND room_type_id IN (${sql.join(roomTypeIds.map((id) => sql`${id}`), sql`, `)})
          AND night >= ${checkin}::date AND night < ${checkout}::date`);
      return rowsOf<Record<string, unknown>>(res).map(toNight);
    },

    /** Every calendar row of the listing from `from` on, all unit kinds; at most `limit` rows. */
    async calendarFrom(propertyId: number, from: string, limit: number): Promise<CalendarNight[]> {
      const res = await db.execute(sql`
        SELECT room_type_id, to_char(night, 'YYYY-MM-DD') AS night, price, available_rooms, stop_sell, booked + blocked AS booked
        FROM property_nights WHERE property_id = ${propertyId} AND night >= ${from}::date
        LIMIT ${limit}`);
      return rowsOf<Record<string, unknown>>(res).map(toNight);
    },

    /** Every season of the listing, by start date. */
    async seasons(propertyId: number): Promise<SeasonRow[]> {
      return db.select().from(seasons).where(eq(seasons.propertyId, propertyId)).orderBy(asc(seasons.startDate), asc(seasons.id));
    },

    async offers(propertyId: number): Promise<OfferRow[]> {
      return db.select().from(offers).where(eq(offers.propertyId, propertyId)).orderBy(asc(offers.id));
    },

    /** Codes are unique per listing ignoring case (promo_codes_property_code_uq). */
    async promoByCode(propertyId: number, code: string): Promise<PromoCodeRow | undefined> {
      const [row] = await db
        .select()
        .from(promoCodes)
        .where(and(eq(promoCodes.propertyId, propertyId), sql`lower(${promoCodes.code}) = lower(${code})`))
        .limit(1);
      return row;
    },

    async promoById(propertyId: number, id: number): Promise<PromoCodeRow | undefined> {
      const [row] = await db.select().from(promoCodes).where(and(eq(promoCodes.propertyId, propertyId), eq(promoCodes.id, id))).limit(1);
      return row;
    },

    async packages(propertyId: number): Promise<PackageRow[]> {
      return db.select().from(packages).where(eq(packages.propertyId, propertyId)).orderBy(asc(packages.id));
    },

    async services(propertyId: number): Promise<ServiceRow[]> {
      return db.select().from(services).where(eq(services.propertyId, propertyId)).orderBy(asc(services.id));
    },
  };
}
