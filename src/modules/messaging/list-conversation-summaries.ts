// GET /chats/conversation_summaries: the caller's conversations, the latest first.
//
// Decisions:
// - paginated like every list (page, per_page ≤ 100; meta.total counts conversations);
// - is_read is 1 when nothing addressed to the caller in the conversation is unread (unread_count
//   gives the number), whoever wrote last;
// - phone only to support/admin or between the guest and the owner of a shared reservation;
// - is_online from the presence port in one call for the page; last_seen only when offline.
import type { Deps } from '../../kernel/deps.ts';
import { pageWindow, type PageQuery } from '../../platform/pagination.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { isStaff } from '../properties/index.ts';
import { conversationSummariesRepository, type SummaryRow } from './conversation-summaries.repository.ts';
import { displayName } from './message-view.ts';
import type { ConversationSummary } from './messaging.schemas.ts';

export async function listConversationSummaries(deps: Deps, caller: AuthUser, q: PageQuery) {
  const { page, perPage, offset } = pageWindow(q);
  const { rows, total } = await conversationSummariesRepository(deps.db).page(
    caller.id,
    isStaff(caller),
    perPage,
    offset,
  );
  const peers = rows.filter((r) => r.threadId === null && r.peerId !== null).map((r) => r.peerId!);
  const online = peers.length ? await deps.presence.online([...new Set(peers)]) : new Set<number>();
  const data = rows.map((r) => toSummary(r, caller.id, online));
  return { data, meta: { current_page: page, per_page: perPage, total } };
}

function lastMessage(r: SummaryRow): string {
  if (r.content) return r.content;
  if (r.hasAttachment) return r.kind === 'file' ? '[file]' : '[image]';
  return '';
}

function toSummary(r: SummaryRow, me: number, online: Set<number>): ConversationSummary {
  const common = {
    last_message: lastMessage(r),
    timestamp: r.createdAt.toISOString(),
    is_read: (r.unread > 0 ? 0 : 1) as 0 | 1,
    unread_count: r.unread,
    sent_by_me: r.senderId === me,
  };
  if (r.threadId !== null) {
    const provider = r.provider === 'OtaA' || r.provider === 'OtaB' ? r.provider : undefined;
    return {
      user_id: r.threadId,
      user_name: r.guestName ?? 'Guest',
      ...common,
      source: 'channel',
      ...(provider ? { provider } : {}),
    };
  }
  const isOnline = r.peerId !== null && online.has(r.peerId);
  return {
    user_id: r.peerId!,
    user_name: displayName(r),
    ...(r.phone ? { phone: r.phone } : {}),
    ...common,
    is_online: isOnline,
    ...(!isOnline && r.lastSeenAt ? { last_seen: r.lastSeenAt.toISOString() } : {}),
    source: 'internal',
  };
}
