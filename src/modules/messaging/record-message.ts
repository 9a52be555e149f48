// Writes a message between two users and its 'message.created' event in the caller's
// transaction. The realtime module pushes the event to /ws/chat and the notifications module turns
// it into a 'message' notification, so every path that delivers a message (a user's send,
// support's reply to a chatbot question, a guest's message pulled from a travel platform) goes
// through here.
import type { Executor } from '../../db/connection.ts';
import { platformRepository } from '../../platform/platform.repository.ts';
import { attachmentUrl } from './message-view.ts';
import {
  messagesRepository,
  type ExternalMessageInput,
  type MessageRow,
  type NewMessage,
} from './messages.repository.ts';

export const MESSAGE_CREATED = 'message.created';
export const CHANNEL_MESSAGE_OUTGOING = 'channel.message.outgoing';

/** Payload of 'message.created' (the real-time chat message's members, plus who receives it). */
export interface MessageCreatedEvent {
  message_id: number;
  sender_id: number;
  receiver_id: number;
  sender_name: string;
  content: string;
  kind: 'text' | 'image' | 'file';
  created_at: string;
  reservation_id?: number;
  attachment?: string;
}

export async function recordMessage(
  tx: Executor,
  values: NewMessage & { senderId: number; receiverId: number },
  senderName: string,
): Promise<MessageRow> {
  const row = await messagesRepository(tx).insert(values);
  const event: MessageCreatedEvent = {
    message_id: row.id,
    sender_id: values.senderId,
    receiver_id: values.receiverId,
    sender_name: senderName,
    content: row.content,
    kind: row.kind as MessageCreatedEvent['kind'],
    created_at: row.createdAt.toISOString(),
    ...(row.reservationId !== null ? { reservation_id: row.reservationId } : {}),
    ...(row.attachmentKey ? { attachment: attachmentUrl(row.id) } : {}),
  };
  await platformRepository(tx).insertEvent(MESSAGE_CREATED, event);
  return row;
}

/**
 * Stores a guest's message from a travel-platform thread for the listing's owner, with its
 * 'message.created' event (no sender: the guest is not a user). A message the channel manager
 * delivers again is stored once: then nothing is written and the answer is null.
 */
export async function recordExternalGuestMessage(
  tx: Executor,
  values: ExternalMessageInput,
  senderName: string,
): Promise<MessageRow | null> {
  const row = await messagesRepository(tx).insertExternalMessage(values);
  if (!row) return null;
  await platformRepository(tx).insertEvent(MESSAGE_CREATED, {
    message_id: row.id,
    sender_id: null,
    receiver_id: row.receiverId,
    sender_name: senderName,
    content: row.content,
    kind: 'text',
    created_at: row.createdAt.toISOString(),
    external_thread_id: values.externalThreadId,
    source: values.source,
    provider: values.provider,
    ...(values.bookingId !== null ? { reservation_id: values.bookingId } : {}),
  });
  return row;
}

/** Payload of 'channel.message.outgoing': an owner's reply the channel manager sends to the platform. */
export interface ChannelMessageOutgoingEvent {
  message_id: number;
  property_id: number | null;
  sender_id: number;
  external_thread_id: string;
  source: string;
  provider: string | null;
  booking_id: number | null;
  content: string;
  created_at: string;
  attachment?: string;
}

export async function recordExternalReply(
  tx: Executor,
  values: NewMessage & { senderId: number; externalThreadId: string },
): Promise<MessageRow> {
  const row = await messagesRepository(tx).insert({ ...values, receiverId: null });
  const event: ChannelMessageOutgoingEvent = {
    message_id: row.id,
    property_id: row.propertyId,
    sender_id: values.senderId,
    external_thread_id: values.externalThreadId,
    source: row.source,
    provider: row.provider,
    booking_id: row.bookingId,
    content: row.content,
    created_at: row.createdAt.toISOString(),
    ...(row.attachmentKey ? { attachment: attachmentUrl(row.id) } : {}),
  };
  await platformRepository(tx).insertEvent(CHANNEL_MESSAGE_OUTGOING, event);
  return row;
}
