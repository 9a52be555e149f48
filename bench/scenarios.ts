// What `npm run bench` measures. A new scenario (property detail, search, booking …) is one more
// entry in `scenarios`; anything it needs in the database is created in `prepare` through the
// public API, so the benchmark exercises the same paths a client does.
import type autocannon from 'autocannon';
import type { Manifest } from './datasets.ts';

/** What the harness hands every scenario once the server is up and a user is logged in. */
export interface BenchContext {
  baseUrl: string;
  /** Access token of the benchmark user (a client account). */
  token: string;
  userId: number;
  /** JSON request against the running server; throws on a non-2xx answer. */
  api<T = unknown>(method: string, path: string, body?: unknown, token?: string): Promise<T>;
  /** The generated catalogue the server runs on, for scenarios that name a `dataset`. */
  manifest?: Manifest;
}

/** Thrown by `prepare` when the scenario cannot run here yet (its route is missing, …): reported, not failed. */
export class SkipScenario extends Error {}

/** The load one scenario sends: one request, or a sequence each connection loops over. */
export interface Load {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Replaces `[<id>]` in the body with a fresh id per request (unique fields in POSTs). */
  idReplacement?: boolean;
  /** Instead of path/method/body: a sequence per connection (e.g. search, then detail). */
  requests?: autocannon.Request[];
  /**
   * Concurrent connections for this scenario instead of BENCH_CONNECTIONS: a route serving tens
   * of requests per second on PGlite would otherwise measure seconds of queueing (and time out).
   */
  connections?: number;
}

export interface Scenario {
  name: string;
  /** One line for the README and the JSON: which code path this isolates. */
  measures: string;
  /**
   * Runs on a server over the catalogue `npm run bench:data -- --count <dataset>` generated (a
   * fresh copy per run), in a server process of its own together with a baseline run; skipped
   * with a message when that catalogue has not been generated for the database in use.
   */
  dataset?: number;
  /** Builds the load; may create fixtures first (a property to read, a listing to book …). */
  prepare(ctx: BenchContext): Load | Promise<Load>;
  /**
   * Checked on a single request before the warm-up. A scenario that silently hits the wrong
   * path (token not sent → anonymous answer) would otherwise report a plausible number.
   * Returns a reason when the answer is not the one the scenario means to measure.
   */
  check?(status: number, body: unknown): string | null;
}

/**
 * A required relation between two scenarios of the same run: numerator / denominator of req/s
 * at least `minRatio`, or of p95 latency at most `maxRatio`.
 */
export type Requirement = {
  name: string;
  numerator: string;
  denominator: string;
  text: string;
} & ({ metric: 'reqPerSec'; minRatio: number } | { metric: 'p95Ms'; maxRatio: number });

/** The baseline row of a dataset's server process is named `bare@catalog-<count>`. */
export const baselineOf = (dataset?: number) => (dataset === undefined ? BASELINE : `${BASELINE}@catalog-${dataset}`);

/** Every other scenario's req/s is also shown relative to this one. */
export const BASELINE = 'bare';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

type Envelope = { success?: boolean; data?: Record<string, unknown> };
const data = (body: unknown) => (body as Envelope | null)?.data ?? {};
// Enough to keep a database-bound route saturated on either database without measuring a queue.
const DB_BOUND_CONNECTIONS = 10;
type PageBody = { success?: boolean; data?: unknown[]; meta?: { total?: number } };

// The explorer search a traveller runs: dates, guests, a point and a radius (from the manifest:
// a city that exists in every generated catalogue, dates inside its calendar window).
function search(name: string, dataset: number): Scenario {
  return {
    name,
    dataset,
    measures:
      `GET /api/properties/public?checkin_date&checkout_date&guests&near&radius_km on ${dataset.toLocaleString('en')} listings: ` +
      'bounding box on the partial geo index, haversine, per-night availability (NOT EXISTS), page of 20 cards, count',
    prepare: (ctx) => {
      const s = ctx.manifest!.search;
      const q = new URLSearchParams({ near: s.near, radius_km: String(s.radius_km), checkin_date: s.checkin_date, checkout_date: s.checkout_date, guests: String(s.guests) });
      return { path: `/api/properties/public?${q}`, connections: DB_BOUND_CONNECTIONS };
    },
    check: (status, body) => {
      const b = body as PageBody | null;
      return status === 200 && Array.isArray(b?.data) && b.data.length > 0 ? null : `expected a non-empty page of cards, got ${status} ${JSON.stringify(body).slice(0, 300)}`;
    },
  };
}

export const scenarios: Scenario[] = [
  {
    name: 'bare',
    measures: 'GET /healthz: Fastify, the global hooks (request id, helmet, cors) and the network; no auth, no database',
    prepare: () => ({ path: '/healthz' }),
    check: (status, body) => (status === 200 && (body as { status?: string } | null)?.status === 'ok' ? null : `expected 200 {status:"ok"}, got ${status}`),
  },
  {
    name: 'session-anon',
    measures: 'GET /api/auth/session without a token: the /api route stack, the auth hook finding no token, the envelope',
    prepare: () => ({ path: '/api/auth/session' }),
    check: (status, body) => (status === 200 && data(body).authenticated === false ? null : `expected authenticated=false, got ${status} ${JSON.stringify(body)}`),
  },
  {
    name: 'session-auth',
    measures: 'GET /api/auth/session with Authorization: Bearer: the same plus JWT verification and the session/revocation check (cached 5 s)',
    prepare: (ctx) => ({ path: '/api/auth/session', headers: bearer(ctx.token) }),
    check: (status, body) => (status === 200 && data(body).authenticated === true ? null : `expected authenticated=true, got ${status} ${JSON.stringify(body)}`),
  },
  {
    name: 'property-detail',
    dataset: 10_000,
    measures: 'GET /api/properties/{id} anonymous: the full read form of a complete listing (room types, rate plans, media, commodities, pricing rules) on 10,000 listings',
    prepare: async (ctx) => {
      const id = ctx.manifest!.detailId;
      const res = await fetch(`${ctx.baseUrl}/api/properties/${id}`);
      const body = (await res.json().catch(() => null)) as { code?: string } | null;
      if (res.status === 404 && body?.code === 'ROUTE_NOT_FOUND') throw new SkipScenario('GET /api/properties/{id} is not served yet (404 ROUTE_NOT_FOUND)');
      return { path: `/api/properties/${id}`, connections: DB_BOUND_CONNECTIONS };
    },
    check: (status, body) => (status === 200 && typeof data(body).id === 'number' ? null : `expected 200 with the read form, got ${status} ${JSON.stringify(body).slice(0, 300)}`),
  },
  search('search-10k', 10_000),
  search('search-100k', 100_000),
];

export const requirements: Requirement[] = [
  {
    name: 'auth-overhead',
    numerator: 'session-auth',
    denominator: 'session-anon',
    metric: 'reqPerSec',
    minRatio: 0.7,
    text: 'authentication (token check plus revocation check) keeps at least 70% of the unauthenticated throughput',
  },
  {
    name: 'detail-throughput',
    numerator: 'property-detail',
    denominator: baselineOf(10_000),
    metric: 'reqPerSec',
    minRatio: 0.5,
    text: 'the property read form keeps at least 50% of the same process\'s bare JSON route throughput',
  },
  {
    name: 'search-scaling',
    numerator: 'search-100k',
    denominator: 'search-10k',
    metric: 'p95Ms',
    maxRatio: 2,
    text: 'search p95 latency on 100,000 listings is at most twice the p95 on 10,000 (separate server processes, same load)',
  },
];
