// SQL behind the pricing engine's input. Every method is one statement whatever the number of
// rooms, nights or extras asked for. The listing's rules are read whole (a listing has a handful
// of each), so they can be cached per listing (pricing-input-cache.ts) and picked per request.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { mapRow, rowJson } from '../../db/map-row.ts';
import {
  currencies,
  offers,
  packages,
  promoCodes,
  properties,
  ratePlans,
  roomTypes,
  seasons,
  services,
} from '../../db/schema/index.ts';

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

/** The listing with everything its prices depend on but the calendar and promo codes. */
export interface ListingRules {
  property: PropertyRow;
  /** The currency's exponent; null when its row is missing. */
  decimals: number | null;
  roomTypes: RoomTypeRow[];
  ratePlans: RatePlanRow[];
  seasons: SeasonRow[];
  offers: OfferRow[];
  packages: PackageRow[];
  services: ServiceRow[];
}

/** `alias`'s rows as one jsonb array, in `order`; '[]' when there are none. */
const rowsJson = (table: Parameters<typeof rowJson>[0], alias: string, order: string) =>
  sql`coalesce(jsonb_agg(${rowJson(table, alias)} ORDER BY ${sql.raw(order)}), '[]'::jsonb)`;

export function pricingInputRepository(db: Executor) {
  return {
    /**
     * The listing's rules in one statement (a cold preview or calendar was seven): each list
     * comes back as a jsonb array decoded as drizzle decodes its own rows. A listing has a
     * handful of each, so the arrays stay small.
     */
    async rules(id: number): Promise<ListingRules | undefined> {
      const res = await db.execute(sql`
        SELECT ${rowJson(properties, 'p')} AS property, c.decimals,
          (SELECT ${rowsJson(roomTypes, 't', 't.id')} FROM room_types t WHERE t.property_id = p.id) AS room_types,
          (SELECT ${rowsJson(ratePlans, 'r', 'r.id')} FROM rate_plans r JOIN room_types t ON t.id = r.room_type_id
            WHERE t.property_id = p.id) AS rate_plans,
          (SELECT ${rowsJson(seasons, 's', 's.start_date, s.id')} FROM seasons s WHERE s.property_id = p.id) AS seasons,
          (SELECT ${rowsJson(offers, 'o', 'o.id')} FROM offers o WHERE o.property_id = p.id) AS offers,
          (SELECT ${rowsJson(packages, 'k', 'k.id')} FROM packages k WHERE k.property_id = p.id) AS packages,
          (SELECT ${rowsJson(services, 'v', 'v.id')} FROM services v WHERE v.property_id = p.id) AS services
        FROM properties p LEFT JOIN currencies c ON c.code = p.currency_code
        WHERE p.id = ${id}`);
      const [row] = rowsOf<Record<string, unknown>>(res);
      if (!row) return undefined;
      const list = <T extends Parameters<typeof mapRow>[0]>(table: T, v: unknown) =>
        (v as Record<string, unknown>[]).map((x) => mapRow(table, x));
      return {
        property: mapRow(properties, row.property as Record<string, unknown>),
        decimals: row.decimals === null ? null : Number(row.decimals),
        roomTypes: list(roomTypes, row.room_types),
        ratePlans: list(ratePlans, row.rate_plans),
        seasons: list(seasons, row.seasons),
        offers: list(offers, row.offers),
        packages: list(packages, row.packages),
        services: list(services, row.services),
      };
    },

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

    /** Calendar rows of the given unit kinds (0 = whole listing) over the nights [checkin, checkout). */
    async nights(
      propertyId: number,
      roomTypeIds: number[],
      checkin: string,
      checkout: string,
    ): Promise<CalendarNight[]> {
      if (roomTypeIds.length === 0 || checkout <= checkin) return [];
      const res = await db.execute(sql`
        SELECT room_type_id, to_char(night, 'YYYY-MM-DD') AS night, price, available_rooms, stop_sell, booked + blocked AS booked
        FROM property_nights
        WHERE property_id = ${propertyId}
          AND room_type_id IN (${sql.join(
            roomTypeIds.map((id) => sql`${id}`),
            sql`, `,
          )})
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
      const [row] = await db
        .select()
        .from(promoCodes)
        .where(and(eq(promoCodes.propertyId, propertyId), eq(promoCodes.id, id)))
        .limit(1);
      return row;
    },
  };
}
