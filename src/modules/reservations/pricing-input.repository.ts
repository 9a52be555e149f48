// SQL behind the pricing engine's input. Every method is one statement whatever the number of
// rooms, nights or extras asked for, so a preview costs a fixed number of queries.
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
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

    /** The rate plans among `ids` that belong to a room type of the listing. */
    async ratePlans(propertyId: number, ids: number[]): Promise<RatePlanRow[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ plan: ratePlans })
        .from(ratePlans)
        .innerJoin(roomTypes, eq(roomTypes.id, ratePlans.roomTypeId))
        .where(and(eq(roomTypes.propertyId, propertyId), inArray(ratePlans.id, ids)));
      return rows.map((r) => r.plan);
    },

    /** Calendar rows of the given unit kinds (0 = whole listing) over the nights [checkin, checkout). */
    async nights(propertyId: number, roomTypeIds: number[], checkin: string, checkout: string): Promise<CalendarNight[]> {
      if (roomTypeIds.length === 0 || checkout <= checkin) return [];
      const res = await db.execute(sql`
        SELECT room_type_id, to_char(night, 'YYYY-MM-DD') AS night, price, available_rooms, stop_sell, booked
        FROM property_nights
        WHERE property_id = ${propertyId}
          AND room_type_id IN (${sql.join(roomTypeIds.map((id) => sql`${id}`), sql`, `)})
          AND night >= ${checkin}::date AND night < ${checkout}::date`);
      return rowsOf<Record<string, unknown>>(res).map((r) => ({
        roomTypeId: Number(r.room_type_id),
        night: String(r.night),
        price: r.price === null ? null : Number(r.price),
        availableRooms: r.available_rooms === null ? null : Number(r.available_rooms),
        stopSell: Boolean(r.stop_sell),
        booked: Number(r.booked),
      }));
    },

    /** Seasons sharing a day with [from, to] (both inclusive). */
    async seasons(propertyId: number, from: string, to: string): Promise<SeasonRow[]> {
      return db
        .select()
        .from(seasons)
        .where(and(eq(seasons.propertyId, propertyId), lte(seasons.startDate, to), gte(seasons.endDate, from)))
        .orderBy(asc(seasons.startDate), asc(seasons.id));
    },

    async offer(propertyId: number, id: number): Promise<OfferRow | undefined> {
      const [row] = await db.select().from(offers).where(and(eq(offers.propertyId, propertyId), eq(offers.id, id))).limit(1);
      return row;
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

    async packages(propertyId: number, ids: number[]): Promise<PackageRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(packages).where(and(eq(packages.propertyId, propertyId), inArray(packages.id, ids))).orderBy(asc(packages.id));
    },

    async services(propertyId: number, ids: number[]): Promise<ServiceRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(services).where(and(eq(services.propertyId, propertyId), inArray(services.id, ids))).orderBy(asc(services.id));
    },
  };
}
