// One live client: a WebSocket or an SSE response. Each keeps its own bounded send buffer, so
// a client that stops reading is dropped instead of holding memory or delaying anyone else.
import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { WebSocket } from 'ws';
import type { AuthUser } from '../../kernel/caller.ts';
import {
  chatFrame,
  sseNotificationEvent,
  wsNotificationFrame,
  type MessageCreated,
  type NotificationCreated,
} from './frames.ts';

export type CloseReason = 'revoked' | 'expired' | 'unauthenticated' | 'limit' | 'slow' | 'shutdown' | 'dead';
export type Channel = 'notifications' | 'chat';

/**
 * WebSocket close codes (documented on the routes). The 4401s mirror HTTP 401 and ask for one
 * action: refresh the token (log in again if that fails) and reconnect; the reason tells them apart.
 */
export const WS_CLOSE: Record<Exclude<CloseReason, 'dead'>, number> = {
  shutdown: 1001,
  slow: 1013,
  revoked: 4401,
  expired: 4401,
  unauthenticated: 4401,
  limit: 4429,
};
const CLOSE_TEXT: Record<CloseReason, string> = {
  revoked: 'session revoked',
  expired: 'token expired',
  unauthenticated: 'token refused',
  limit: 'too many connections',
  slow: 'slow consumer',
  shutdown: 'server shutting down',
  dead: 'no pong',
};
// A peer that does not answer our close frame (it stopped reading) is cut after this long.
const CLOSE_GRACE_MS = 1000;
// Live events that arrive while an SSE stream is still replaying wait here; beyond it the client
// is too far behind and reconnects with Last-Event-ID instead.
const MAX_QUEUED_DURING_REPLAY = 1000;

export interface Connection {
  readonly kind: 'ws' | 'sse';
  readonly channel: Channel;
  readonly user: AuthUser;
  /** Resolves once the underlying socket is closed. */
  readonly closed: Promise<void>;
  notify(n: NotificationCreated): void;
  chat(m: MessageCreated): void;
  /** WebSocket: ping, and terminate when the previous ping went unanswered. SSE: heartbeat comment. */
  keepAlive(): void;
  close(reason: CloseReason): void;
}

type Gone = (c: Connection, reason: CloseReason | 'client') => void;

/** Calls `fn` once: the first close (ours or the peer's) unregisters the connection. */
function onceGone(self: Connection, gone: Gone) {
  let done = false;
  return (reason: CloseReason | 'client') => {
    if (done) return;
    done = true;
    gone(self, reason);
  };
}

export class WsConnection implements Connection {
  readonly kind = 'ws' as const;
  readonly closed: Promise<void>;
  private alive = true;
  private readonly gone: (reason: CloseReason | 'client') => void;

  constructor(
    private readonly socket: WebSocket,
    readonly user: AuthUser,
    readonly channel: Channel,
    private readonly maxBuffer: number,
    gone: Gone,
  ) {
    this.gone = onceGone(this, gone);
    this.closed = new Promise((resolve) => socket.once('close', () => resolve()));
    socket.once('close', () => this.gone('client'));
    socket.on('pong', () => (this.alive = true));
    // Messages go through POST /chats/send_messages; the one frame a client sends, in-band
    // re-authentication, is read by the route that opened the socket. Others are ignored.
    socket.on('message', () => {});
  }

  notify(n: NotificationCreated): void {
    if (this.channel === 'notifications') this.send(JSON.stringify(wsNotificationFrame(n)));
  }

  chat(m: MessageCreated): void {
    if (this.channel === 'chat') this.send(JSON.stringify(chatFrame(m)));
  }

  private send(text: string): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount + Buffer.byteLength(text) > this.maxBuffer) {
      this.close('slow');
      return;
    }
    this.socket.send(text);
  }

  keepAlive(): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    if (!this.alive) {
      this.gone('dead');
      this.socket.terminate();
      return;
    }
    this.alive = false;
    this.socket.ping();
  }

  close(reason: CloseReason): void {
    this.gone(reason);
    if (reason === 'dead') return void this.socket.terminate();
    if (this.socket.readyState === this.socket.OPEN) this.socket.close(WS_CLOSE[reason], CLOSE_TEXT[reason]);
    setTimeout(() => this.socket.terminate(), CLOSE_GRACE_MS).unref();
  }
}

export class SseConnection implements Connection {
  readonly kind = 'sse' as const;
  readonly channel = 'notifications' as const;
  readonly closed: Promise<void>;
  /** Live events held while the replay runs; null once live. */
  private queue: NotificationCreated[] | null = [];
  /** Recently written ids: a live event already replayed (or relayed twice) is not repeated. */
  private readonly sent = new Set<number>();
  private readonly gone: (reason: CloseReason | 'client') => void;
  private ended = false;

  constructor(
    private readonly res: ServerResponse,
    readonly user: AuthUser,
    private readonly maxBuffer: number,
    gone: Gone,
  ) {
    this.gone = onceGone(this, gone);
    this.closed = new Promise((resolve) => res.once('close', () => resolve()));
    res.once('close', () => {
      this.ended = true;
      this.gone('client');
    });
  }

  /** Sends the headers; `inherited` are the ones the hooks set (request id, CORS, security). */
  open(inherited: Record<string, unknown>, retryMs: number): void {
    this.res.socket?.setTimeout(0);
    this.res.writeHead(200, {
      ...(inherited as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store, no-transform',
      'x-accel-buffering': 'no',
      // The socket goes with the stream: nothing else is ever sent on it.
      connection: 'close',
    });
    this.res.write(`retry: ${retryMs}\n\n`);
  }

  /** Writes the replayed notifications (waiting for the client to read), then the held live ones. */
  async replay(missed: NotificationCreated[]): Promise<void> {
    for (const n of missed) {
      if (this.ended) return;
      if (!this.write(n) && !this.ended) {
        await Promise.race([once(this.res, 'drain'), this.closed]);
      }
    }
    const held = this.queue ?? [];
    this.queue = null;
    for (const n of held) this.write(n);
  }

  notify(n: NotificationCreated): void {
    if (this.queue) {
      if (this.queue.length >= MAX_QUEUED_DURING_REPLAY) {
        this.close('slow');
        return;
      }
      this.queue.push(n);
      return;
    }
    this.write(n);
    if (this.res.writableLength > this.maxBuffer) this.close('slow');
  }

  chat(): void {}

  /** Returns false when the socket buffer is past its high-water mark. */
  private write(n: NotificationCreated): boolean {
    if (this.ended || this.sent.has(n.notification_id)) return true;
    this.sent.add(n.notification_id);
    if (this.sent.size > 512) this.sent.delete(this.sent.values().next().value as number);
    return this.res.write(sseNotificationEvent(n));
  }

  keepAlive(): void {
    if (this.ended) return;
    this.res.write(': ping\n\n');
    if (this.res.writableLength > this.maxBuffer) this.close('slow');
  }

  close(reason: CloseReason): void {
    this.gone(reason);
    if (this.ended) return;
    this.ended = true;
    // A client that stopped reading would never take the final chunk: cut it; otherwise end
    // cleanly. Either way the browser reconnects with Last-Event-ID and replays what it missed.
    if (reason === 'slow' || reason === 'dead') this.res.destroy();
    else {
      this.res.end();
      setTimeout(() => this.res.destroy(), CLOSE_GRACE_MS).unref();
    }
  }
}
