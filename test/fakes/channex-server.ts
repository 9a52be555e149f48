// A local server speaking the Channex REST API (v1) for tests: the real adapter talks to it over
// HTTP. Bodies are wrapped in a type key ({property: {...}}, {values: [...]}), answers are
// {data: {type, id, attributes}} or {meta: {message, warnings}}, errors {errors: {code, title,
// details}}, and the key travels in the `user-api-key` header. Tests can queue failures (429 with
// Retry-After, 5xx) and warnings, add booking revisions and guest messages, and read the state.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChannexCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: any;
}

interface Thread {
  attrs: Record<string, any>;
  messages: Array<{ id: string; sender: 'guest' | 'property'; message: string; inserted_at: string }>;
}

export interface ChannexFake {
  apiBase: string;
  apiKey: string;
  calls: ChannexCall[];
  properties: Map<string, Record<string, any>>;
  roomTypes: Map<string, Record<string, any>>;
  ratePlans: Map<string, Record<string, any>>;
  /** `${roomTypeId}|${YYYY-MM-DD}` → availability */
  availability: Map<string, number>;
  /** `${ratePlanId}|${YYYY-MM-DD}` → rate and restrictions */
  restrictions: Map<string, Record<string, any>>;
  failNext(pathPrefix: string, status: number, times?: number, retryAfterSec?: number): void;
  warnNext(pathPrefix: string, warnings: Array<Record<string, any>>): void;
  addRevision(attrs: Record<string, any>): string;
  acked: string[];
  addGuestMessage(threadId: string, thread: { property_id: string; booking_id?: string | null; ota_name: string; guest_name: string }, text: string): string;
  threads: Map<string, Thread>;
  close(): Promise<void>;
}

const REQUIRED: Record<string, string[]> = {
  property: ['title', 'currency'],
  room_type: ['property_id', 'title', 'count_of_rooms', 'occ_adults'],
  rate_plan: ['property_id', 'room_type_id', 'title', 'options'],
};

function* days(from: string, to: string): Generator<string> {
  for (let d = new Date(`${from}T00:00:00Z`); d <= new Date(`${to}T00:00:00Z`); d = new Date(d.getTime() + 86_400_000)) yield d.toISOString().slice(0, 10);
}

