// What `npm run bench` measures. A new scenario (property detail, search, booking …) is one more
// entry in `scenarios`; anything it needs in the database is created in `prepare` through the
// public API, so the benchmark exercises the same paths a client does, except what no public
// route can make in bulk (the booking scenarios' guests and listings: `fixture`).
import type autocannon from 'autocannon';
import { addDays } from '../src/kernel/calendar-dates.ts';
import type { Manifest } from './datasets.ts';
import { httpBookingFixtures, type FixtureTarget, type HttpBookingFixtures } from './booking-fixtures.ts';
import { booking, bookingHistory, bookingSql } from './booking-scenarios.ts';
import {
  BOOKING_CONNECTIONS,
  DB_BOUND_CONNECTIONS,
  JSON_BODY,
  SkipScenario,
  bearer,
  data,
  int,
  pick,
} from './scenario-helpers.ts';
import { paidReservations } from './payment-fixtures.ts';
import type { Sample } from './report.ts';

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
  /** What the scenario's `fixture` returned. */
  fixture?: unknown;
  /** Access token of the run's own admin (logged in on first use). */
  adminToken(): Promise<string>;
}

export { SkipScenario };

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
   * A body (and headers, or path) of its own for every request, built in this process as each
   * request is sent: random stays, a different guest each time, another checkout session. Takes
   * the place of `body` (and of `path` when it returns one).
   */
  vary?: () => { body?: string; headers?: Record<string, string>; path?: string };
  /**
   * Concurrent connections for this scenario instead of BENCH_CONNECTIONS: a route serving tens
   * of requests per second on PGlite would otherwise measure seconds of queueing (and time out).
   */
  connections?: number;
}

/** Load this process generates itself instead of HTTP requests: a baseline sent straight to the database. */
export interface DirectLoad {
  connections: number;
  /** Checked once before the warm-up, like `check`: a reason when the first unit of work did not do what it should. */
  once(): Promise<string | null>;
  /** Runs the load for `seconds` (or until aborted) and measures it as autocannon would. */
  drive(seconds: number, signal: AbortSignal): Promise<Sample>;
  close(): Promise<void>;
}

export const isDirect = (load: Load | DirectLoad): load is DirectLoad => 'drive' in load;

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
  /**
   * Written into the run's database before its server starts, for data no public route can make
   * quickly (thousands of signed-in guests); the result reaches `prepare` as `ctx.fixture`.
   * Scenarios sharing one function share one call.
   */
  fixture?: (target: FixtureTarget) => Promise<unknown>;
  /**
   * Run only when BENCH_ONLY names it: its catalogue takes a quarter of an hour to generate and
   * gigabytes to keep (the 1,000,000-listing step), so `npm run bench` alone leaves it out.
   */
  optIn?: boolean;
  /** Builds the load; may create fixtures first (a property to read, a listing to book …). */
  prepare(ctx: BenchContext): Load | DirectLoad | Promise<Load | DirectLoad>;
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

type PageBody = { success?: boolean; data?: unknown[]; meta?: { total?: number } };

// The explorer search a traveller runs: dates, guests, a point and a radius (from the manifest:
// a city that exists in every generated catalogue, dates inside its calendar window).
// With `facets`, the same search with facets=1 (type, commodity, neighborhood counts and the price histogram).
function search(name: string, dataset: number, facets = false, optIn = false): Scenario {
  return {
    name,
    dataset,
    optIn,
    measures:
      `GET /api/properties/public?checkin_date&checkout_date&guests&near&radius_km${facets ? '&facets=1' : ''} on ${dataset.toLocaleString('en')} listings: ` +
      'bounding box on the partial geo index, haversine, per-night availability (NOT EXISTS), page of 20 cards, count' +
      (facets ? ', and the facets statement over the same matches' : ''),
    prepare: (ctx) => {
      const s = ctx.manifest!.search;
      const q = new URLSearchParams({
        near: s.near,
        radius_km: String(s.radius_km),
        checkin_date: s.checkin_date,
        checkout_date: s.checkout_date,
        guests: String(s.guests),
      });
      if (facets) q.set('facets', '1');
      return { path: `/api/properties/public?${q}`, connections: DB_BOUND_CONNECTIONS };
    },
    check: (status, body) => {
      const b = body as (PageBody & { facets?: { types?: unknown[] } }) | null;
      if (facets && !b?.facets?.types?.length)
        return `expected facets with property types, got ${status} ${JSON.stringify(body).slice(0, 300)}`;
      return status === 200 && Array.isArray(b?.data) && b.data.length > 0
        ? null
        : `expected a non-empty page of cards, got ${status} ${JSON.stringify(body).slice(0, 300)}`;
    },
  };
}

