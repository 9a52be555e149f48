import type { paths } from './generated/schema.js';
import type { StaysClient } from './client.js';
/** What one event's data holds: {type, data: {id, title, message, timestamp, metadata}}. */
export type NotificationEventData = paths['/api/notifications/stream']['get']['responses'][200]['content']['text/event-stream'];
export interface StreamEvent {
    /** The notification id (the stream's event id). */
    id: string;
    /** The SSE event name (booking.confirmed, payment.succeeded, …). */
    event: string;
    data: NotificationEventData;
}
export interface NotificationStreamOptions {
    onEvent(event: StreamEvent): void;
    /** Each time the stream is (re)opened. */
    onOpen?(): void;
    /** A failed attempt or a dropped stream, and how long until the next attempt. */
    onError?(error: unknown, retryInMs: number): void;
    /** Resume after this id (a stored one from an earlier run). */
    lastEventId?: string;
    /** Wait before reconnecting; default: the server's `retry:` (3000 ms), 1000 ms before it said. */
    reconnectDelayMs?: number;
}
export interface NotificationStream {
    /** The id of the last event received (what a reconnect resumes after). */
    readonly lastEventId: string | null;
    /** Stops reading and reconnecting. */
    close(): void;
    /** Settles once closed (close(), or a session that could not be recovered). */
    readonly closed: Promise<void>;
}
export declare function openNotificationStream(client: StaysClient, options: NotificationStreamOptions): NotificationStream;
