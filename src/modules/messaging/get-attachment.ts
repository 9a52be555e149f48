// GET /chats/attachments/{messageId}: the file of a message, for its sender, its receiver (the
// listing's owner for a travel-platform thread) and support/admin; 404 for anyone else.
import type { Deps } from '../../kernel/deps.ts';
import { notFound } from '../../platform/errors.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { isStaff } from '../properties/index.ts';
import { messagesRepository } from './messages.repository.ts';

export async function getAttachment(deps: Deps, caller: AuthUser, messageId: number) {
  const m = await messagesRepository(deps.db).findById(messageId);
  const party = m && (m.senderId === caller.id || m.receiverId === caller.id || isStaff(caller));
  if (!m || !party || !m.attachmentKey || !m.attachmentMime) throw notFound('Attachment');
  const ext = m.attachmentKey.slice(m.attachmentKey.lastIndexOf('.') + 1);
  // The sender's file name, with the extension of the checked type (never the claimed one).
  const base = (m.attachmentName ?? '').replace(/\.[^.]*$/, '').trim() || `message-${m.id}`;
  return { key: m.attachmentKey, mime: m.attachmentMime, downloadName: `${base}.${ext}` };
}