type ReadForm = {
  channel_room_types: Array<{
    id: number;
    count_of_rooms: number;
    capacity: number;
    rate_plans: Array<{ id: number }>;
  }>;
  offers: Array<{ id: number }>;
  packages: Array<{ id: number }>;
};

/**
 * Random preview bodies for a listing with room types and rate plans (the catalogue's complete
 * listing): reads its read form once, then each call is another traveller's stay.
 */
export async function previewBodies(ctx: Pick<BenchContext, 'api'>, id: number): Promise<() => string> {
  const { data: p } = await ctx.api<{ data: ReadForm }>('GET', `/api/properties/${id}`);
  const lines = p.channel_room_types.flatMap((rt) => rt.rate_plans.map((plan) => ({ rt, plan })));
  if (!lines.length)
    throw new Error(
      `listing ${id} of the catalogue has no room type with a rate plan: regenerate it (npm run bench:data)`,
    );
  const today = new Date().toISOString().slice(0, 10);
  return () => {
    const { rt, plan } = pick(lines);
    const rooms = int(1, Math.max(1, Math.min(2, rt.count_of_rooms)));
    const people = int(1, Math.max(1, rt.capacity * rooms));
    const children = int(0, people - 1);
    const checkin = addDays(today, int(1, 300));
    return JSON.stringify({
      property_id: id,
      checkin_date: checkin,
      checkout_date: addDays(checkin, int(1, 7)),
      rooms: [{ room_type_id: rt.id, rate_plan_id: plan.id, rooms_count: rooms }],
      guests: { adults: people - children, children },
      ...(p.offers.length && Math.random() < 0.3 ? { offer_id: pick(p.offers).id } : {}),
      ...(p.packages.length && Math.random() < 0.3 ? { package_ids: [pick(p.packages).id] } : {}),
    });
  };
}

/** A price in the answer: what `preview`'s check and the soak's preflight accept. */
export const checkPreview = (status: number, body: unknown) =>
  status === 200 && typeof data(body).total === 'number'
    ? null
    : `expected 200 with a price, got ${status} ${JSON.stringify(body).slice(0, 300)}`;

// A traveller pricing stays on the catalogue's complete listing: any date in the next ten months,
// 1–7 nights, one room line within the room type's count, guests within its capacity, sometimes
// the listing's offer or a package. Some of these stays meet booked nights or stay rules: the
// preview still prices them (200, stay_validation.valid false), as it does for a real guest.
const preview: Scenario = {
  name: 'preview',
  dataset: 10_000,
  measures:
    'POST /api/reservations/preview anonymous on the complete listing of 10,000: random future stays, room lines, guests, offer and packages; ' +
    "the price loader (the listing's rules and calendar from the per-listing cache, a statement only for a promo code or after a change) and the pricing engine, no writes",
  prepare: async (ctx) => {
    const body = await previewBodies(ctx, ctx.manifest!.detailId);
    return {
      method: 'POST',
      path: '/api/reservations/preview',
      headers: JSON_BODY,
      connections: DB_BOUND_CONNECTIONS,
      vary: () => ({ body: body() }),
    };
  },
  check: checkPreview,
};

