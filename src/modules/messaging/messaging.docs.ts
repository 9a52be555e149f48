// What the OpenAPI document says of the messaging routes where a summary is not enough.
import * as S from './messaging.schemas.ts';
import { MULTIPART_RULES } from '../../platform/uploads.ts';
const WHO_MAY_WRITE =
  'Anyone may write to an owner, support or admin; support and admin may write to anyone; writing to a client needs a reservation in ' +
  'common (one of the two booked a listing of the other, any status) or that the client wrote to the sender first (a reply to an ' +
  'enquiry) — otherwise 403. An unknown, deleted or deactivated receiver is 404; oneself is 422.';

const EXTERNAL =
  "A receiver_id that is not all digits names a travel-platform thread: only the owner of the thread's listing may reply (support/admin 403, " +
  "anyone else 404 as for an unknown thread). The reply is stored with receiver_id null, the thread's source, provider, booking_id and guest " +
  'name, and the outbox event channel.message.outgoing {message_id, property_id, sender_id, external_thread_id, source, provider, booking_id, ' +
  'content, created_at, attachment?} for the channel manager; reservation_id is refused there (422).';

/** Operation descriptions that say more than a line, by operationId (the routes stay short). */
export const DESCRIPTIONS = {
  sendMessage:
    `${WHO_MAY_WRITE} content (≤ ${S.MAX_CONTENT_LENGTH} characters, trimmed) or attachment is required (422 naming content). attachment: ` +
    `${S.ATTACHMENT_RULE}; stored under a generated name and served only to the two parties and support/admin at the returned attachment ` +
    "path. reservation_id: a reservation the caller has a part in (guest, the listing's owner, or support/admin; 404 otherwise, as for an " +
    'unknown one) and the receiver too (422 otherwise). document_id is kept as sent. Checks run in that order, the file last, so nothing ' +
    `is stored for a refused message. ${MULTIPART_RULES} Honours Idempotency-Key (contract §2; the file's bytes are part of the request compared). ` +
    'In the same transaction the outbox event message.created {message_id, sender_id, receiver_id, sender_name, content, kind ' +
    '(text|image|file), created_at, reservation_id?, attachment?} is written: it reaches the receiver on /ws/chat and as a message ' +
    `notification. ${EXTERNAL} Answers 201 with the message in its REST form.`,
  listMessages:
    'otherUserId: a user id, or a travel-platform thread id (a string). Internal conversations hold the messages between the caller and ' +
    "that user in both directions; a thread, every message of it (its listing's owner, or support/admin; 404 for anyone else). " +
    'Newest first by default (order=asc for oldest first); paginated (page, per_page ≤ 100). Every unread message to the caller in ' +
    'the conversation (not only this page) is marked read in the same request; the answer shows each message as it was before, so a ' +
    'client can highlight what was new. No event is emitted. Unknown user: 404 (a deleted user keeps their history); oneself: 422.',
  listConversations:
    "One entry per counterpart: another user (user_id a number), or a travel-platform thread of one of the caller's listings (user_id " +
    'the thread id, a string; source channel, provider). Ordered by the latest message, newest first; paginated (page, per_page ≤ 100, ' +
    'meta.total = conversations). last_message is the latest text ("[image]" / "[file]" for an attachment alone). is_read is 1 when ' +
    'nothing addressed to the caller is unread (unread_count, not in the spec, gives how many are). phone is shown only to support/admin ' +
    'or between the guest and the owner of a shared reservation. is_online comes from live real-time connections on any instance; ' +
    'last_seen (when the last one closed) is given only when offline. Reading this list marks nothing read.',
  getMessageAttachment:
    "Not in the spec: where a message's attachment URL points. Only the sender, the receiver (the listing's owner on a travel-platform " +
    'thread) and support/admin; 404 for anyone else and for a message without attachment. Served with the type checked at upload, ' +
    'nosniff, a sandboxing CSP and Cache-Control private, no-store; images (re-encoded at upload) inline, PDF (kept as sent) as attachment.',
};
