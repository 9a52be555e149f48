// Real clients for the real-time tests: a `ws` WebSocket and a raw HTTP SSE reader, both on a
// listening port, plus a way to commit notifications and messages the way the modules do.
import { verbatim } from '../notifications/notification-texts.ts';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import type { App } from '../../app.ts';
import type { Deps } from '../../kernel/deps.ts';
import { platformRepository } from '../../platform/platform.repository.ts';
import { notificationsRepository } from '../notifications/notifications.repository.ts';
import type { NotificationType } from '../notifications/notification-types.ts';
import type { MessageCreated } from './frames.ts';

/** Listens on a free loopback port; returns `host:port`. */
export async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** Waits until `check` holds (polling), or fails with `what`. */
export async function until(check: () => boolean | Promise<boolean>, what: string, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export interface WsClient {
  ws: WebSocket;
  frames: any[];
  closed: Promise<{ code: number; reason: string }>;
  /** Resolves with the frame number `index` (0-based) once it arrived. */
  frame(index: number, ms?: number): Promise<any>;
}

/** Opens a WebSocket; rejects with the HTTP status when the upgrade is refused. */
export function openWs(
  host: string,
  path: string,
  opts: { token?: string; headers?: Record<string, string> } = {},
): Promise<WsClient> {
  const url = `ws://${host}${path}${opts.token ? `?token=${encodeURIComponent(opts.token)}` : ''}`;
  const ws = new WebSocket(url, { headers: opts.headers });
  const frames: any[] = [];
  ws.on('message', (data) => frames.push(JSON.parse(String(data))));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  return new Promise((resolve, reject) => {
    ws.once('open', () =>
      resolve({
        ws,
        frames,
        closed,
        frame: async (i, ms = 5000) => {
          await until(() => frames.length > i, `WebSocket frame #${i}`, ms);
          return frames[i];
        },
      }),
    );
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () =>
        reject(Object.assign(new Error(`upgrade refused: ${res.statusCode}`), { status: res.statusCode, body })),
      );
    });
    ws.once('error', reject);
  });
}

export interface SseEvent {
  id?: string;
  event?: string;
  data?: string;
}

export interface SseClient {
  status: number;
  headers: http.IncomingHttpHeaders;
  events: SseEvent[];
  comments: string[];
  ended: Promise<void>;
  raw: http.IncomingMessage;
  /** Everything received so far, as text. */
  body(): string;
  event(index: number, ms?: number): Promise<SseEvent>;
  close(): void;
}

/** Opens the SSE stream; resolves once the response headers arrived (the stream is then registered). */
export function openSse(
  host: string,
  opts: { token?: string; lastEventId?: string; query?: string; headers?: Record<string, string> } = {},
): Promise<SseClient> {
  const q = [opts.token ? `token=${encodeURIComponent(opts.token)}` : '', opts.query ?? ''].filter(Boolean).join('&');
  const headers: Record<string, string> = { accept: 'text/event-stream', ...opts.headers };
  if (opts.lastEventId) headers['last-event-id'] = opts.lastEventId;
  return new Promise((resolve, reject) => {
    const req = http.get(
      `http://${host}/api/notifications/stream${q ? `?${q}` : ''}`,
      { headers, agent: false },
      (res) => {
        const events: SseEvent[] = [];
        const comments: string[] = [];
        let buf = '';
        let all = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          all += chunk;
          buf += chunk;
          let at: number;
          while ((at = buf.indexOf('\n\n')) >= 0) {
            const block = buf.slice(0, at);
            buf = buf.slice(at + 2);
            const ev: SseEvent = {};
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) comments.push(line.slice(1).trim());
              else {
                const [field, ...rest] = line.split(':');
                const value = rest.join(':').replace(/^ /, '');
                if (field === 'id' || field === 'event' || field === 'data') ev[field] = value;
              }
            }
            if (ev.data !== undefined) events.push(ev);
          }
        });
        const ended = new Promise<void>((r) => {
          res.on('end', () => r());
          res.on('close', () => r());
          res.on('error', () => r());
        });
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          events,
          comments,
          ended,
          raw: res,
          body: () => all,
          event: async (i, ms = 5000) => {
            await until(() => events.length > i, `SSE event #${i}`, ms);
            return events[i]!;
          },
          close: () => req.destroy(),
        });
      },
    );
    req.on('error', reject);
  });
}

let sourceSeq = 9_000_000_000 + (process.pid % 100_000) * 10_000;

/** A notification committed as the notifications module writes it (row + 'notification.created' outbox event). */
export async function commitNotification(
  deps: Deps,
  userId: number,
  n: { type: NotificationType; title?: string; message?: string; data?: Record<string, unknown> },
): Promise<void> {
  sourceSeq += 1;
  await notificationsRepository(deps.db).insertForEvent(
    sourceSeq,
    [
      {
        userId,
        type: n.type,
        title: verbatim(n.title ?? `T ${sourceSeq}`),
        message: verbatim(n.message ?? `M ${sourceSeq}`),
        data: n.data ?? {},
      },
    ],
    deps.clock.now(),
  );
}

/** A 'message.created' event committed to the outbox, as the messaging module writes it. */
export async function commitMessageEvent(deps: Deps, m: MessageCreated): Promise<void> {
  await platformRepository(deps.db).insertEvent('message.created', m);
}

/** Publishes what was committed (the relay job does this every second in production). */
export async function settle(deps: Deps): Promise<void> {
  await deps.outbox.kick();
  await deps.outbox.idle();
}