// The traveller's price calendar of the catalogue's complete listing (room types, rate plans, a
// season): 60 nights from one of 300 start days, so after the warm-up most answers come from the
// calendar's answer cache (15 s life) and the rest are built from the price loader's per-listing
// cache (no statement once it holds the listing).
const AVAILABILITY_NIGHTS = 60;
const availability: Scenario = {
  name: 'availability',
  dataset: 10_000,
  measures:
    `GET /api/properties/{id}/availability anonymous, ${AVAILABILITY_NIGHTS} nights from a random future day, on the complete listing of 10,000: ` +
    "the answer's JSON bytes from the calendar cache, else built from the price loader's cache (prices after seasons, stay rules per rate plan)",
  prepare: (ctx) => {
    const id = ctx.manifest!.detailId;
    const path = () => {
      const from = new Date(Date.now() + int(1, 300) * 86_400_000);
      const to = new Date(from.getTime() + AVAILABILITY_NIGHTS * 86_400_000);
      return `/api/properties/${id}/availability?from=${from.toISOString().slice(0, 10)}&to=${to.toISOString().slice(0, 10)}`;
    };
    // The bare route's concurrency: served from memory, no database pool to queue on.
    return { path: path(), vary: () => ({ path: path() }) };
  },
  check: (status, body) => {
    const nights = data(body).nights;
    return status === 200 && Array.isArray(nights) && nights.length === AVAILABILITY_NIGHTS
      ? null
      : `expected ${AVAILABILITY_NIGHTS} nights, got ${status} ${JSON.stringify(body).slice(0, 300)}`;
  },
};

// An owner's dashboard: twelve months of performance of the owner of the catalogue's complete
// listing (an owner of the generated catalogue holds about 25 listings), asked by the run's admin
// with owner_id, as an owner asks for their own. The catalogue has calendar rows and no stays, so
// this measures the five statements over a year of an owner's calendar and the figures per month
// and listing; nothing is cached between requests.
const ownerPerformance: Scenario = {
  name: 'owner-performance',
  dataset: 10_000,
  measures:
    'GET /api/owners/me/performance?owner_id=… by the admin: 12 months of one owner of 10,000 listings (about 25 listings): ' +
    'listings, rates, calendar, sold stays and cancellations (five statements), then the figures per month and listing, uncached',
  prepare: async (ctx) => {
    const listing = await ctx.api<{ data: { user_id: number } }>('GET', `/api/properties/${ctx.manifest!.detailId}`);
    const admin = await ctx.adminToken();
    return {
      path: `/api/owners/me/performance?owner_id=${listing.data.user_id}`,
      headers: bearer(admin),
      connections: DB_BOUND_CONNECTIONS,
    };
  },
  check: (status, body) => {
    const months = data(body).months;
    return status === 200 && Array.isArray(months) && months.length >= 12
      ? null
      : `expected 200 with at least 12 month rows, got ${status} ${JSON.stringify(body).slice(0, 300)}`;
  },
};

// How many paid reservations payment-verify rotates over: clients polling different payments
// (each verify locks its payment row, so one session polled by 10 connections would measure
// that lock's queue, not the route).
const PAID_RESERVATIONS = 20;
type VerifyBody = { data?: { outcome?: string; payment?: { status?: string }; reservation?: { status?: string } } };

export const checkVerify = (status: number, body: unknown) => {
  const d = (body as VerifyBody | null)?.data;
  return status === 200 &&
    d?.outcome === 'already_paid' &&
    d.payment?.status === 'paid' &&
    d.reservation?.status === 'confirmed'
    ? null
    : `expected 200 already_paid / paid / confirmed, got ${status} ${JSON.stringify(body).slice(0, 300)}`;
};

const paymentVerify: Scenario = {
  name: 'payment-verify',
  measures:
    `GET /api/subscription-payment/verify?session_id= of reservations already paid on the local checkout page (${PAID_RESERVATIONS} sessions in turn), anonymous: ` +
    "the payment by session, the processor's session, the confirmation path finding it paid (a transaction locking the payment row, no write), the reservation",
  // Listings and guests no public route makes quickly; the bookings and payments themselves go through the API.
  fixture: httpBookingFixtures,
  prepare: async (ctx) => {
    const paid = await paidReservations(ctx, ctx.fixture as HttpBookingFixtures, PAID_RESERVATIONS);
    const paths = paid.map((p) => `/api/subscription-payment/verify?session_id=${encodeURIComponent(p.sessionId)}`);
    let next = 0;
    return {
      path: paths[0]!,
      connections: DB_BOUND_CONNECTIONS,
      vary: () => ({ path: paths[next++ % paths.length]! }),
    };
  },
  check: checkVerify,
};

