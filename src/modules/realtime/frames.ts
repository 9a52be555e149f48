// What the real-time transports send: published events in, the spec's frames out (pure).
import {
  NOTIFICATION_CREATED,
  SSE_TYPE_OF,
  WS_TYPE_OF,
  type NotificationCreated,
  type NotificationType,
} from '../notifications/index.ts';

export type { NotificationCreated };

/** Data of the 'message.created' event (the messaging module writes it). */
export interface MessageCreated {
  message_id: number;
  sender_id: number | null;
  receiver_id: number | null;
  sender_name: string;
  content: string;
  kind: string;
  created_at: string;
  reservation_id?: number | null;
}

export const NOTIFICATION_TOPIC = NOTIFICATION_CREATED;
export const MESSAGE_TOPIC = 'message.created';

/** The spec's WebSocket notification. */
export interface WsNotificationFrame {
  type: string;
  title: string;
  message: string;
  data: Record<string, unknown>;
  timestamp: string;
}

/** The spec's real-time chat message. */
export interface ChatFrame {
  id: number;
  sender_id: number | null;
  sender_name: string;
  content: string;
  type: string;
  created_at: string;
  reservation_id?: number;
}

const isoOf = (v: unknown): string => (v instanceof Date ? v.toISOString() : String(v));

export function wsNotificationFrame(n: NotificationCreated): WsNotificationFrame {
  // notification_id lets a client mark the notification read through the REST routes.
  return {
    type: WS_TYPE_OF[n.type as NotificationType] ?? WS_TYPE_OF.general,
    title: n.title,
    message: n.message,
    data: { ...n.data, notification_id: n.notification_id },
    timestamp: isoOf(n.created_at),
  };
}

/** One SSE event, terminated by the blank line; `id:` lets the browser resume with Last-Event-ID. */
export function sseNotificationEvent(n: NotificationCreated): string {
  const type = SSE_TYPE_OF[n.type as NotificationType] ?? SSE_TYPE_OF.general;
  const data = {
    type,
    data: {
      id: String(n.notification_id),
      title: n.title,
      message: n.message,
      timestamp: isoOf(n.created_at),
      metadata: n.data ?? {},
    },
  };
  // JSON.stringify never emits a raw newline, so the payload is one `data:` line.
  return `id: ${n.notification_id}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}

export function chatFrame(m: MessageCreated): ChatFrame {
  const frame: ChatFrame = {
    id: m.message_id,
    sender_id: m.sender_id,
    sender_name: m.sender_name,
    content: m.content,
    type: m.kind,
    created_at: isoOf(m.created_at),
  };
  if (m.reservation_id != null) frame.reservation_id = m.reservation_id;
  return frame;
}

/** Guards against a malformed event reaching a socket (the bus carries JSON from other processes). */
export function isNotificationCreated(d: unknown): d is NotificationCreated {
  const n = d as NotificationCreated | null;
  return (
    !!n &&
    Number.isSafeInteger(n.notification_id) &&
    Number.isSafeInteger(n.user_id) &&
    typeof n.type === 'string' &&
    typeof n.title === 'string' &&
    typeof n.message === 'string'
  );
}

export function isMessageCreated(d: unknown): d is MessageCreated {
  const m = d as MessageCreated | null;
  return (
    !!m &&
    Number.isSafeInteger(m.message_id) &&
    typeof m.content === 'string' &&
    (m.sender_id === null || Number.isSafeInteger(m.sender_id)) &&
    (m.receiver_id === null || m.receiver_id === undefined || Number.isSafeInteger(m.receiver_id))
  );
}
