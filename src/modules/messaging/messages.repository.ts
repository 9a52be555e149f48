// SQL of the messages table: writing messages, one conversation's page, read marks, and the
// relations that decide who may write to whom.
import { and, count, desc, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { messages, properties, reservations } from '../../db/schema/index.ts';

export type MessageRow = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;

/** A message a travel platform delivered (through the channel manager) to a listing's owner. */
export interface ExternalMessageInput {
  source: 'channel_ota_a' | 'channel_ota_b';
  provider: 'OtaA' | 'OtaB';
  externalThreadId: string;
  /** The channel manager's id of the message: a repeated delivery is stored once. */
  externalMessageId: string;
  externalGuestName: string | null;
  bookingId: number | null;
  propertyId: number;
  content: string;
  createdAt?: Date;
}

/** What a thread's messages tell about it: the listing, its owner, the platform. */
export interface ThreadInfo {
  propertyId: number | null;
  ownerId: number | null;
  source: string;
  provider: string | null;
  bookingId: number | null;
  guestName: string | null;
}

/** Both directions between two users, outside travel-platform threads. */
const between = (me: number, other: number): SQL =>
  and(
    isNull(messages.externalThreadId),
    or(
      and(eq(messages.senderId, me), eq(messages.receiverId, other)),
      and(eq(messages.senderId, other), eq(messages.receiverId, me)),
    ),
  )!;

export type ConversationKey = { kind: 'user'; userId: number } | { kind: 'thread'; threadId: string };

const conversationWhere = (me: number, key: ConversationKey): SQL =>
  key.kind === 'user' ? between(me, key.userId) : eq(messages.externalThreadId, key.threadId);

export function messagesRepository(db: Executor) {
  return {
    async insert(values: NewMessage): Promise<MessageRow> {
      const [row] = await db.insert(messages).values(values).returning();
      return row!;
    },

    async findById(id: number): Promise<MessageRow | undefined> {
      const [row] = await db.select().from(messages).where(eq(messages.id, id)).limit(1);
      return row;
    },

    /**
     * Stores a message from a travel platform, addressed to the listing's owner. Returns null when
     * the same external message was stored before (a repeated webhook delivery).
     */
    async insertExternalMessage(m: ExternalMessageInput): Promise<MessageRow | null> {
      const rows = await db
        .insert(messages)
        .values({
          senderId: null,
          receiverId: sql`(SELECT owner_id FROM properties WHERE id = ${m.propertyId})`,
          content: m.content,
          kind: 'text',
          source: m.source,
          provider: m.provider,
          externalThreadId: m.externalThreadId,
          externalMessageId: m.externalMessageId,
          externalGuestName: m.externalGuestName,
          bookingId: m.bookingId,
          propertyId: m.propertyId,
          createdAt: m.createdAt,
          updatedAt: m.createdAt,
        })
        .onConflictDoNothing({ target: [messages.source, messages.externalMessageId] })
        .returning();
      return rows[0] ?? null;
    },

    /** The thread's listing and platform, from the latest message the platform delivered in it. */
    async threadInfo(threadId: string): Promise<ThreadInfo | undefined> {
      const [row] = await db
        .select({
          propertyId: messages.propertyId,
          ownerId: properties.ownerId,
          source: messages.source,
          provider: messages.provider,
          bookingId: messages.bookingId,
          guestName: messages.externalGuestName,
        })
        .from(messages)
        .leftJoin(properties, eq(properties.id, messages.propertyId))
        .where(and(eq(messages.externalThreadId, threadId), isNull(messages.senderId)))
        .orderBy(desc(messages.id))
        .limit(1);
      return row;
    },

    async page(
      me: number,
      key: ConversationKey,
      limit: number,
      offset: number,
      order: 'asc' | 'desc',
    ): Promise<{ rows: MessageRow[]; total: number }> {
      const where = conversationWhere(me, key);
      const dir = order === 'asc' ? asc : desc;
      const rows = await db
        .select()
        .from(messages)
        .where(where)
        .orderBy(dir(messages.createdAt), dir(messages.id))
        .limit(limit)
        .offset(offset);
      const [c] = await db.select({ n: count() }).from(messages).where(where);
      return { rows, total: Number(c?.n ?? 0) };
    },

    /** Marks every unread message to `me` in the conversation read; returns how many. */
    async markRead(me: number, key: ConversationKey, at: Date): Promise<number> {
      const rows = await db
        .update(messages)
        .set({ isRead: true, readAt: at })
        .where(and(conversationWhere(me, key), eq(messages.receiverId, me), eq(messages.isRead, false)))
        .returning({ id: messages.id });
      return rows.length;
    },

    /** Whether `from` has ever written to `to` (outside travel-platform threads). */
    async hasWritten(from: number, to: number): Promise<boolean> {
      const [row] = await db
        .select({ id: messages.id })
        .from(messages)
        .where(and(isNull(messages.externalThreadId), eq(messages.senderId, from), eq(messages.receiverId, to)))
        .limit(1);
      return Boolean(row);
    },

    /** Whether one of the two booked a listing of the other (any reservation status). */
    async shareReservation(a: number, b: number): Promise<boolean> {
      const [row] = await db
        .select({ id: reservations.id })
        .from(reservations)
        .innerJoin(properties, eq(properties.id, reservations.propertyId))
        .where(
          or(
            and(eq(reservations.guestId, a), eq(properties.ownerId, b)),
            and(eq(reservations.guestId, b), eq(properties.ownerId, a)),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    /** The guest and the listing owner of a reservation. */
    async reservationParties(id: number): Promise<{ guestId: number | null; ownerId: number } | undefined> {
      const [row] = await db
        .select({ guestId: reservations.guestId, ownerId: properties.ownerId })
        .from(reservations)
        .innerJoin(properties, eq(properties.id, reservations.propertyId))
        .where(eq(reservations.id, id))
        .limit(1);
      return row;
    },
  };
}
