// One query for a page of the caller's conversations: the latest message per counterpart (another
// user, or a travel-platform thread of one of the caller's listings), the unread count, and the
// counterpart's name, phone (when the caller may see it) and last-seen time.
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { queryRows } from '../../db/query-rows.ts';

export interface SummaryRow {
  messageId: number;
  senderId: number | null;
  content: string;
  kind: string;
  hasAttachment: boolean;
  createdAt: Date;
  source: string;
  provider: string | null;
  threadId: string | null;
  guestName: string | null;
  unread: number;
  peerId: number | null;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  lastSeenAt: Date | null;
}

type Raw = Record<string, unknown>;
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const date = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));
const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

export function conversationSummariesRepository(db: Executor) {
  return {
    /**
     * Messages are the caller's when they sent or received them: a travel platform's messages are
     * addressed to the listing's owner, and the owner's replies are sent by them, so one index
     * lookup per direction finds both internal and external conversations.
     */
    async page(
      me: number,
      staff: boolean,
      limit: number,
      offset: number,
    ): Promise<{ rows: SummaryRow[]; total: number }> {
      const res = await queryRows<Raw>(
        db,
        sql`
        WITH mine AS (
          SELECT m.id, m.sender_id, m.receiver_id, m.content, m.kind, m.attachment_key, m.is_read, m.created_at,
                 m.source, m.provider, m.external_thread_id, m.external_guest_name,
                 CASE WHEN m.external_thread_id IS NOT NULL THEN 'x:' || m.external_thread_id
                      WHEN m.sender_id = ${me} THEN 'u:' || m.receiver_id::text
                      ELSE 'u:' || m.sender_id::text END AS peer_key
          FROM messages m
          WHERE (m.sender_id = ${me} OR m.receiver_id = ${me})
            AND (m.external_thread_id IS NOT NULL OR (m.sender_id IS NOT NULL AND m.receiver_id IS NOT NULL))
        ),
        latest AS (
          SELECT DISTINCT ON (peer_key) mine.*,
                 count(*) FILTER (WHERE receiver_id = ${me} AND NOT is_read) OVER (PARTITION BY peer_key) AS unread,
                 max(external_guest_name) OVER (PARTITION BY peer_key) AS guest_name
          FROM mine
          ORDER BY peer_key, created_at DESC, id DESC
        )
        SELECT t.total, p.*
        FROM (SELECT count(*) AS total FROM latest) t
        LEFT JOIN LATERAL (
          SELECT l.id AS message_id, l.sender_id, l.content, l.kind, l.attachment_key IS NOT NULL AS has_attachment, l.created_at,
                 l.source, l.provider, l.external_thread_id, l.guest_name, l.unread,
                 u.id AS peer_id, u.username, u.first_name, u.last_name, u.last_seen_at,
                 CASE WHEN ${staff}::boolean OR EXISTS (
                   SELECT 1 FROM reservations r JOIN properties p ON p.id = r.property_id
                   WHERE (r.guest_id = ${me} AND p.owner_id = u.id) OR (r.guest_id = u.id AND p.owner_id = ${me})
                 ) THEN u.phone END AS phone
          FROM latest l
          LEFT JOIN users u ON l.external_thread_id IS NULL
                           AND u.id = CASE WHEN l.sender_id = ${me} THEN l.receiver_id ELSE l.sender_id END
          ORDER BY l.created_at DESC, l.id DESC
          LIMIT ${limit} OFFSET ${offset}
        ) p ON true`,
      );
      const total = Number(res.rows[0]?.total ?? 0);
      const rows = res.rows
        .filter((r) => r.message_id !== null && r.message_id !== undefined)
        .map(
          (r): SummaryRow => ({
            messageId: Number(r.message_id),
            senderId: num(r.sender_id),
            content: String(r.content ?? ''),
            kind: String(r.kind),
            hasAttachment: Boolean(r.has_attachment),
            createdAt: date(r.created_at)!,
            source: String(r.source),
            provider: text(r.provider),
            threadId: text(r.external_thread_id),
            guestName: text(r.guest_name),
            unread: Number(r.unread ?? 0),
            peerId: num(r.peer_id),
            username: text(r.username),
            firstName: text(r.first_name),
            lastName: text(r.last_name),
            phone: text(r.phone),
            lastSeenAt: date(r.last_seen_at),
          }),
        );
      return { rows, total };
    },
  };
}
