// The notification stream (GET /api/notifications/stream, server-sent events) read through fetch,
// so it runs where EventSource does not (Node) and can send the token as a header. It resumes
// after any interruption with Last-Event-ID: the service replays what came after that id, then
// live events follow with no duplicate and no gap. It waits the server's `retry:` (or
// reconnectDelayMs) before reconnecting, keeps the token refreshed while open, and recovers a
// 401 the way every call does (a token refreshed meanwhile, else onSessionExpired).
import type { paths } from './generated/schema.js';
import type { StaysClient } from './client.js';

/** What one event's data holds: {type, data: {id, title, message, timestamp, metadata}}. */
export type NotificationEventData =
  paths['/api/notifications/stream']['get']['responses'][200]['content']['text/event-stream'];

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

export function openNotificationStream(client: StaysClient, options: NotificationStreamOptions): NotificationStream {
  let lastEventId: string | null = options.lastEventId ?? null;
  let serverRetry = 1000;
  let stopped = false;
  const controller = new AbortController();
  let wake = () => {};
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const delay = () => options.reconnectDelayMs ?? serverRetry;

  async function readStream(body: ReadableStream<Uint8Array>) {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    let event = { id: null as string | null, name: 'message', data: [] as string[] };
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let nl: number;
      while ((nl = buffer.search(/\r\n|\r|\n/)) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + (buffer.startsWith('\r\n', nl) ? 2 : 1));
        if (line === '') {
          if (event.id !== null) lastEventId = event.id;
          if (event.data.length) {
            options.onEvent({
              id: event.id ?? lastEventId ?? '',
              event: event.name,
              data: JSON.parse(event.data.join('\n')) as NotificationEventData,
            });
          }
          event = { id: null, name: 'message', data: [] };
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'id') event.id = value;
        else if (field === 'event') event.name = value;
        else if (field === 'data') event.data.push(value);
        else if (field === 'retry' && /^\d+$/.test(value)) serverRetry = Number(value);
      }
    }
  }

  // The stream ends when the token it was opened with expires: a fresh one must be ready by then.
  const stopRefreshing = client.auth.keepFresh();
  const closed = (async () => {
    // Two 401s in a row, even with a renewed token: the session cannot be had, stop.
    let refused = 0;
    while (!stopped) {
      let wait = delay();
      try {
        let token = await client.auth.usable();
        const headers: Record<string, string> = { accept: 'text/event-stream' };
        if (token) headers.authorization = `Bearer ${token}`;
        if (lastEventId) headers['last-event-id'] = lastEventId;
        const res = await client.fetch(`${client.baseUrl}/api/notifications/stream`, {
          headers,
          signal: controller.signal,
        });
        if (res.status === 401) {
          await res.body?.cancel();
          refused += 1;
          token = refused > 1 ? null : await client.auth.recover(token);
          if (!token) throw Object.assign(new Error('the session ended and could not be renewed'), { fatal: true });
          continue;
        }
        refused = 0;
        if (!res.ok || !res.body) {
          const after = Number(res.headers.get('retry-after'));
          if (Number.isFinite(after) && after > 0) wait = after * 1000;
          await res.body?.cancel();
          throw new Error(`the stream answered ${res.status}`);
        }
        options.onOpen?.();
        await readStream(res.body);
        if (!stopped) options.onError?.(new Error('the stream ended'), delay());
        wait = delay();
      } catch (err) {
        if (stopped) break;
        if ((err as { fatal?: boolean }).fatal) {
          options.onError?.(err, Infinity);
          break;
        }
        options.onError?.(err, wait);
      }
      if (!stopped) await pause(wait);
    }
    stopped = true;
    stopRefreshing();
  })();

  return {
    get lastEventId() {
      return lastEventId;
    },
    close() {
      stopped = true;
      controller.abort();
      wake();
    },
    closed,
  };
}