// Notifications the benchmark user has: sent by the run's admin before the load.
export const NOTIFICATIONS_PER_USER = 200;
const SEND_CONCURRENCY = 10;

/** Sends `count` notifications to each of `userIds` as the admin (POST /api/notifications/send). */
export async function sendNotifications(
  ctx: Pick<BenchContext, 'api' | 'adminToken'>,
  userIds: number[],
  count: number,
): Promise<void> {
  const admin = await ctx.adminToken();
  let next = 0;
  await Promise.all(
    Array.from({ length: SEND_CONCURRENCY }, async () => {
      for (let i = next++; i < count; i = next++) {
        await ctx.api(
          'POST',
          '/api/notifications/send',
          {
            title: `Bench notice ${i}`,
            message: `Notification ${i} of the benchmark.`,
            payload: JSON.stringify({ n: i }),
            user_ids: userIds,
          },
          admin,
        );
      }
    }),
  );
}

export const checkNotificationPage = (status: number, body: unknown) => {
  const b = body as PageBody | null;
  return status === 200 &&
    Array.isArray(b?.data) &&
    b.data.length === 20 &&
    (b.meta?.total ?? 0) >= NOTIFICATIONS_PER_USER
    ? null
    : `expected 200 with a page of 20 of at least ${NOTIFICATIONS_PER_USER} notifications, got ${status} ${JSON.stringify(body).slice(0, 300)}`;
};

const notificationsList: Scenario = {
  name: 'notifications-list',
  measures: `GET /api/notifications as a user with ${NOTIFICATIONS_PER_USER} notifications: token and session check, the newest page of 20 and the count (two statements)`,
  prepare: async (ctx) => {
    await sendNotifications(ctx, [ctx.userId], NOTIFICATIONS_PER_USER);
    return { path: '/api/notifications', headers: bearer(ctx.token), connections: DB_BOUND_CONNECTIONS };
  },
  check: checkNotificationPage,
};

export const scenarios: Scenario[] = [
  {
    name: 'bare',
    measures:
      'GET /healthz: Fastify, the global hooks (request id, helmet, cors) and the network; no auth, no database',
    prepare: () => ({ path: '/healthz' }),
    check: (status, body) =>
      status === 200 && (body as { status?: string } | null)?.status === 'ok'
        ? null
        : `expected 200 {status:"ok"}, got ${status}`,
  },
  {
    name: 'session-anon',
    measures:
      'GET /api/auth/session without a token: the /api route stack, the auth hook finding no token, the envelope',
    prepare: () => ({ path: '/api/auth/session' }),
    check: (status, body) =>
      status === 200 && data(body).authenticated === false
        ? null
        : `expected authenticated=false, got ${status} ${JSON.stringify(body)}`,
  },
  {
    name: 'session-auth',
    measures:
      'GET /api/auth/session with Authorization: Bearer: the same plus JWT verification and the session/revocation check (cached 5 s)',
    prepare: (ctx) => ({ path: '/api/auth/session', headers: bearer(ctx.token) }),
    check: (status, body) =>
      status === 200 && data(body).authenticated === true
        ? null
        : `expected authenticated=true, got ${status} ${JSON.stringify(body)}`,
  },
  {
    name: 'property-detail',
    dataset: 10_000,
    measures:
      'GET /api/properties/{id} anonymous: the full read form of a complete listing (room types, rate plans, media, commodities, pricing rules) on 10,000 listings',
    prepare: async (ctx) => {
      const id = ctx.manifest!.detailId;
      const res = await fetch(`${ctx.baseUrl}/api/properties/${id}`);
      const body = (await res.json().catch(() => null)) as { code?: string } | null;
      if (res.status === 404 && body?.code === 'ROUTE_NOT_FOUND')
        throw new SkipScenario('GET /api/properties/{id} is not served yet (404 ROUTE_NOT_FOUND)');
      return { path: `/api/properties/${id}`, connections: DB_BOUND_CONNECTIONS };
    },
    check: (status, body) =>
      status === 200 && typeof data(body).id === 'number'
        ? null
        : `expected 200 with the read form, got ${status} ${JSON.stringify(body).slice(0, 300)}`,
  },
  preview,
  availability,
  ownerPerformance,
  search('search-10k', 10_000),
  search('search-100k', 100_000),
  search('search-100k-facets', 100_000, true),
  search('search-1m', 1_000_000, false, true),
  booking,
  bookingHistory,
  bookingSql,
  paymentVerify,
  notificationsList,
];

