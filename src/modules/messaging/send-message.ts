// POST /chats/send_messages: a message to a user, or an owner's reply on a travel-platform thread.
//
// Decisions:
// - checks run in this order: content or attachment (422 content), receiver (404 unknown, deleted
//   or deactivated; 422 oneself; 403 per message-access.ts), reservation_id (404 when the caller
//   has no part in it, as for an unknown one; 422 when the receiver has none), then the file
//   (413 / 415), so nothing is stored for a message that will be refused;
// - an image attachment is re-encoded (platform/images.ts: metadata and trailers dropped, pixel
//   limit, 422); a PDF is kept as sent and only ever served as an attachment;
// - the file is written before the row (a row never points at a missing file) and removed again
//   when anything after the write fails (storeFilesThen);
// - reservation_id is refused on a travel-platform reply (the thread carries its booking_id).
import { randomUUID } from 'node:crypto';
import type { Deps } from '../../kernel/deps.ts';
import type { Tx } from '../../db/connection.ts';
import { publishAfterCommit } from '../../platform/after-commit.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import { checkAndReencode, IMAGE_MAX_EDGE } from '../../platform/images.ts';
import { storeFilesThen, type FileToStore } from '../../platform/stored-files.ts';
import { MAX_UPLOAD_BYTES, type CheckedFile, type FileKind, type UploadedFile } from '../../platform/uploads.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { isStaff } from '../properties/index.ts';
import { findUserById } from '../users/index.ts';
import { checkMayWrite, loadThreadForReply, notSelf, parseConversationKey } from './message-access.ts';
import { displayName, toMessageView } from './message-view.ts';
import { messagesRepository, type NewMessage } from './messages.repository.ts';
import type { MessageView, SendMessageInput } from './messaging.schemas.ts';
import { recordExternalReply, recordMessage } from './record-message.ts';

export const ATTACHMENT_KINDS: FileKind[] = ['jpeg', 'png', 'gif', 'webp', 'pdf'];

export async function sendMessage(deps: Deps, caller: AuthUser, input: SendMessageInput): Promise<MessageView> {
  const content = (input.content ?? '').trim();
  const upload = input.attachment && input.attachment.size > 0 ? input.attachment : undefined;
  if (!content && !upload) throw invalidField('content', 'write a message or attach a file');
  const key = parseConversationKey(input.receiver_id, 'receiver_id');
  const reservationId = input.reservation_id ?? null;
  const base = { content, documentId: input.document_id ?? null };

  if (key.kind === 'thread') {
    const thread = await loadThreadForReply(deps.db, caller, key.threadId);
    if (reservationId !== null)
      throw invalidField('reservation_id', 'a travel-platform conversation carries its own booking');
    const file = upload ? await checkAttachment(upload) : null;
    return store(deps, caller, file, upload, (tx, extra) =>
      recordExternalReply(tx, {
        ...base,
        ...extra,
        senderId: caller.id,
        externalThreadId: key.threadId,
        source: thread.source,
        provider: thread.provider,
        bookingId: thread.bookingId,
        propertyId: thread.propertyId,
        externalGuestName: thread.guestName,
      }),
    );
  }

  notSelf(caller, key.userId, 'receiver_id');
  const receiver = await findUserById(deps.db, key.userId);
  if (!receiver || receiver.deletedAt || !receiver.isActive) throw notFound('User');
  await checkMayWrite(deps.db, caller, receiver);
  if (reservationId !== null) await checkReservation(deps, caller, receiver.id, receiver.role, reservationId);
  const file = upload ? await checkAttachment(upload) : null;
  const sender = await findUserById(deps.db, caller.id);
  const senderName = sender ? displayName(sender) : `User ${caller.id}`;
  return store(deps, caller, file, upload, (tx, extra) =>
    recordMessage(tx, { ...base, ...extra, senderId: caller.id, receiverId: receiver.id, reservationId }, senderName),
  );
}

const checkAttachment = (upload: UploadedFile) =>
  checkAndReencode(upload, {
    field: 'attachment',
    allowed: ATTACHMENT_KINDS,
    maxBytes: MAX_UPLOAD_BYTES,
    maxEdge: IMAGE_MAX_EDGE,
  });

async function checkReservation(
  deps: Deps,
  caller: AuthUser,
  receiverId: number,
  receiverRole: string,
  id: number,
): Promise<void> {
  const parties = await messagesRepository(deps.db).reservationParties(id);
  const partOf = (userId: number, staff: boolean) =>
    Boolean(parties) && (staff || parties!.guestId === userId || parties!.ownerId === userId);
  if (!partOf(caller.id, isStaff(caller))) throw notFound('Reservation');
  if (!partOf(receiverId, receiverRole === 'admin' || receiverRole === 'support')) {
    throw invalidField('reservation_id', 'the receiver has no part in this reservation');
  }
}

type Extra = Pick<
  NewMessage,
  'kind' | 'attachmentKey' | 'attachmentName' | 'attachmentMime' | 'createdAt' | 'updatedAt'
>;

async function store(
  deps: Deps,
  caller: AuthUser,
  file: CheckedFile | null,
  upload: UploadedFile | undefined,
  write: (tx: Tx, extra: Extra) => Promise<Parameters<typeof toMessageView>[0]>,
): Promise<MessageView> {
  const now = deps.clock.now();
  const extra: Extra = { kind: 'text', createdAt: now, updatedAt: now };
  const files: FileToStore[] = [];
  if (file) {
    const key = `messages/${now.toISOString().slice(0, 7)}/${randomUUID()}.${file.ext}`;
    files.push({ key, data: file.data });
    extra.kind = file.kind === 'pdf' ? 'file' : 'image';
    extra.attachmentKey = key;
    extra.attachmentMime = file.mime;
    extra.attachmentName = (upload?.clientName ?? '').slice(0, 255) || null;
  }
  const row = await storeFilesThen(deps, files, () => deps.db.transaction((tx) => write(tx, extra)));
  publishAfterCommit(deps);
  return toMessageView(row, caller.id);
}
