// GET /chats/messages/{otherUserId}: one conversation, a page at a time, and it is now read.
//
// Decisions:
// - newest first by default (page 1 is the latest messages, later pages go back in time);
//   order=asc gives oldest first;
// - reading marks every unread message to the caller in the conversation read (not only those of
//   the page), in the same transaction; the page shows each message as it was before, so a client
//   can tell which ones were new; read receipts reach the sender on their next fetch (no event);
// - an unknown user is 404; a deleted one keeps their history; oneself is 422;
// - a travel-platform thread: its listing's owner, or support/admin (reading, not marking:
//   nothing there is addressed to them).
import type { Deps } from '../../kernel/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { pageWindow, type PageQuery } from '../../platform/pagination.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { findUserById } from '../users/index.ts';
import { loadThreadForRead, notSelf, parseConversationKey } from './message-access.ts';
import { toMessageView } from './message-view.ts';
import { messagesRepository } from './messages.repository.ts';
import type { MessageView } from './messaging.schemas.ts';

export interface MessagesQuery extends PageQuery {
  order?: 'asc' | 'desc';
}

export async function listMessages(deps: Deps, caller: AuthUser, other: string, q: MessagesQuery) {
  const key = parseConversationKey(other, 'otherUserId');
  if (key.kind === 'user') {
    notSelf(caller, key.userId, 'otherUserId');
    if (!(await findUserById(deps.db, key.userId))) throw notFound('User');
  } else {
    await loadThreadForRead(deps.db, caller, key.threadId);
  }
  const { page, perPage, offset } = pageWindow(q);
  const now = deps.clock.now();
  const { rows, total } = await deps.db.transaction(async (tx) => {
    const repo = messagesRepository(tx);
    const found = await repo.page(caller.id, key, perPage, offset, q.order ?? 'desc');
    await repo.markRead(caller.id, key, now);
    return found;
  });
  const data: MessageView[] = rows.map((m) => toMessageView(m, caller.id));
  return { data, meta: { current_page: page, per_page: perPage, total } };
}
