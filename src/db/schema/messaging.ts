// Messages between users (and from external travel platforms), notifications (one row per
// recipient), and the chatbot's conversations and FAQ.
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { properties } from './properties.ts';
import { reservations } from './reservations.ts';
import { serialId, ts, ref } from './columns.ts';

export const messages = pgTable(
  'messages',
  {
    id: serialId(),
    /** null when the sender is external (a guest writing through a travel platform). */
    senderId: ref('sender_id').references(() => users.id),
    /** null when the receiver is external (an owner replying on a travel platform's thread). */
    receiverId: ref('receiver_id').references(() => users.id),
    content: text('content').notNull().default(''),
    /** 'text', 'image' or 'file' (the real-time chat message's type). */
    kind: text('kind').notNull().default('text'),
    /** Storage key of the attachment; never sent as is (the API serves it by URL). */
    attachmentKey: text('attachment_key'),
    attachmentName: text('attachment_name'),
    attachmentMime: text('attachment_mime'),
    reservationId: ref('reservation_id').references(() => reservations.id),
    documentId: text('document_id'),
    isRead: boolean('is_read').notNull().default(false),
    readAt: ts('read_at'),
    /** 'internal', or the platform a message came from / goes to: 'channel_ota_a', 'channel_ota_b'. */
    source: text('source').notNull().default('internal'),
    provider: text('provider'),
    externalThreadId: text('external_thread_id'),
    externalGuestName: text('external_guest_name'),
    bookingId: ref('booking_id'),
    /** The channel manager's own id of the message, so a repeated delivery is stored once. */
    externalMessageId: text('external_message_id'),
    propertyId: ref('property_id').references(() => properties.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('messages_receiver_idx').on(t.receiverId, t.createdAt),
    index('messages_sender_idx').on(t.senderId, t.createdAt),
    index('messages_thread_idx').on(t.externalThreadId, t.createdAt).where(sql`external_thread_id IS NOT NULL`),
    index('messages_unread_idx').on(t.receiverId).where(sql`NOT is_read`),
    uniqueIndex('messages_external_uq').on(t.source, t.externalMessageId),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serialId(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The WebSocket type (new_reservation, reservation_confirmed, reservation_cancelled,
     * payment_received, refund_pending, message) or 'general' for support broadcasts.
     */
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    /** Free members (reservation_id, property_name, ...); the REST form serialises it as a string. */
    payload: jsonb('payload').notNull().default(sql`'{}'::jsonb`),
    isRead: boolean('is_read').notNull().default(false),
    readAt: ts('read_at'),
    /** The outbox event it was made from (null for a support broadcast): one notification per event and recipient. */
    sourceEventId: ref('source_event_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx').on(t.userId).where(sql`NOT is_read`),
    uniqueIndex('notifications_event_user_uq').on(t.sourceEventId, t.userId),
  ],
);

/** Questions asked to the chatbot, its answer, and support's reply when it handed over. */
export const chatbotConversations = pgTable(
  'chatbot_conversations',
  {
    id: serialId(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    propertyId: ref('property_id').references(() => properties.id),
    question: text('question').notNull(),
    answer: text('answer'),
    /** 'answered' (by the bot), 'needs_support' (handed over), 'replied' (support answered). */
    status: text('status').notNull(),
    /** What the answer came from: 'property', 'faq', or null when handed over. */
    answeredFrom: text('answered_from'),
    supportReply: text('support_reply'),
    repliedBy: ref('replied_by').references(() => users.id),
    repliedAt: ts('replied_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('chatbot_conversations_created_idx').on(t.createdAt),
    index('chatbot_conversations_status_idx').on(t.status, t.createdAt),
  ],
);

/** Admin-managed answers the chatbot can give. */
export const chatbotFaqs = pgTable('chatbot_faqs', {
  id: serialId(),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  /** Words that point to this answer, lower-case. */
  keywords: jsonb('keywords').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
