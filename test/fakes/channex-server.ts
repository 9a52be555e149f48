// A local server speaking the Channex REST API (v1) as Channex's public documentation describes
// it, for tests: the real adapter talks to it over HTTP. Every request is checked against the
// documentation, never against what our adapter happens to send: the `user-api-key` header, JSON
// bodies wrapped in their type key, required fields, types, ranges and allowed values, unique
// rate plan titles, warnings on a 200, the per-minute limit with `http_too_many_requests`, and the
// certification rules. Answers have the documented shapes (threads with `relationships`, revisions
// with unmapped rooms, paginated lists). The rules and their pages are in channex-docs.ts,
// channex-structure.ts, channex-ari.ts and channex-inbox.ts.
//
// Tests may also queue failures the documentation allows but a test cannot provoke (a 5xx, a 429
// with Retry-After, which Channex does not document) and read the stored state.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pushAri, readAvailability } from './channex-ari.ts';
import { errorBody } from './channex-docs.ts';
import { ack, addGuestMessage, addRevision, feed, threadRoute } from './channex-inbox.ts';
import { newState, type Attrs, type ChannexState } from './channex-state.ts';
import { missingForConnection, upsertStructure, type Answer } from './channex-structure.ts';

export interface ChannexCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: any;
}

/** The stored state tests read: structure, per-night ARI (`${roomTypeId}|${day}`, `${ratePlanId}|${day}`), threads, acknowledgements, certification violations. */
type Readable = Pick<
  ChannexState,
  'properties' | 'roomTypes' | 'ratePlans' | 'availability' | 'restrictions' | 'threads' | 'acked' | 'violations'
>;

export interface ChannexFake extends Readable {
  apiBase: string;
  apiKey: string;
  calls: ChannexCall[];
  /** Answers the next `times` requests whose path starts with the prefix with this status (429 may carry Retry-After). */
  failNext(pathPrefix: string, status: number, times?: number, retryAfterSec?: number): void;
  /** Answers the next ARI call under the prefix with these warnings (and applies nothing), for warnings a test cannot provoke. */
  warnNext(pathPrefix: string, warnings: Attrs[]): void;
  /** A booking revision in the feed; `attrs` replace the documented members (rooms may be unmapped). */
  addRevision(attrs: Attrs): string;
  addGuestMessage(
    threadId: string,
    thread: { property_id: string; booking_id?: string | null; provider: string; title: string },
    text: string,
  ): string;
  /** The documented fields a property still lacks before its first channel connection. */
  missingForChannelConnection(propertyId: string): string[];
  close(): Promise<void>;
}

export interface ChannexFakeOptions {
  apiKey?: string;
  /** The server's clock (past dates, the per-minute limit, the 24 h full-sync rule); the wall clock by default. */
  now?: () => Date;
}

