// What the OpenAPI document says of the notifications routes where a summary is not enough.
import { FAN_OUT_BATCH } from './send-notification.ts';
export const OWN =
  "Only the caller's own notifications exist for the caller: one row per recipient, written when a domain event concerns them " +
  '(booking, confirmation, payment, cancellation or expiry, refund, host application decision, chat message, review, reservation change) ' +
  'or by a support broadcast. payload is JSON text (not parsed), is_read 0/1, user the recipient; the REST form has no type.';

export const PAGED =
  'Newest first (id descending). Paginated: page (default 1), per_page (default 20, max 100); meta {current_page, per_page, total, last_page}.';

/** Operation descriptions that say more than a line, by operationId (the routes stay short). */
export const DESCRIPTIONS = {
  sendNotification:
    'Support and admin only (403 for other roles). Recipients: the accounts in `user_ids` when it is given, each once; else every ' +
    'active account with `role`; at least one of the two (422 naming role and user_ids otherwise). With both, `role` narrows and ' +
    'never widens: the recipients are exactly the listed accounts, and every listed account must have that role (422 naming ' +
    'user_ids and listing the ids that do not, nothing sent). Deleted, deactivated and unknown accounts are skipped, so data.count ' +
    '(the notifications written) can be below the number asked. title and message are trimmed and must not be blank. payload, ' +
    'when given, must be JSON text of an object (422 payload otherwise); it is stored parsed and returned by the REST routes as ' +
    'JSON text, and sent as `data` on the real-time transports, where the notification is ' +
    "'notification.general' (SSE) / 'message' (WebSocket). Written in chunks of " +
    `${FAN_OUT_BATCH}` +
    ' recipients by user id, each ' +
    'committed on its own: recipients of the first chunks may see it before the last chunk is written, and a failure midway ' +
    'leaves the chunks already written. Honours Idempotency-Key: a repeat with the key answers the first result and sends nothing again.',
};
