/** Operation descriptions that say more than a line, by operationId (the routes stay short). */
export const DESCRIPTIONS = {
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
