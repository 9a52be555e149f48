// The request mix of `npm run bench:soak`: what a booking site's traffic looks like, reads first.
// Everything it needs is created before the load (fixtures written into the database for the
// guests and bookable listings, notifications sent by the run's admin through the API), and each
// kind is checked once before the load so a soak can never measure a wrong answer quickly.
import { addDays } from '../src/kernel/calendar-dates.ts';
import { CAPACITY, Slots, type HttpBookingFixtures } from './booking-fixtures.ts';
import type { Manifest } from './datasets.ts';
import type { PacedRequest } from './paced-load.ts';
import {
  checkNotificationPage,
  checkPreview,
  previewBodies,
  sendNotifications,
  type BenchContext,
} from './scenarios.ts';

/** Kind → share of the requests, in percent. */
export const MIX = {
  session: 30,
  detail: 20,
  notifications: 15,
  preview: 15,
  search: 10,
  booking: 10,
} as const;
export type Kind = keyof typeof MIX;
export const READS: Kind[] = ['session', 'detail', 'notifications', 'preview', 'search'];
export const isBooking = (kind: string) => kind === 'booking';

/** Signed-in guests whose session is read (each session's state is cached 5 s, so most reads miss). */
const SESSION_GUESTS = 500;
/** Guests who read their notifications, each with NOTIFICATIONS_PER_USER of them. */
const NOTIFIED_GUESTS = 20;
export const NOTIFICATIONS_PER_GUEST = 200;

const int = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));
const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]!;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const JSON_BODY = { 'content-type': 'application/json' };
type Envelope = { data?: unknown; meta?: { total?: number } };
const dataOf = (body: unknown) => ((body as Envelope | null)?.data ?? {}) as Record<string, unknown>;

/** The user id of one of the fixtures' tokens (its `sub`), without verifying it: we signed it. */
function userIdOf(token: string): number {
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string };
  return Number(payload.sub);
}

export interface Mix {
  next(): PacedRequest;
  /** One request of the kind, and why its answer is not what the kind means to measure (null: fine). */
  samples: Array<{ request: PacedRequest; check(status: number, body: unknown): string | null }>;
  /** Booking slots handed out so far, and how many the fixtures have. */
  slots(): { used: number; available: number };
}

export async function buildMix(
  ctx: Pick<BenchContext, 'api' | 'adminToken'>,
  manifest: Manifest,
  f: HttpBookingFixtures,
): Promise<Mix> {
  const guestTokens = f.tokens.slice(0, SESSION_GUESTS);
  const notified = f.tokens.slice(0, NOTIFIED_GUESTS);
  await sendNotifications(ctx, notified.map(userIdOf), NOTIFICATIONS_PER_GUEST);

  // Listings a traveller opens: the catalogue's complete one, what a search near city 0 shows,
  // and the bookable listings (their booked nights change under the load).
  const s = manifest.search;
  const found = await ctx.api<{ data: Array<{ id: number }> }>(
    'GET',
    `/api/properties/public?${new URLSearchParams({ near: s.near, radius_km: String(s.radius_km), per_page: '100' })}`,
  );
  const detailIds = [...new Set([manifest.detailId, ...found.data.map((p) => p.id), ...f.listingIds])];
  const preview = await previewBodies(ctx, manifest.detailId);
  const slots = new Slots(f);
  const today = new Date().toISOString().slice(0, 10);

  const make: Record<Kind, () => PacedRequest> = {
    session: () => ({ kind: 'session', method: 'GET', path: '/api/auth/session', headers: bearer(pick(guestTokens)) }),
    detail: () => ({ kind: 'detail', method: 'GET', path: `/api/properties/${pick(detailIds)}` }),
    notifications: () => ({
      kind: 'notifications',
      method: 'GET',
      path: '/api/notifications',
      headers: bearer(pick(notified)),
    }),
    preview: () => ({
      kind: 'preview',
      method: 'POST',
      path: '/api/reservations/preview',
      headers: JSON_BODY,
      body: preview(),
    }),
    // Travellers' searches around city 0: their own dates (1–7 nights in the next 90 days) and party size.
    search: () => {
      const checkin = addDays(today, int(1, 90));
      const q = new URLSearchParams({
        near: s.near,
        radius_km: String(s.radius_km),
        checkin_date: checkin,
        checkout_date: addDays(checkin, int(1, 7)),
        guests: String(int(1, 4)),
      });
      return { kind: 'search', method: 'GET', path: `/api/properties/public?${q}` };
    },
    // Every booking its own slot (listing, two free nights, a guest under the unpaid-hold limit).
    booking: () => {
      const slot = slots.take();
      const body = {
        property_id: slot.listingId,
        checkin_date: slot.checkin,
        checkout_date: slot.checkout,
        guests: { adults: int(1, CAPACITY), children: 0 },
      };
      return {
        kind: 'booking',
        method: 'POST',
        path: '/api/reservations',
        headers: { ...JSON_BODY, ...bearer(f.tokens[slot.guest]!) },
        body: JSON.stringify(body),
      };
    },
  };

  // A wheel of 100 kinds in the mix's proportions, drawn at random.
  const wheel = (Object.entries(MIX) as Array<[Kind, number]>).flatMap(([kind, share]) =>
    Array.from({ length: share }, () => kind),
  );
  const checks: Record<Kind, (status: number, body: unknown) => string | null> = {
    session: (st, b) =>
      st === 200 && dataOf(b).authenticated === true ? null : `expected authenticated=true, got ${st}`,
    detail: (st, b) => (st === 200 && typeof dataOf(b).id === 'number' ? null : `expected a read form, got ${st}`),
    notifications: checkNotificationPage,
    preview: checkPreview,
    search: (st, b) =>
      st === 200 && Array.isArray((b as Envelope | null)?.data) ? null : `expected a page of cards, got ${st}`,
    booking: (st, b) =>
      st === 201 && dataOf(b).status === 'pending'
        ? null
        : `expected 201 pending, got ${st} ${JSON.stringify(b).slice(0, 200)}`,
  };
  return {
    next: () => make[pick(wheel)](),
    samples: (Object.keys(MIX) as Kind[]).map((kind) => ({ request: make[kind](), check: checks[kind] })),
    slots: () => ({ used: slots.used, available: f.slots }),
  };
}
