// The two WebSockets (GET /api/ws/notifications, /api/ws/chat) kept open: the token goes as
// ?token= (a browser WebSocket cannot set a header); a refreshed token is sent in band
// ({"type":"authenticate","token"}) so the socket outlives the token it was opened with, and the
// refresh is made on time even when the app makes no other call; a closed socket is reopened with
// a growing delay, after renewing the session on 4401 and waiting longer on 4429 (over the
// per-user cap), and after a refused upgrade (a browser sees only a close) the REST API is asked
// whether the token holds, which renews the session if not. What was missed while closed is not
// replayed here: read GET /api/notifications (or the SSE stream with Last-Event-ID) for that.
import type { paths } from './generated/schema.js';
import type { StaysClient } from './client.js';

export type NotificationFrame = paths['/api/ws/notifications']['get']['responses'][101]['content']['application/json'];
export type ChatFrame = paths['/api/ws/chat']['get']['responses'][101]['content']['application/json'];
export type Channel = 'notifications' | 'chat';
type FrameOf<C extends Channel> = C extends 'chat' ? ChatFrame : NotificationFrame;

/** What this helper needs of a WebSocket: the browser's, Node 22's global one, or the `ws` package's. */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  // Handlers take `never` so that the browser's WebSocket (MessageEvent, CloseEvent) and the ws
  // package's (its own event classes) both fit; the handlers below say what they read.
  onopen: ((ev: never) => unknown) | null;
  onmessage: ((ev: never) => unknown) | null;
  onclose: ((ev: never) => unknown) | null;
  onerror: ((ev: never) => unknown) | null;
}
export type WebSocketConstructor = new (url: string) => WebSocketLike;

export interface SocketOptions<C extends Channel> {
  onFrame(frame: FrameOf<C>): void;
  onOpen?(): void;
  /** Every close, with the delay before the next attempt (Infinity: not reopened). */
  onClose?(code: number, reason: string, retryInMs: number): void;
  /** The WebSocket class (default globalThis.WebSocket; on Node 20 pass `WebSocket` from the ws package). */
  WebSocket?: WebSocketConstructor;
  /** First reconnect delay (default 500 ms), doubled after each failed attempt up to maxDelayMs (default 30 s). */
  minDelayMs?: number;
  maxDelayMs?: number;
}

export interface RealtimeSocket {
  /** The socket of the moment (null between attempts). */
  readonly current: WebSocketLike | null;
  close(): void;
}

const OPEN = 1;

export function openRealtimeSocket<C extends Channel>(
  client: StaysClient,
  channel: C,
  options: SocketOptions<C>,
): RealtimeSocket {
  const Given = options.WebSocket ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
  if (!Given) throw new Error('No WebSocket class here: pass options.WebSocket (e.g. the ws package on Node 20)');
  const Ctor: WebSocketConstructor = Given;
  const min = options.minDelayMs ?? 500;
  const max = options.maxDelayMs ?? 30_000;
  const wsBase = client.baseUrl.replace(/^http/, 'ws');
  let socket: WebSocketLike | null = null;
  let stopped = false;
  let failures = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  // The token is kept fresh while the socket may be the app's only use of it, and each new one
  // is handed to the open socket.
  const stopRefreshing = client.auth.keepFresh();
  const unsubscribe = client.auth.subscribe((token) => {
    if (token && socket?.readyState === OPEN) socket.send(JSON.stringify({ type: 'authenticate', token }));
  });

  const retryLater = (code: number, reason: string) => {
    failures += 1;
    const delay = code === 4429 ? max : Math.min(max, min * 2 ** (failures - 1));
    options.onClose?.(code, reason, delay);
    retryTimer = setTimeout(() => void connect(), delay);
  };

  async function connect() {
    if (stopped) return;
    let token: string | null;
    try {
      token = await client.auth.usable();
    } catch (err) {
      // onSessionExpired failed (offline?): try again later, as after a failed connection.
      return retryLater(1006, err instanceof Error ? err.message : String(err));
    }
    if (stopped) return;
    const ws = new Ctor(`${wsBase}/api/ws/${channel}${token ? `?token=${encodeURIComponent(token)}` : ''}`);
    socket = ws;
    let opened = false;
    ws.onopen = () => {
      opened = true;
      failures = 0;
      options.onOpen?.();
    };
    ws.onmessage = (ev: { data: unknown }) => {
      let frame: FrameOf<C>;
      try {
        frame = JSON.parse(typeof ev.data === 'string' ? ev.data : String(ev.data)) as FrameOf<C>;
      } catch {
        return;
      }
      options.onFrame(frame);
    };
    ws.onerror = () => {};
    ws.onclose = (ev: { code: number; reason: string }) => void reopen(ws, token, ev.code, String(ev.reason), opened);
  }

  async function reopen(ws: WebSocketLike, token: string | null, code: number, reason: string, opened: boolean) {
    if (socket === ws) socket = null;
    if (stopped) return options.onClose?.(code, reason, Infinity);
    if (!opened && token && code !== 4429) {
      // A refused upgrade shows only as a close (1006) in a browser, whatever the HTTP status: ask
      // the REST API whether the token still holds; a 401 there renews the session as for any call.
      await client.api.GET('/api/auth/session').catch(() => undefined);
    }
    if (code === 4401) {
      // Session revoked, token expired or refused: a fresh token (or a new session) before reopening.
      let next: string | null;
      try {
        next = token
          ? ((await client.auth.refresh(token)) ?? (await client.auth.recover(token)))
          : await client.auth.recover(token);
      } catch {
        return retryLater(code, reason);
      }
      if (!next) {
        stopped = true;
        stopRefreshing();
        unsubscribe();
        return options.onClose?.(code, reason, Infinity);
      }
    }
    retryLater(code, reason);
  }

  void connect();
  return {
    get current() {
      return socket;
    },
    close() {
      stopped = true;
      clearTimeout(retryTimer);
      stopRefreshing();
      unsubscribe();
      socket?.close(1000, 'closed by the client');
    },
  };
}