export async function startChannexFake(opts: { apiKey?: string } = {}): Promise<ChannexFake> {
  const apiKey = opts.apiKey ?? `channex-test-key-${randomUUID()}`;
  const failures: Array<{ prefix: string; status: number; times: number; retryAfterSec?: number }> = [];
  const warnings: Array<{ prefix: string; warnings: Array<Record<string, any>> }> = [];
  const revisions: Array<{ id: string; attrs: Record<string, any>; acked: boolean }> = [];
  let messageSeq = 0;

  const fake: ChannexFake = {
    apiBase: '',
    apiKey,
    calls: [],
    properties: new Map(),
    roomTypes: new Map(),
    ratePlans: new Map(),
    availability: new Map(),
    restrictions: new Map(),
    acked: [],
    threads: new Map(),
    failNext: (prefix, status, times = 1, retryAfterSec) => void failures.push({ prefix, status, times, retryAfterSec }),
    warnNext: (prefix, w) => void warnings.push({ prefix, warnings: w }),
    addRevision(attrs) {
      const id = randomUUID();
      revisions.push({ id, attrs: { id, inserted_at: new Date().toISOString(), ...attrs }, acked: false });
      return id;
    },
    addGuestMessage(threadId, thread, text) {
      const t = fake.threads.get(threadId) ?? { attrs: { ...thread, id: threadId }, messages: [] };
      fake.threads.set(threadId, t);
      const id = `msg-${++messageSeq}-${randomUUID().slice(0, 8)}`;
      t.messages.push({ id, sender: 'guest', message: text, inserted_at: new Date(Date.now() + messageSeq).toISOString() });
      return id;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, code: string, title: string, details: Record<string, string[]> = {}) =>
    send(res, status, { errors: { code, title, details } });
  const resource = (type: string, id: string, attributes: Record<string, any>) => ({ data: { type, id, attributes: { id, ...attributes } } });

  /** Create (POST /things) or update (PUT /things/:id) one wrapped resource. */
  function upsert(res: ServerResponse, type: string, store: Map<string, Record<string, any>>, id: string | undefined, body: any) {
    const attrs = body?.[type];
    if (!attrs || typeof attrs !== 'object') return error(res, 422, 'validation_error', `Body must be wrapped in "${type}"`);
    if (id !== undefined && !store.has(id)) return error(res, 404, 'resource_not_found', 'Resource not found');
    const merged = { ...(id ? store.get(id) : {}), ...attrs };
    const missing = (REQUIRED[type] ?? []).filter((k) => merged[k] === undefined || merged[k] === null || merged[k] === '');
    if (missing.length) return error(res, 422, 'validation_error', 'Validation error', Object.fromEntries(missing.map((k) => [k, ["can't be blank"]])));
    if (type === 'room_type' && !fake.properties.has(merged.property_id)) return error(res, 422, 'validation_error', 'Validation error', { property_id: ['not found'] });
    if (type === 'rate_plan' && !fake.roomTypes.has(merged.room_type_id)) return error(res, 422, 'validation_error', 'Validation error', { room_type_id: ['not found'] });
    const key = id ?? randomUUID();
    store.set(key, merged);
    send(res, id ? 200 : 201, resource(type, key, merged));
  }

  /** POST /availability and /restrictions: inclusive date ranges applied value by value. */
  function ari(res: ServerResponse, kind: 'availability' | 'restrictions', body: any) {
    const values = body?.values;
    if (!Array.isArray(values) || !values.length) return error(res, 422, 'validation_error', 'values must be a non-empty array');
    const queued = warnings.findIndex((w) => `/${kind}`.startsWith(w.prefix));
    if (queued >= 0) {
      const [w] = warnings.splice(queued, 1);
      return send(res, 200, { data: [{ id: randomUUID(), type: 'task' }], meta: { message: 'Success', warnings: w!.warnings } });
    }
    for (const v of values) {
      const target = kind === 'availability' ? v.room_type_id : v.rate_plan_id;
      const known = kind === 'availability' ? fake.roomTypes.has(target) : fake.ratePlans.has(target);
      if (!known || !v.date_from || !v.date_to || v.date_from > v.date_to) return error(res, 422, 'validation_error', `invalid value ${JSON.stringify(v)}`);
      for (const day of days(v.date_from, v.date_to)) {
        if (kind === 'availability') fake.availability.set(`${target}|${day}`, v.availability);
        else {
          const { property_id: _p, rate_plan_id: _r, date_from: _f, date_to: _t, ...rest } = v;
          fake.restrictions.set(`${target}|${day}`, { ...fake.restrictions.get(`${target}|${day}`), ...rest });
        }
      }
    }
    send(res, 200, { data: [{ id: randomUUID(), type: 'task' }], meta: { message: 'Success' } });
  }

  function route(req: IncomingMessage, res: ServerResponse, path: string, query: Record<string, string>, body: any) {
    const m = req.method ?? 'GET';
    const seg = path.split('/').filter(Boolean);
    const [top, id, sub] = seg;
    if (top === 'properties' && m === 'POST' && !id) return upsert(res, 'property', fake.properties, undefined, body);
    if (top === 'properties' && m === 'PUT' && id) return upsert(res, 'property', fake.properties, id, body);
    if (top === 'room_types' && m === 'POST' && !id) return upsert(res, 'room_type', fake.roomTypes, undefined, body);
    if (top === 'room_types' && m === 'PUT' && id) return upsert(res, 'room_type', fake.roomTypes, id, body);
    if (top === 'rate_plans' && m === 'POST' && !id) return upsert(res, 'rate_plan', fake.ratePlans, undefined, body);
    if (top === 'rate_plans' && m === 'PUT' && id) return upsert(res, 'rate_plan', fake.ratePlans, id, body);
    if ((top === 'availability' || top === 'restrictions') && m === 'POST') return ari(res, top, body);
    if (top === 'availability' && m === 'GET') {
      const propertyId = query['filter[property_id]'];
      const from = query['filter[date][gte]'];
      const to = query['filter[date][lte]'];
      if (!propertyId || !from || !to) return error(res, 422, 'validation_error', 'filter[property_id] and filter[date][gte|lte] are required');
      const data: Record<string, Record<string, number>> = {};
      for (const [rtId, rt] of fake.roomTypes) {
        if (rt.property_id !== propertyId) continue;
        data[rtId] = {};
        for (const day of days(from, to)) data[rtId]![day] = fake.availability.get(`${rtId}|${day}`) ?? 0;
      }
      return send(res, 200, { data });
    }
    if (top === 'booking_revisions' && id === 'feed' && m === 'GET') {
      const data = revisions.filter((r) => !r.acked).map((r) => ({ type: 'booking_revision', id: r.id, attributes: r.attrs }));
      return send(res, 200, { data, meta: { total: data.length, page: 1, limit: 10 } });
    }
    if (top === 'booking_revisions' && id && sub === 'ack' && m === 'POST') {
      const rev = revisions.find((r) => r.id === id);
      if (!rev) return error(res, 404, 'resource_not_found', 'Booking revision not found');
      if (!rev.acked) fake.acked.push(id);
      rev.acked = true;
      return send(res, 200, { meta: { message: 'Success' } });
    }
    if (top === 'message_threads' && id && !sub && m === 'GET') {
      const thread = fake.threads.get(id);
      if (!thread) return error(res, 404, 'resource_not_found', 'Message thread not found');
      return send(res, 200, resource('message_thread', id, thread.attrs));
    }
    if (top === 'message_threads' && id && sub === 'messages') {
      const thread = fake.threads.get(id);
      if (!thread) return error(res, 404, 'resource_not_found', 'Message thread not found');
      if (m === 'GET') {
        const data = thread.messages.map((x) => ({
          type: 'message', id: x.id,
          attributes: { id: x.id, message: x.message, sender: x.sender, inserted_at: x.inserted_at },
          relationships: { message_thread: { data: { id, type: 'message_thread' } } },
        }));
        return send(res, 200, { data });
      }
      if (m === 'POST') {
        const text = body?.message?.message;
        if (typeof text !== 'string' || !text.trim()) return error(res, 422, 'validation_error', 'message.message is required');
        const msgId = `msg-${++messageSeq}-${randomUUID().slice(0, 8)}`;
        thread.messages.push({ id: msgId, sender: 'property', message: text, inserted_at: new Date().toISOString() });
        return send(res, 201, resource('message', msgId, { message: text, sender: 'property' }));
      }
    }
    error(res, 404, 'resource_not_found', `No route ${m} /${seg.join('/')}`);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const path = url.pathname.replace(/^\/api\/v1/, '');
      const query = Object.fromEntries(url.searchParams);
      let body: any = null;
      try {
        body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : null;
      } catch {
        return error(res, 400, 'bad_request', 'Body is not JSON');
      }
      fake.calls.push({ method: req.method ?? 'GET', path, query, body });
      if (req.headers['user-api-key'] !== apiKey) return error(res, 401, 'unauthorized', 'Unauthorized');
      const f = failures.find((x) => path.startsWith(x.prefix) && x.times > 0);
      if (f) {
        f.times -= 1;
        if (f.status === 429) return send(res, 429, { errors: { code: 'http_too_many_requests', title: 'Too Many Requests' } }, f.retryAfterSec ? { 'retry-after': String(f.retryAfterSec) } : {});
        return error(res, f.status, 'internal_error', 'Something went wrong');
      }
      route(req, res, path, query, body);
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