export async function startChannexFake(opts: ChannexFakeOptions = {}): Promise<ChannexFake> {
  const apiKey = opts.apiKey ?? `channex-test-key-${randomUUID()}`;
  const s: ChannexState = newState(opts.now ?? (() => new Date()));
  const failures: Array<{ prefix: string; status: number; times: number; retryAfterSec?: number }> = [];
  const forcedWarnings: Array<{ prefix: string; warnings: Attrs[] }> = [];
  let seq = 0;

  const fake: ChannexFake = {
    apiBase: '',
    apiKey,
    calls: [],
    properties: s.properties,
    roomTypes: s.roomTypes,
    ratePlans: s.ratePlans,
    availability: s.availability,
    restrictions: s.restrictions,
    threads: s.threads,
    acked: s.acked,
    violations: s.violations,
    failNext: (prefix, status, times = 1, retryAfterSec) =>
      void failures.push({ prefix, status, times, retryAfterSec }),
    warnNext: (prefix, warnings) => void forcedWarnings.push({ prefix, warnings }),
    addRevision: (attrs) => addRevision(s, attrs, ++seq),
    addGuestMessage: (threadId, thread, text) => addGuestMessage(s, threadId, thread, text, ++seq),
    missingForChannelConnection: (id) => missingForConnection(s, id),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  function route(method: string, path: string, query: Record<string, string>, body: unknown): Answer {
    const [top, id, sub, extra] = path.split('/').filter(Boolean);
    const structure = { properties: 'property', room_types: 'room_type', rate_plans: 'rate_plan' } as const;
    if (top && top in structure && !sub) {
      const type = structure[top as keyof typeof structure];
      if (method === 'POST' && !id) return upsertStructure(s, type, undefined, body);
      if (method === 'PUT' && id) return upsertStructure(s, type, id, body);
    }
    if ((top === 'availability' || top === 'restrictions') && !id && method === 'POST') {
      const forced = forcedWarnings.findIndex((w) => `/${top}`.startsWith(w.prefix));
      return pushAri(s, top, body, forced >= 0 ? forcedWarnings.splice(forced, 1)[0]!.warnings : undefined);
    }
    if (top === 'availability' && !id && method === 'GET') return readAvailability(s, query);
    if (top === 'booking_revisions' && id === 'feed' && !sub && method === 'GET') return feed(s, query);
    if (top === 'booking_revisions' && id && sub === 'ack' && !extra && method === 'POST') return ack(s, id);
    if (top === 'message_threads' && id && !extra) return threadRoute(s, method, id, sub, query, body, ++seq);
    // DOC.reference, "Status Codes": 404 for what does not exist.
    return { status: 404, body: errorBody('not_found', 'Resouce Not Found') };
  }

  const send = (res: ServerResponse, a: Answer, headers: Record<string, string> = {}) => {
    res.writeHead(a.status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(a.body));
  };

  function handle(req: IncomingMessage, raw: string): { answer: Answer; headers?: Record<string, string> } {
    const url = new URL(req.url ?? '/', 'http://channex.local');
    const method = req.method ?? 'GET';
    if (!url.pathname.startsWith('/api/v1/'))
      return { answer: { status: 404, body: errorBody('not_found', 'Resouce Not Found') } };
    const path = url.pathname.slice('/api/v1'.length);
    const query = Object.fromEntries(url.searchParams);
    let body: unknown = null;
    // "Each POST or PUT query MUST contain a valid JSON Object" (DOC.reference); the ack has no body.
    if (raw) {
      if (!/^application\/json\b/.test(req.headers['content-type'] ?? ''))
        return {
          answer: {
            status: 400,
            body: errorBody('bad_request', 'Bad Request', ['Content-Type must be application/json']),
          },
        };
      try {
        body = JSON.parse(raw);
      } catch {
        return {
          answer: {
            status: 400,
            body: errorBody('bad_request', 'Bad Request', ['the body is not valid JSON']),
          },
        };
      }
      if (!body || typeof body !== 'object' || Array.isArray(body))
        return {
          answer: {
            status: 400,
            body: errorBody('bad_request', 'Bad Request', ['the body must be a JSON object']),
          },
        };
    }
    fake.calls.push({ method, path, query, body });
    // DOC.apiKey: "pass it as user-api-key header"; DOC.reference: 401 `unauthorized` otherwise.
    if (req.headers['user-api-key'] !== apiKey)
      return { answer: { status: 401, body: errorBody('unauthorized', 'Unauthorized') } };
    const f = failures.find((x) => path.startsWith(x.prefix) && x.times > 0);
    if (f) {
      f.times -= 1;
      if (f.status === 429)
        return {
          answer: { status: 429, body: errorBody('http_too_many_requests', 'Too Many Requests') },
          headers: f.retryAfterSec ? { 'retry-after': String(f.retryAfterSec) } : {},
        };
      return { answer: { status: f.status, body: errorBody('internal_server_error', 'Internal Server Error') } };
    }
    return { answer: route(method, path, query, body) };
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const { answer, headers } = handle(req, Buffer.concat(chunks).toString('utf8'));
      send(res, answer, headers);
    });
  });
  // Idle connections stay open for a minute, as behind Channex's load balancer: with Node's 5 s
  // default, a test whose event loop was busy for seconds (another app starting) could reuse a
  // pooled socket just as this server closed it (ECONNRESET), a race of the test, not the adapter.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  return fake;
}
