// SQL of the push bookkeeping: pending changes (ranges waiting to be sent), and per listing and
// kind the channel_push_state row, which is also the claim: whoever holds its row lock (taken
// with SKIP LOCKED) and then leases it may send for that listing and kind, so two instances
// never push the same rows nor exceed the per-minute budget together.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { channelPendingChanges, channelPushState } from '../../db/schema/index.ts';
import { queryRows } from '../../db/query-rows.ts';

export type PushKind = 'availability' | 'restrictions';
/** The push kinds, plus 'link' (sending the listing itself) and 'reconcile' (the drift check), which keep their state in the same table. */
export type StateKind = PushKind | 'link' | 'reconcile';
export type PushStateRow = typeof channelPushState.$inferSelect;
export type PendingRow = { id: number; from: string; to: string };

export function channelPushRepository(db: Executor) {
  const state = async (propertyId: number, kind: StateKind): Promise<PushStateRow | undefined> => {
    const [row] = await db
      .select()
      .from(channelPushState)
      .where(and(eq(channelPushState.propertyId, propertyId), eq(channelPushState.kind, kind)));
    return row;
  };
  return {
    state,
    async queue(propertyId: number, kinds: PushKind[], from: string, to: string): Promise<void> {
      if (kinds.length && from < to)
        await db
          .insert(channelPendingChanges)
          .values(kinds.map((kind) => ({ propertyId, kind, dateFrom: from, dateTo: to })));
    },
    /** Queues a range for a listing only if it is linked (one statement; nothing for the others). */
    async queueIfLinked(propertyId: number, kinds: PushKind[], from: string, to: string): Promise<void> {
      if (!kinds.length || from >= to) return;
      await db.execute(sql`
        INSERT INTO channel_pending_changes (property_id, kind, date_from, date_to)
        SELECT p.id, k, ${from}::date, ${to}::date FROM properties p, unnest(${`{${kinds.join(',')}}`}::text[]) AS k
        WHERE p.id = ${propertyId} AND p.channel_property_id IS NOT NULL`);
    },
    /** Queues a reservation's nights (and the range a modification moved it from) for an availability push, if its listing is linked. */
    async queueReservation(reservationId: number, old?: { from: string; to: string }): Promise<void> {
      await db.execute(sql`
        INSERT INTO channel_pending_changes (property_id, kind, date_from, date_to)
        SELECT r.property_id, 'availability', LEAST(r.checkin_date, COALESCE(${old?.from ?? null}::date, r.checkin_date)),
               GREATEST(r.checkout_date, COALESCE(${old?.to ?? null}::date, r.checkout_date))
        FROM reservations r JOIN properties p ON p.id = r.property_id
        WHERE r.id = ${reservationId} AND p.channel_property_id IS NOT NULL`);
    },
    /** A linked listing's room types or rate plans changed: it is sent again by the next push run. */
    async requestRelinkIfLinked(propertyId: number): Promise<void> {
      await db.execute(
        sql`UPDATE properties SET channel_sync_requested = true WHERE id = ${propertyId} AND channel_property_id IS NOT NULL AND NOT channel_sync_requested`,
      );
    },
    /** Linked listings and kinds with changes waiting. */
    async waiting(): Promise<Array<{ propertyId: number; kind: PushKind }>> {
      const res = await queryRows<{ property_id: string | number; kind: PushKind }>(
        db,
        sql`
        SELECT DISTINCT c.property_id, c.kind FROM channel_pending_changes c
        JOIN properties p ON p.id = c.property_id AND p.channel_property_id IS NOT NULL
        ORDER BY c.property_id, c.kind`,
      );
      return res.rows.map((r) => ({ propertyId: Number(r.property_id), kind: r.kind }));
    },
    /** The waiting rows of a listing and kind, locked; rows another transaction holds are skipped. */
    async claimPending(propertyId: number, kind: PushKind): Promise<PendingRow[]> {
      const res = await queryRows<{
        id: string | number;
        date_from: string;
        date_to: string;
      }>(
        db,
        sql`
        SELECT id, to_char(date_from, 'YYYY-MM-DD') AS date_from, to_char(date_to, 'YYYY-MM-DD') AS date_to FROM channel_pending_changes
        WHERE property_id = ${propertyId} AND kind = ${kind} ORDER BY id FOR UPDATE SKIP LOCKED`,
      );
      return res.rows.map((r) => ({ id: Number(r.id), from: r.date_from, to: r.date_to }));
    },
    /** The ranges waiting to be pushed (read only, no lock). */
    async pendingRanges(propertyId: number, kind: PushKind): Promise<Array<{ from: string; to: string }>> {
      const res = await queryRows<{
        date_from: string;
        date_to: string;
      }>(
        db,
        sql`
        SELECT to_char(date_from, 'YYYY-MM-DD') AS date_from, to_char(date_to, 'YYYY-MM-DD') AS date_to FROM channel_pending_changes
        WHERE property_id = ${propertyId} AND kind = ${kind}`,
      );
      return res.rows.map((r) => ({ from: r.date_from, to: r.date_to }));
    },
    /** Deletes exactly the rows a push claimed (rows queued meanwhile stay for the next run). */
    async dropPending(ids: number[]): Promise<void> {
      if (ids.length) await db.delete(channelPendingChanges).where(inArray(channelPendingChanges.id, ids));
    },
    async pendingCounts(propertyId: number): Promise<Record<PushKind, number>> {
      const res = await queryRows<{ kind: PushKind; n: number }>(
        db,
        sql`SELECT kind, count(*)::int AS n FROM channel_pending_changes WHERE property_id = ${propertyId} GROUP BY kind`,
      );
      const out: Record<PushKind, number> = { availability: 0, restrictions: 0 };
      for (const r of res.rows) if (r.kind in out) out[r.kind] = Number(r.n);
      return out;
    },

    /**
     * Locks the listing's state row of a kind (created when missing) for the caller's transaction;
     * undefined when another transaction holds it (SKIP LOCKED: that one is deciding or settling).
     */
    async lockState(propertyId: number, kind: StateKind): Promise<PushStateRow | undefined> {
      await db.insert(channelPushState).values({ propertyId, kind }).onConflictDoNothing();
      const res = await queryRows<{ property_id: string | number }>(
        db,
        sql`
        SELECT property_id FROM channel_push_state WHERE property_id = ${propertyId} AND kind = ${kind} FOR UPDATE SKIP LOCKED`,
      );
      if (!res.rows.length) return undefined;
      return state(propertyId, kind);
    },
    async states(propertyId: number): Promise<PushStateRow[]> {
      return db.select().from(channelPushState).where(eq(channelPushState.propertyId, propertyId));
    },
    async saveState(
      propertyId: number,
      kind: StateKind,
      v: Partial<Omit<typeof channelPushState.$inferInsert, 'propertyId' | 'kind'>>,
    ): Promise<void> {
      await db
        .insert(channelPushState)
        .values({ propertyId, kind, ...v })
        .onConflictDoUpdate({ target: [channelPushState.propertyId, channelPushState.kind], set: v });
    },
  };
}
