// The REST form of a message (spec "Message (REST)"): is_read an integer, is_sent_by_me a boolean,
// the attachment a URL of the authenticated download route, external members only on
// travel-platform messages.
import type { MessageRow } from './messages.repository.ts';
import type { MessageView } from './messaging.schemas.ts';

export const attachmentUrl = (messageId: number) => `/api/chats/attachments/${messageId}`;

type Kind = MessageView['type'];
const KINDS = new Set<string>(['text', 'image', 'file']);

export function toMessageView(m: MessageRow, me: number): MessageView {
  const view: MessageView = {
    id: m.id,
    sender_id: m.senderId,
    receiver_id: m.receiverId,
    content: m.content,
    attachment: m.attachmentKey ? attachmentUrl(m.id) : null,
    type: (KINDS.has(m.kind) ? m.kind : 'text') as Kind,
    reservation_id: m.reservationId,
    document_id: m.documentId,
    is_read: m.isRead ? 1 : 0,
    is_sent_by_me: m.senderId === me,
    created_at: m.createdAt.toISOString(),
    updated_at: m.updatedAt.toISOString(),
  };
  if (m.externalThreadId) {
    if (m.source === 'channel_ota_a' || m.source === 'channel_ota_b') view.source = m.source;
    view.external_thread_id = m.externalThreadId;
    if (m.externalGuestName !== null) view.external_guest_name = m.externalGuestName;
    if (m.bookingId !== null) view.booking_id = m.bookingId;
    if (m.provider === 'OtaA' || m.provider === 'OtaB') view.provider = m.provider;
  }
  return view;
}

/** The name shown for a user: "first last", else the username. */
export function displayName(u: { firstName: string | null; lastName: string | null; username: string | null }): string {
  const full = `${u.firstName ?? ''} ${u.lastName ?? ''}`.trim();
  return full || u.username || 'Unknown user';
}
