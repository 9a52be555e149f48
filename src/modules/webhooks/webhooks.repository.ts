// SQL of outgoing webhooks: endpoints, their deliveries (the queue the delivery job claims from),
// and the reads the projector needs to route an event to the owner of its listing.
import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { properties, reservations, users, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type NewEndpoint = Pick<
  typeof webhookEndpoints.$inferInsert,
  'userId' | 'scope' | 'url' | 'events' | 'description' | 'secret'
>;
export type NewDelivery = Pick<
  typeof webhookDeliveries.$inferInsert,
  'endpointId' | 'eventId' | 'type' | 'messageId' | 'source'
>;

export function webhooksRepository(db: Executor) {
  return {
    async insertEndpoint(values: NewEndpoint, now: Date): Promise<EndpointRow> {
      const [row] = await db
        .insert(webhookEndpoints)
        .values({ ...values, createdAt: now, updatedAt: now })
        .returning();
      return row!;
    },

    async findEndpoint(id: number): Promise<EndpointRow | null> {
      const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
      return row ?? null;
    },

    /** A page of endpoints, newest first: one subscriber's, or everyone's (userId null). */
    async listEndpoints(userId: number | null, limit: number, offset: number) {
      const where = userId === null ? undefined : eq(webhookEndpoints.userId, userId);
      const [rows, [total]] = await Promise.all([
        db.select().from(webhookEndpoints).where(where).orderBy(desc(webhookEndpoints.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(webhookEndpoints).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async updateEndpoint(
      id: number,
      set: Partial<Omit<typeof webhookEndpoints.$inferInsert, 'id' | 'userId' | 'scope' | 'createdAt'>>,
    ): Promise<EndpointRow | null> {
      const [row] = await db.update(webhookEndpoints).set(set).where(eq(webhookEndpoints.id, id)).returning();
      return row ?? null;
    },

    async deleteEndpoint(id: number): Promise<void> {
      await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    },

    /** Enabled endpoints subscribed to any of these events (names of WEBHOOK_EVENTS: no quoting needed). */
    async subscribers(events: string[]) {
      if (!events.length) return [];
      return db
        .select({
          id: webhookEndpoints.id,
          userId: webhookEndpoints.userId,
          scope: webhookEndpoints.scope,
          events: webhookEndpoints.events,
        })
        .from(webhookEndpoints)
        .where(
          and(
            eq(webhookEndpoints.enabled, true),
            sql`${webhookEndpoints.events} && ${`{${events.join(',')}}`}::text[]`,
          ),
        );
    },

    /** The owner of each reservation's listing. */
    async reservationOwners(ids: number[]): Promise<Map<number, number | null>> {
      if (!ids.length) return new Map();
      const rows = await db
        .select({ id: reservations.id, ownerId: properties.ownerId })
        .from(reservations)
        .innerJoin(properties, eq(properties.id, reservations.propertyId))
        .where(inArray(reservations.id, ids));
      return new Map(rows.map((r) => [r.id, r.ownerId]));
    },

    /** Queues deliveries; one already queued for the same event and endpoint is kept as it is. */
    async enqueue(rows: NewDelivery[], now: Date): Promise<DeliveryRow[]> {
      if (!rows.length) return [];
      return db
        .insert(webhookDeliveries)
        .values(rows.map((r) => ({ ...r, nextAttemptAt: now, createdAt: now })))
        .onConflictDoNothing()
        .returning();
    },

    /**
     * Claims up to `limit` due deliveries (pending, or claimed by a sender that died: its claim
     * ran out) and counts the attempt; other instances skip the locked rows, so each attempt is
     * made by one instance. A claim lasts until `until`.
     */
    async claimDue(limit: number, now: Date, until: Date): Promise<DeliveryRow[]> {
      const due = db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(
          and(
            inArray(webhookDeliveries.status, ['pending', 'sending']),
            sql`${webhookDeliveries.nextAttemptAt} <= ${now.toISOString()}::timestamptz`,
          ),
        )
        .orderBy(webhookDeliveries.nextAttemptAt)
        .limit(limit)
        .for('update', { skipLocked: true });
      const rows = await db
        .update(webhookDeliveries)
        .set({ status: 'sending', attempts: sql`${webhookDeliveries.attempts} + 1`, nextAttemptAt: until })
        .where(inArray(webhookDeliveries.id, due))
        .returning();
      return rows.sort((a, b) => a.id - b.id);
    },

    /** The endpoints of claimed deliveries, with their subscriber's role and e-mail. */
    async endpointsWithSubscribers(ids: number[]) {
      if (!ids.length) return new Map<number, EndpointRow & { role: string; email: string }>();
      const rows = await db
        .select({ endpoint: webhookEndpoints, role: users.role, email: users.email })
        .from(webhookEndpoints)
        .innerJoin(users, eq(users.id, webhookEndpoints.userId))
        .where(inArray(webhookEndpoints.id, ids));
      return new Map(rows.map((r) => [r.endpoint.id, { ...r.endpoint, role: r.role, email: r.email }]));
    },

    /** Keeps the bodies of a batch's first attempts, in one statement. */
    async keepBodies(bodies: Array<{ id: number; body: string }>): Promise<void> {
      if (!bodies.length) return;
      await db.execute(sql`
        UPDATE webhook_deliveries d SET body = v.body
        FROM jsonb_to_recordset(${JSON.stringify(bodies)}::jsonb) AS v(id bigint, body text)
        WHERE d.id = v.id`);
    },

    /** Records successes and ends their endpoints' failing streaks, in one statement. */
    async markSucceeded(done: Array<{ id: number; statusCode: number; at: Date }>): Promise<void> {
      const rows = done.map((d) => ({ id: d.id, status_code: d.statusCode, at: d.at.toISOString() }));
      await db.execute(sql`
        WITH done AS (
          UPDATE webhook_deliveries d
          SET status = 'succeeded', last_status_code = v.status_code, last_error = NULL, delivered_at = v.at
          FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(id bigint, status_code int, at timestamptz)
          WHERE d.id = v.id
          RETURNING d.endpoint_id
        )
        UPDATE webhook_endpoints SET failing_since = NULL
        WHERE id IN (SELECT endpoint_id FROM done) AND failing_since IS NOT NULL`);
    },

    /**
     * Puts a delivery back for `retryAt`, or gives up (`retryAt` null); notes when its endpoint
     * began failing. The endpoint's row is updated first: its lock orders the failures of one
     * endpoint, so one that waits sees a disable committed meanwhile and takes no more attempts.
     */
    async markFailed(d: {
      id: number;
      endpointId: number;
      statusCode: number | null;
      error: string;
      retryAt: Date | null;
      at: Date;
    }): Promise<{ failingSince: Date | null }> {
      const [endpoint] = await db
        .update(webhookEndpoints)
        .set({ failingSince: sql`COALESCE(${webhookEndpoints.failingSince}, ${d.at.toISOString()}::timestamptz)` })
        .where(eq(webhookEndpoints.id, d.endpointId))
        .returning({ failingSince: webhookEndpoints.failingSince, enabled: webhookEndpoints.enabled });
      const retry = d.retryAt !== null && endpoint?.enabled === true;
      await db
        .update(webhookDeliveries)
        .set({
          status: retry ? 'pending' : 'failed',
          lastStatusCode: d.statusCode,
          lastError: d.error,
          ...(retry && d.retryAt ? { nextAttemptAt: d.retryAt } : {}),
        })
        .where(eq(webhookDeliveries.id, d.id));
      return { failingSince: endpoint?.failingSince ?? null };
    },

    /** Disables an endpoint still enabled; the endpoint when this call disabled it. Its queued deliveries fail. */
    async disable(id: number, at: Date): Promise<EndpointRow | null> {
      const [done] = await db
        .update(webhookEndpoints)
        .set({ enabled: false, disabledAt: at, updatedAt: at })
        .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.enabled, true)))
        .returning();
      if (!done) return null;
      await db
        .update(webhookDeliveries)
        .set({ status: 'failed', lastError: 'endpoint disabled after failing for 5 days' })
        .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.status, 'pending')));
      return done;
    },

    async listDeliveries(endpointId: number, limit: number, offset: number) {
      const where = eq(webhookDeliveries.endpointId, endpointId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(webhookDeliveries)
          .where(where)
          .orderBy(desc(webhookDeliveries.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(webhookDeliveries).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async findDelivery(endpointId: number, id: number): Promise<DeliveryRow | null> {
      const [row] = await db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.endpointId, endpointId)));
      return row ?? null;
    },

    /** Due again now (a retry asked for); a delivery being sent is left to its sender. */
    async requeue(id: number, now: Date): Promise<DeliveryRow | null> {
      const [row] = await db
        .update(webhookDeliveries)
        .set({ status: 'pending', nextAttemptAt: now })
        .where(and(eq(webhookDeliveries.id, id), ne(webhookDeliveries.status, 'sending')))
        .returning();
      return row ?? null;
    },

    /** Queue figures for /metrics: deliveries due by status and the age of the oldest due one (seconds). */
    async backlog(now: Date): Promise<{ pending: number; sending: number; oldestDueSeconds: number }> {
      const [row] = await db
        .select({
          pending: sql<number>`count(*) FILTER (WHERE ${webhookDeliveries.status} = 'pending')::int`,
          sending: sql<number>`count(*) FILTER (WHERE ${webhookDeliveries.status} = 'sending')::int`,
          oldest: sql<number>`COALESCE(EXTRACT(EPOCH FROM ${now.toISOString()}::timestamptz - min(${webhookDeliveries.nextAttemptAt})), 0)::float8`,
        })
        .from(webhookDeliveries)
        .where(
          and(
            inArray(webhookDeliveries.status, ['pending', 'sending']),
            sql`${webhookDeliveries.nextAttemptAt} <= ${now.toISOString()}::timestamptz`,
          ),
        );
      return {
        pending: Number(row?.pending ?? 0),
        sending: Number(row?.sending ?? 0),
        oldestDueSeconds: Math.max(0, Number(row?.oldest ?? 0)),
      };
    },
  };
}
