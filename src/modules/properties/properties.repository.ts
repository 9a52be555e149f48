// SQL of the properties table and of the rows that belong to one listing (its amenities).
import { and, count, desc, eq, gt, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import {
  reservations,
  offers,
  packages,
  promoCodes,
  properties,
  propertyCommodities,
  propertyMedias,
  propertyNights,
  ratePlans,
  roomTypes,
  services,
} from '../../db/schema/index.ts';
import { queryRows } from '../../db/query-rows.ts';

export type PropertyRow = typeof properties.$inferSelect;
export type NewProperty = typeof properties.$inferInsert;
export type PropertyChanges = Partial<Omit<NewProperty, 'id'>>;

export interface OwnerListFilter {
  ownerId: number;
  /** One status, or every status but `archived` when absent. */
  status?: string;
}

export function propertiesRepository(db: Executor) {
  return {
    async findById(id: number): Promise<PropertyRow | undefined> {
      const [row] = await db.select().from(properties).where(eq(properties.id, id)).limit(1);
      return row;
    },

    /** Locks the row for a change decided on its current state (wizard steps, status). */
    async lockById(id: number): Promise<PropertyRow | undefined> {
      const [row] = await db.select().from(properties).where(eq(properties.id, id)).for('update').limit(1);
      return row;
    },

    async insert(values: NewProperty): Promise<PropertyRow> {
      const [row] = await db.insert(properties).values(values).returning();
      return row!;
    },

    async update(id: number, changes: PropertyChanges): Promise<PropertyRow> {
      const [row] = await db.update(properties).set(changes).where(eq(properties.id, id)).returning();
      return row!;
    },

    async delete(id: number): Promise<void> {
      await db.delete(properties).where(eq(properties.id, id));
    },

    /**
     * Whether deleting the listing would erase history: any reservation, in any status, any
     * night ever sold (channel bookings may hold nights before a reservation row exists), any
     * message, chatbot question or review about it.
     */
    async hasReservationHistory(propertyId: number): Promise<boolean> {
      const [booked] = await db
        .select({ one: propertyNights.propertyId })
        .from(propertyNights)
        .where(and(eq(propertyNights.propertyId, propertyId), gt(propertyNights.booked, 0)))
        .limit(1);
      if (booked) return true;
      const [reserved] = await db
        .select({ id: reservations.id })
        .from(reservations)
        .where(eq(reservations.propertyId, propertyId))
        .limit(1);
      if (reserved) return true;
      // Conversations about the listing (messages, chatbot questions) are history too.
      const res = await queryRows<{ kept: boolean }>(
        db,
        sql`
        SELECT EXISTS (SELECT 1 FROM messages WHERE property_id = ${propertyId})
            OR EXISTS (SELECT 1 FROM chatbot_conversations WHERE property_id = ${propertyId})
            OR EXISTS (SELECT 1 FROM reviews WHERE property_id = ${propertyId}) AS kept`,
      );
      return Boolean(res.rows[0]?.kept);
    },

    /**
     * Whether rows of other modules hold amounts in the listing currency's minor units
     * (packages, services, rate plans, fixed offers and promo codes): a currency with other
     * decimals would misread them.
     */
    async hasPricedExtras(propertyId: number): Promise<boolean> {
      const result = await queryRows<{ priced: boolean }>(
        db,
        sql`
        SELECT EXISTS (SELECT 1 FROM ${packages} WHERE property_id = ${propertyId})
            OR EXISTS (SELECT 1 FROM ${services} WHERE property_id = ${propertyId})
            OR EXISTS (SELECT 1 FROM ${offers} WHERE property_id = ${propertyId} AND discount_type = 'fixed')
            OR EXISTS (SELECT 1 FROM ${promoCodes} WHERE property_id = ${propertyId} AND discount_type = 'fixed')
            OR EXISTS (SELECT 1 FROM ${ratePlans} rp JOIN ${roomTypes} rt ON rt.id = rp.room_type_id WHERE rt.property_id = ${propertyId})
            OR EXISTS (SELECT 1 FROM ${propertyNights} WHERE property_id = ${propertyId} AND price IS NOT NULL) AS "priced"
      `,
      );
      return result.rows[0]?.priced === true;
    },

    async setRatePlansCurrency(propertyId: number, currency: string): Promise<void> {
      await db
        .update(ratePlans)
        .set({ currency })
        .where(
          inArray(
            ratePlans.roomTypeId,
            db.select({ id: roomTypes.id }).from(roomTypes).where(eq(roomTypes.propertyId, propertyId)),
          ),
        );
    },

    /** Replaces the listing's amenities with exactly these ids. */
    async replaceCommodities(propertyId: number, commodityIds: number[]): Promise<void> {
      await db.delete(propertyCommodities).where(eq(propertyCommodities.propertyId, propertyId));
      if (commodityIds.length)
        await db.insert(propertyCommodities).values(commodityIds.map((commodityId) => ({ propertyId, commodityId })));
    },

    /** Storage keys of the listing's media files and thumbnails, to remove after a deletion commits. */
    async mediaKeys(propertyId: number): Promise<string[]> {
      const rows = await db
        .select({ key: propertyMedias.storageKey, thumb: propertyMedias.thumbnailKey })
        .from(propertyMedias)
        .where(eq(propertyMedias.propertyId, propertyId));
      return rows.flatMap((r) => (r.thumb ? [r.key, r.thumb] : [r.key]));
    },

    /** One owner's listings, newest first. */
    async listByOwner(
      filter: OwnerListFilter,
      limit: number,
      offset: number,
    ): Promise<{ rows: PropertyRow[]; total: number }> {
      const conds: SQL[] = [eq(properties.ownerId, filter.ownerId)];
      conds.push(filter.status ? eq(properties.status, filter.status) : ne(properties.status, 'archived'));
      const where = and(...conds);
      const rows = await db
        .select()
        .from(properties)
        .where(where)
        .orderBy(desc(properties.id))
        .limit(limit)
        .offset(offset);
      const [{ total }] = (await db.select({ total: count() }).from(properties).where(where)) as [{ total: number }];
      return { rows, total: Number(total) };
    },

    async findByIds(ids: number[]): Promise<PropertyRow[]> {
      if (!ids.length) return [];
      return db.select().from(properties).where(inArray(properties.id, ids));
    },
  };
}
