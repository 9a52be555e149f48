// The real-time scenario's clients, in processes of their own: a process may hold at most the
// machine's open-file limit of sockets (20,000 on the bench VM), so 20,000 connections cannot all
// come from the process that also counts them and sends the notifications. `ClientFleet` forks
// `CLIENTS_PER_PROCESS`-sized groups of this file; each opens its users' WebSocket and SSE
// connections and reports every event frame as [event number, Date.now() on receipt] (the same
// clock as the sender's, on one machine), so what the IPC adds is never counted as latency.
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';

/** Connections one client process holds at most (two per user). */
export const CLIENTS_PER_PROCESS = 8000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Called with the event's number when a client receives it.
export type OnLatency = (event: number) => void;

/** A refusal the client is asked to retry (load shedding answers 503 with Retry-After). */
class Refused extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('503');
  }
}

/** Connection attempts answered 503 and retried, as a client honouring Retry-After would. */
const refusals = { ws: 0, sse: 0 };
const MAX_ATTEMPTS = 10;

async function withRetry<T>(kind: keyof typeof refusals, open: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await open();
    } catch (err) {
      if (!(err instanceof Refused) || attempt === MAX_ATTEMPTS) throw err;
      refusals[kind]++;
      await sleep(err.retryAfterSeconds * 1000);
    }
  }
}

const retryAfter = (headers: http.IncomingHttpHeaders) => Number(headers['retry-after']) || 1;

// The clients' connections come from several loopback addresses (127.0.0.1, .2, …): one source
// address has about 28,000 ephemeral ports, fewer than 20,000 users' two connections each need.
const SOURCES = Math.max(1, Number(process.env.REALTIME_SOURCE_ADDRESSES ?? 4) || 1);
export const sourceOf = (i: number) => `127.0.0.${1 + (i % SOURCES)}`;

export function openWs(host: string, token: string, onLatency: OnLatency, localAddress: string): Promise<WebSocket> {
  return withRetry(
    'ws',
    () =>
      new Promise((resolve, reject) => {
        const ws = new WebSocket(`ws://${host}/api/ws/notifications?token=${token}`, {
          perMessageDeflate: false,
          localAddress,
        });
        ws.on('message', (raw) => {
          const n = (JSON.parse(String(raw)) as { data?: { n?: number } }).data?.n;
          if (n !== undefined) onLatency(n);
        });
        ws.once('open', () => resolve(ws));
        ws.once('unexpected-response', (_req, res) => {
          res.resume();
          ws.terminate();
          reject(
            res.statusCode === 503
              ? new Refused(retryAfter(res.headers))
              : new Error(`WebSocket upgrade answered ${res.statusCode}`),
          );
        });
        ws.once('error', reject);
      }),
  );
}

function openSse(host: string, token: string, onLatency: OnLatency, localAddress: string): Promise<http.ClientRequest> {
  return withRetry('sse', () => openSseOnce(host, token, onLatency, localAddress));
}

function openSseOnce(
  host: string,
  token: string,
  onLatency: OnLatency,
  localAddress: string,
): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `http://${host}/api/notifications/stream?token=${token}`,
      { agent: false, localAddress },
      (res) => {
        if (res.statusCode === 503) {
          res.resume();
          return reject(new Refused(retryAfter(res.headers)));
        }
        if (res.statusCode !== 200) return reject(new Error(`SSE answered ${res.statusCode}`));
        let buf = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buf += chunk;
          let at: number;
          while ((at = buf.indexOf('\n\n')) >= 0) {
            const line = buf
              .slice(0, at)
              .split('\n')
              .find((l) => l.startsWith('data: '));
            buf = buf.slice(at + 2);
            const n = line
              ? (JSON.parse(line.slice(6)) as { data: { metadata?: { n?: number } } }).data.metadata?.n
              : undefined;
            if (n !== undefined) onLatency(n);
          }
        });
        resolve(req);
      },
    );
    req.on('error', reject);
  });
}