export const requirements: Requirement[] = [
  {
    name: 'auth-overhead',
    numerator: 'session-auth',
    denominator: 'session-anon',
    metric: 'reqPerSec',
    minRatio: 0.85,
    text: 'authentication (token check plus revocation check) keeps at least 85% of the unauthenticated throughput',
  },
  {
    name: 'detail-throughput',
    numerator: 'property-detail',
    denominator: baselineOf(10_000),
    metric: 'reqPerSec',
    minRatio: 0.55,
    text: "the property read form keeps at least 55% of the same process's bare JSON route throughput",
  },
  {
    name: 'search-scaling',
    numerator: 'search-100k',
    denominator: 'search-10k',
    metric: 'p95Ms',
    maxRatio: 2,
    text: 'search p95 latency on 100,000 listings is at most twice the p95 on 10,000 (separate server processes, same load)',
  },
  {
    name: 'search-scaling-1m',
    numerator: 'search-1m',
    denominator: 'search-100k',
    metric: 'p95Ms',
    maxRatio: 2,
    text: 'search p95 latency on 1,000,000 listings is at most twice the p95 on 100,000 (separate server processes, same load; BENCH_ONLY=search-100k,search-1m)',
  },
  {
    name: 'facets-cost',
    numerator: 'search-100k-facets',
    denominator: 'search-100k',
    metric: 'p95Ms',
    maxRatio: 2,
    text: 'the explorer search with facets=1 on 100,000 listings keeps its p95 latency within twice the p95 of the same search without facets (same server process)',
  },
  {
    name: 'preview-throughput',
    numerator: 'preview',
    denominator: baselineOf(10_000),
    metric: 'reqPerSec',
    minRatio: 0.5,
    text: "the price preview keeps at least 50% of the same process's bare JSON route throughput",
  },
  {
    name: 'availability-throughput',
    numerator: 'availability',
    denominator: baselineOf(10_000),
    metric: 'reqPerSec',
    minRatio: 0.4,
    text: `the ${AVAILABILITY_NIGHTS}-night price calendar of a cached listing keeps at least 40% of the same process's bare JSON route throughput`,
  },
  {
    name: 'booking-history',
    numerator: 'booking-history',
    denominator: 'booking',
    metric: 'reqPerSec',
    minRatio: 0.9,
    text: 'booking into listings and as guests with a history (1,000 past and 1,000 future stays a listing, 100 past stays a guest) keeps at least 90% of booking on fresh ones',
  },
  {
    name: 'booking-throughput',
    numerator: 'booking',
    denominator: 'booking-sql',
    metric: 'reqPerSec',
    minRatio: 0.6,
    text: `booking through the API keeps at least 60% of the throughput of the same transactions sent as raw SQL (${BOOKING_CONNECTIONS} connections each, PostgreSQL)`,
  },
];

/** A scenario whose throughput must hold from round to round: (max − min) / max of its rounds at most `maxSpread`. */
export interface Steadiness {
  scenario: string;
  maxSpread: number;
  /** Rounds the verdict needs: fewer, and it is reported without one. */
  minRounds: number;
  text: string;
}

export const steadiness: Steadiness[] = [
  {
    scenario: 'booking',
    maxSpread: 0.1,
    minRounds: 5,
    text: 'five consecutive rounds of booking stay within 10% of each other (the listings fill up as the run goes on)',
  },
];
