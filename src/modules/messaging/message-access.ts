// Who may write to whom and who may read what (contract §8), shared by every messaging use case.
//
// Decisions:
// - anyone may write to an owner, support or admin; support and admin may write to anyone;
// - writing to a client needs a reservation in common (one booked a listing of the other, in any
//   status: a guest whose hold expired may still be asked about it), or that the client wrote to
//   the sender first (so an owner can answer a question asked before booking); otherwise 403;
// - a travel-platform thread is read by the owner of its listing and by support/admin; only
//   the owner may reply (support/admin get 403, anyone else 404, as for an unknown thread).
import type { Executor } from '../../db/connection.ts';
import { AppError, forbidden, invalidField, notFound } from '../../platform/errors.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { isStaff } from '../properties/index.ts';
import type { UserRow } from '../users/index.ts';
import { messagesRepository, type ConversationKey, type ThreadInfo } from './messages.repository.ts';

const OPEN_TO_ALL = new Set(['owner', 'support', 'admin']);

export async function checkMayWrite(db: Executor, sender: AuthUser, receiver: UserRow): Promise<void> {
  if (OPEN_TO_ALL.has(receiver.role) || isStaff(sender)) return;
  const repo = messagesRepository(db);
  if (await repo.shareReservation(sender.id, receiver.id)) return;
  if (await repo.hasWritten(receiver.id, sender.id)) return;
  throw forbidden('You may write to a traveller only about a reservation you have in common, or in reply to them');
}

/** A travel-platform thread the caller may read; 404 for anyone else. */
export async function loadThreadForRead(db: Executor, caller: AuthUser, threadId: string): Promise<ThreadInfo> {
  const thread = await messagesRepository(db).threadInfo(threadId);
  if (!thread || !(isStaff(caller) || (thread.ownerId !== null && thread.ownerId === caller.id)))
    throw notFound('Conversation');
  return thread;
}

/** A thread the caller may answer: only the owner of the thread's listing. */
export async function loadThreadForReply(db: Executor, caller: AuthUser, threadId: string): Promise<ThreadInfo> {
  const thread = await loadThreadForRead(db, caller, threadId);
  if (thread.ownerId !== caller.id)
    throw forbidden('Only the owner of the listing may answer a travel-platform conversation');
  return thread;
}

/**
 * A conversation address: digits are a user id, anything else an external thread id. A thread id
 * made only of digits cannot be told from a user id; the channel manager's ids (UUIDs) never are.
 */
export function parseConversationKey(raw: number | string, field: string): ConversationKey {
  if (typeof raw === 'number') return { kind: 'user', userId: raw };
  const text = raw.trim();
  if (/^\d+$/.test(text)) {
    const id = Number(text);
    if (!Number.isSafeInteger(id) || id < 1) throw invalidField(field, 'must be a user id or an external thread id');
    return { kind: 'user', userId: id };
  }
  if (!text) throw invalidField(field, 'must be a user id or an external thread id');
  return { kind: 'thread', threadId: text };
}

/** 422 for a conversation with oneself. */
export function notSelf(caller: AuthUser, userId: number, field: string): void {
  if (userId === caller.id)
    throw new AppError('VALIDATION_FAILED', 'You cannot write to yourself', { [field]: ['must be another user'] });
}