async function inBatches<T>(n: number, size: number, open: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i += size)
    out.push(...(await Promise.all(Array.from({ length: Math.min(size, n - i) }, (_, k) => open(i + k)))));
  return out;
}

interface Group {
  host: string;
  /** The users' tokens, and the index of the first among all users (it picks the source address). */
  tokens: string[];
  first: number;
}
type ToChild = { kind: 'open'; group: Group } | { kind: 'close' };
type FromChild =
  | { kind: 'opened'; refused: typeof refusals }
  | { kind: 'frames'; frames: Array<[number, number]> }
  | { kind: 'failed'; message: string };

/** Child side: opens the group's connections (all WebSockets, then all SSE streams), then reports frames until told to close. */
function runChild(): void {
  const send = (m: FromChild) => process.send!(m);
  let pending: Array<[number, number]> = [];
  const onLatency: OnLatency = (n) => void pending.push([n, Date.now()]);
  setInterval(() => {
    if (!pending.length) return;
    send({ kind: 'frames', frames: pending });
    pending = [];
  }, 20).unref();
  const sockets: WebSocket[] = [];
  const streams: http.ClientRequest[] = [];
  process.on('message', (m: ToChild) => {
    if (m.kind === 'close') {
      for (const s of sockets) s.terminate();
      for (const r of streams) r.destroy();
      process.exit(0);
    }
    const { host, tokens, first } = m.group;
    (async () => {
      sockets.push(
        ...(await inBatches(tokens.length, 250, (i) => openWs(host, tokens[i]!, onLatency, sourceOf(first + i)))),
      );
      // 100 at a time: each SSE request counts against MAX_REQUESTS_IN_FLIGHT (128) until it is
      // hijacked, so a batch of 250 would be partly refused (WebSocket upgrades are never counted).
      streams.push(
        ...(await inBatches(tokens.length, 100, (i) => openSse(host, tokens[i]!, onLatency, sourceOf(first + i + 1)))),
      );
      send({ kind: 'opened', refused: refusals });
    })().catch((err: unknown) => send({ kind: 'failed', message: err instanceof Error ? err.message : String(err) }));
  });
}

/** Parent side: the client processes, and the frames they received. */
export class ClientFleet {
  private readonly children: ChildProcess[] = [];
  readonly refused = { ws: 0, sse: 0 };

  constructor(private readonly onFrame: (event: number, at: number) => void) {}

  /**
   * Opens one WebSocket and one SSE stream per token, the groups one after the other (each
   * server-side batch then sees the same load as from a single client process).
   */
  async open(host: string, tokens: string[]): Promise<void> {
    const perProcess = CLIENTS_PER_PROCESS / 2;
    for (let first = 0; first < tokens.length; first += perProcess) {
      const child = fork(fileURLToPath(import.meta.url), [], {
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      this.children.push(child);
      await new Promise<void>((resolve, reject) => {
        child.on('message', (m: FromChild) => {
          if (m.kind === 'frames') for (const [n, at] of m.frames) this.onFrame(n, at);
          else if (m.kind === 'failed') reject(new Error(m.message));
          else {
            this.refused.ws += m.refused.ws;
            this.refused.sse += m.refused.sse;
            resolve();
          }
        });
        child.once('exit', (code) =>
          reject(new Error(`a client process exited (${code}) while opening its connections`)),
        );
        child.send({
          kind: 'open',
          group: { host, tokens: tokens.slice(first, first + perProcess), first },
        } satisfies ToChild);
      });
    }
  }

  /** Closes every connection and waits for the processes to end. */
  async close(): Promise<void> {
    await Promise.all(
      this.children.map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.exitCode !== null || c.signalCode !== null) return resolve();
            c.removeAllListeners('exit');
            c.once('exit', () => resolve());
            c.send({ kind: 'close' } satisfies ToChild, (err) => {
              if (err) c.kill('SIGKILL');
            });
          }),
      ),
    );
  }
}

if (process.send && process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) runChild();
