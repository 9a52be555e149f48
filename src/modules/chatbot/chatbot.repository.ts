// SQL of the chatbot: conversations, the FAQ, and what the bot reads about a listing (amenity
// names, whether the caller has a confirmed stay there).
import { and, asc, count, desc, eq, gte, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import {
  chatbotConversations,
  chatbotFaqs,
  commodities,
  propertyCommodities,
  reservations,
  users,
} from '../../db/schema/index.ts';

export type ConversationRow = typeof chatbotConversations.$inferSelect;
export type NewConversation = typeof chatbotConversations.$inferInsert;
export type FaqRow = typeof chatbotFaqs.$inferSelect;
export type NewFaq = typeof chatbotFaqs.$inferInsert;

export interface ConversationUserRow {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  avatar: string | null;
}

export function chatbotRepository(db: Executor) {
  return {
    async insertConversation(values: NewConversation): Promise<ConversationRow> {
      const [row] = await db.insert(chatbotConversations).values(values).returning();
      return row!;
    },

    /** Locks the conversation for support's reply, so two agents cannot both answer it. */
    async lockConversation(id: number): Promise<ConversationRow | undefined> {
      const [row] = await db
        .select()
        .from(chatbotConversations)
        .where(eq(chatbotConversations.id, id))
        .for('update')
        .limit(1);
      return row;
    },

    async updateConversation(id: number, changes: Partial<NewConversation>): Promise<ConversationRow> {
      const [row] = await db
        .update(chatbotConversations)
        .set(changes)
        .where(eq(chatbotConversations.id, id))
        .returning();
      return row!;
    },

    async listConversations(status: string | undefined, limit: number, offset: number) {
      const where = status ? eq(chatbotConversations.status, status) : undefined;
      const rows = await db
        .select({
          conversation: chatbotConversations,
          user: {
            id: users.id,
            username: users.username,
            firstName: users.firstName,
            lastName: users.lastName,
            avatar: users.avatar,
          },
        })
        .from(chatbotConversations)
        .innerJoin(users, eq(users.id, chatbotConversations.userId))
        .where(where)
        .orderBy(desc(chatbotConversations.createdAt), desc(chatbotConversations.id))
        .limit(limit)
        .offset(offset);
      const [c] = await db.select({ n: count() }).from(chatbotConversations).where(where);
      return {
        rows: rows as Array<{ conversation: ConversationRow; user: ConversationUserRow }>,
        total: Number(c?.n ?? 0),
      };
    },

    async activeFaqs(): Promise<FaqRow[]> {
      return db.select().from(chatbotFaqs).where(eq(chatbotFaqs.isActive, true)).orderBy(asc(chatbotFaqs.id));
    },

    async listFaqs(
      isActive: boolean | undefined,
      limit: number,
      offset: number,
    ): Promise<{ rows: FaqRow[]; total: number }> {
      const where: SQL | undefined = isActive === undefined ? undefined : eq(chatbotFaqs.isActive, isActive);
      const rows = await db
        .select()
        .from(chatbotFaqs)
        .where(where)
        .orderBy(asc(chatbotFaqs.id))
        .limit(limit)
        .offset(offset);
      const [c] = await db.select({ n: count() }).from(chatbotFaqs).where(where);
      return { rows, total: Number(c?.n ?? 0) };
    },

    async findFaq(id: number): Promise<FaqRow | undefined> {
      const [row] = await db.select().from(chatbotFaqs).where(eq(chatbotFaqs.id, id)).limit(1);
      return row;
    },

    async insertFaq(values: NewFaq): Promise<FaqRow> {
      const [row] = await db.insert(chatbotFaqs).values(values).returning();
      return row!;
    },

    async updateFaq(id: number, changes: Partial<NewFaq>): Promise<FaqRow | undefined> {
      const [row] = await db.update(chatbotFaqs).set(changes).where(eq(chatbotFaqs.id, id)).returning();
      return row;
    },

    async deleteFaq(id: number): Promise<boolean> {
      const rows = await db.delete(chatbotFaqs).where(eq(chatbotFaqs.id, id)).returning({ id: chatbotFaqs.id });
      return rows.length > 0;
    },

    async amenityNames(propertyId: number): Promise<string[]> {
      const rows = await db
        .select({ name: commodities.name })
        .from(propertyCommodities)
        .innerJoin(commodities, eq(commodities.id, propertyCommodities.commodityId))
        .where(eq(propertyCommodities.propertyId, propertyId))
        .orderBy(asc(commodities.id));
      return rows.map((r) => r.name);
    },

    /** Whether the user has a confirmed reservation at the listing whose stay is not over (checkout ≥ today). */
    async hasConfirmedStay(userId: number, propertyId: number, today: string): Promise<boolean> {
      const [row] = await db
        .select({ id: reservations.id })
        .from(reservations)
        .where(
          and(
            eq(reservations.guestId, userId),
            eq(reservations.propertyId, propertyId),
            eq(reservations.status, 'confirmed'),
            gte(reservations.checkoutDate, today),
          ),
        )
        .limit(1);
      return Boolean(row);
    },
  };
}
