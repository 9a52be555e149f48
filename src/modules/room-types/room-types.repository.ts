// SQL of room types and their rate plans.
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { properties, ratePlans, roomTypes } from '../../db/schema/index.ts';

export type RoomTypeRow = typeof roomTypes.$inferSelect;
export type NewRoomType = typeof roomTypes.$inferInsert;
export type RatePlanRow = typeof ratePlans.$inferSelect;
export type NewRatePlan = typeof ratePlans.$inferInsert;

interface Window {
  offset: number;
  limit: number;
}

export function roomTypesRepository(db: Executor) {
  return {
    /**
     * Locks the listing row: changes that count or number its children (room types, plans) take
     * turns, so two concurrent requests cannot both pass a limit.
     */
    async lockProperty(propertyId: number): Promise<void> {
      await db.select({ id: properties.id }).from(properties).where(eq(properties.id, propertyId)).for('update');
    },

    async listByProperty(propertyId: number, w: Window): Promise<{ rows: RoomTypeRow[]; total: number }> {
      const rows = await db
        .select()
        .from(roomTypes)
        .where(eq(roomTypes.propertyId, propertyId))
        .orderBy(asc(roomTypes.id))
        .limit(w.limit)
        .offset(w.offset);
      return { rows, total: await this.countByProperty(propertyId) };
    },

    /** The room types of several listings, oldest first (the read forms of a batch). */
    async ofListings(propertyIds: number[]): Promise<RoomTypeRow[]> {
      return db.select().from(roomTypes).where(inArray(roomTypes.propertyId, propertyIds)).orderBy(asc(roomTypes.id));
    },

    /** The rate plans of every room type of several listings, oldest first. */
    async plansOfListings(propertyIds: number[]): Promise<RatePlanRow[]> {
      const rows = await db
        .select({ plan: ratePlans })
        .from(ratePlans)
        .innerJoin(roomTypes, eq(roomTypes.id, ratePlans.roomTypeId))
        .where(inArray(roomTypes.propertyId, propertyIds))
        .orderBy(asc(ratePlans.id));
      return rows.map((r) => r.plan);
    },

    async countByProperty(propertyId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(roomTypes).where(eq(roomTypes.propertyId, propertyId));
      return Number(row?.n ?? 0);
    },

    /** A room type of this listing only: another listing's id is "not found". */
    async findInProperty(
      propertyId: number,
      id: number,
      opts: { lock?: boolean } = {},
    ): Promise<RoomTypeRow | undefined> {
      const q = db
        .select()
        .from(roomTypes)
        .where(and(eq(roomTypes.id, id), eq(roomTypes.propertyId, propertyId)))
        .limit(1);
      const [row] = opts.lock ? await q.for('update') : await q;
      return row;
    },

    async insert(values: NewRoomType): Promise<RoomTypeRow> {
      const [row] = await db.insert(roomTypes).values(values).returning();
      return row!;
    },

    async update(id: number, values: Partial<NewRoomType>): Promise<RoomTypeRow> {
      const [row] = await db.update(roomTypes).set(values).where(eq(roomTypes.id, id)).returning();
      return row!;
    },

    /** Removes the room type; its rate plans go with it (cascade). */
    async delete(id: number): Promise<void> {
      await db.delete(roomTypes).where(eq(roomTypes.id, id));
    },

    /** Rate plans of several room types, oldest first (the first is the default rate). */
    async plansOf(roomTypeIds: number[]): Promise<Map<number, RatePlanRow[]>> {
      const out = new Map<number, RatePlanRow[]>(roomTypeIds.map((id) => [id, []]));
      if (roomTypeIds.length === 0) return out;
      const rows = await db
        .select()
        .from(ratePlans)
        .where(inArray(ratePlans.roomTypeId, roomTypeIds))
        .orderBy(asc(ratePlans.id));
      for (const r of rows) out.get(r.roomTypeId)?.push(r);
      return out;
    },

    async listPlans(roomTypeId: number, w: Window): Promise<{ rows: RatePlanRow[]; total: number }> {
      const rows = await db
        .select()
        .from(ratePlans)
        .where(eq(ratePlans.roomTypeId, roomTypeId))
        .orderBy(asc(ratePlans.id))
        .limit(w.limit)
        .offset(w.offset);
      return { rows, total: await this.countPlans(roomTypeId) };
    },

    async countPlans(roomTypeId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(ratePlans).where(eq(ratePlans.roomTypeId, roomTypeId));
      return Number(row?.n ?? 0);
    },

    /** The room type's default rate plan: the oldest one. */
    async firstPlan(roomTypeId: number): Promise<RatePlanRow | undefined> {
      const [row] = await db
        .select()
        .from(ratePlans)
        .where(eq(ratePlans.roomTypeId, roomTypeId))
        .orderBy(asc(ratePlans.id))
        .limit(1);
      return row;
    },

    async findPlan(roomTypeId: number, id: number): Promise<RatePlanRow | undefined> {
      const [row] = await db
        .select()
        .from(ratePlans)
        .where(and(eq(ratePlans.id, id), eq(ratePlans.roomTypeId, roomTypeId)))
        .limit(1);
      return row;
    },

    async insertPlan(values: NewRatePlan): Promise<RatePlanRow> {
      const [row] = await db.insert(ratePlans).values(values).returning();
      return row!;
    },

    async updatePlan(id: number, values: Partial<NewRatePlan>): Promise<RatePlanRow> {
      const [row] = await db.update(ratePlans).set(values).where(eq(ratePlans.id, id)).returning();
      return row!;
    },

    async deletePlan(id: number): Promise<void> {
      await db.delete(ratePlans).where(eq(ratePlans.id, id));
    },
  };
}
