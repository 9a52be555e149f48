// The world of the booking ↔ payment model test (booking-lifecycle.test.ts): one app on a real
// database, a fresh set of listings and accounts per generated sequence, and the calls a guest,
// an owner, support and the processor make, over the real HTTP API (inject) or, for the
// processor's side, through the real processor (the local one's page, or the Stripe-speaking
// server the official SDK talks to).
import type { LightMyRequestResponse } from 'fastify';
import { promoCodes, ratePlans, roomTypes, seasons } from '../../src/db/schema/index.ts';
import type { LocalPaymentProcessor } from '../../src/adapters/local-payments/local-payment-processor.ts';
import { ProcessorUnavailableError, type PaymentProcessor } from '../../src/ports/payment-processor.ts';
import { setAccount } from '../../src/modules/payouts/payouts.test-support.ts';
import type { FakeStripe } from '../fakes/stripe-server.ts';
import { createProperty } from '../helpers/catalog-factories.ts';
import { createUser } from '../helpers/factories.ts';
import type { TestApp } from '../helpers/test-app.ts';

export type Processor = 'local' | 'stripe';
export interface Actor {
  id: number;
  token: string;
}
export interface RoomKind {
  roomTypeId: number;
  ratePlanId: number;
  count: number;
}

export interface World {
  t: TestApp;
  processor: Processor;
  stripe: FakeStripe | null;
  owner: Actor;
  guests: Actor[];
  admin: Actor;
  support: Actor;
  /** A flat sold whole (1 unit), 100.00 a night, with a 20 % season and a promo code. */
  whole: number;
  /** A small hotel: two room types (2 and 1 rooms) with one rate plan each. */
  hotel: number;
  rooms: RoomKind[];
  propertyIds: number[];
  /** The next expiries the processor does not get (an outage at the worst moment). */
  expiryOutages: number;
}

export const PROMO = 'SAVE10';
const seven = <T>(v: T) => Array.from({ length: 7 }, () => v);
export const dayOffset = (now: Date, days: number) =>
  new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);

async function actor(t: TestApp, role: 'client' | 'owner' | 'admin' | 'support'): Promise<Actor> {
  const user = await createUser(t.deps, { role });
  const session = await t.deps.sessions.start(user, role === 'owner' ? 'client' : role);
  return { id: user.id, token: session.token };
}

/** Staff of the whole run (made once), listings and guests of one sequence (made per sequence). */
export async function staff(t: TestApp): Promise<{ admin: Actor; support: Actor }> {
  return { admin: await actor(t, 'admin'), support: await actor(t, 'support') };
}

export async function createWorld(
  t: TestApp,
  processor: Processor,
  stripe: FakeStripe | null,
  staffActors: { admin: Actor; support: Actor },
): Promise<World> {
  const owner = await actor(t, 'owner');
  await setAccount(t.deps, owner.id, processor === 'stripe' ? `acct_model${owner.id}` : `local-acct-${owner.id}`);
  const guests = [await actor(t, 'client'), await actor(t, 'client'), await actor(t, 'client')];
  const now = t.clock.now();
  const whole = await createProperty(t.deps, owner.id, {
    pricePerNight: 10_000,
    basePrice: 10_000,
    cleaningFee: 2_000,
    taxRate: '10',
    capacity: 4,
    cancellationPolicy: ['moderate'],
  });
  await t.deps.db.insert(seasons).values({
    propertyId: whole.id,
    name: 'Shoulder',
    startDate: dayOffset(now, -30),
    endDate: dayOffset(now, 3650),
    reductionPercent: '20',
  });
  await t.deps.db.insert(promoCodes).values({
    propertyId: whole.id,
    code: PROMO,
    discountType: 'percent',
    discountValue: '10',
    validFrom: dayOffset(now, -30),
    validTo: dayOffset(now, 3650),
    maxUses: 3,
  });
  const hotel = await createProperty(t.deps, owner.id, {
    pricePerNight: 8_000,
    basePrice: 8_000,
    cleaningFee: 1_500,
    taxRate: '7.5',
    capacity: 8,
    cancellationPolicy: ['flexible'],
  });
  const rooms: RoomKind[] = [];
  for (const [count, price] of [
    [2, 9_000],
    [1, 15_050],
  ] as const) {
    const [rt] = await t.deps.db
      .insert(roomTypes)
      .values({
        propertyId: hotel.id,
        title: `Room ×${count}`,
        countOfRooms: count,
        occAdults: 2,
        occChildren: 1,
        capacity: 3,
      })
      .returning();
    const [rp] = await t.deps.db
      .insert(ratePlans)
      .values({
        roomTypeId: rt!.id,
        title: 'Standard',
        currency: 'EUR',
        price,
        maxStay: seven(0),
        minStayArrival: seven(1),
        closedToArrival: seven(false),
        closedToDeparture: seven(false),
        stopSell: seven(false),
      })
      .returning();
    rooms.push({ roomTypeId: rt!.id, ratePlanId: rp!.id, count });
  }
  return {
    t,
    processor,
    stripe,
    owner,
    guests,
    ...staffActors,
    whole: whole.id,
    hotel: hotel.id,
    rooms,
    propertyIds: [whole.id, hotel.id],
    expiryOutages: 0,
  };
}

export function call(
  w: World,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  who: Actor | null,
  payload?: object,
): Promise<LightMyRequestResponse> {
  return w.t.app.inject({
    method,
    url: `/api${url}`,
    headers: who ? { authorization: `Bearer ${who.token}` } : {},
    ...(payload ? { payload } : {}),
  });
}

/**
 * The guest pays a session on the processor's own page. Local: the hosted page's forms (410 when
 * the session has expired there). Stripe: the session completes at the fake Stripe when it is
 * still open there; the service hears of it by verify or webhook only. True when money moved.
 */
export async function payOnPage(w: World, sessionId: string): Promise<boolean> {
  if (w.processor === 'stripe') {
    const s = w.stripe!.sessions.get(sessionId);
    if (s?.status !== 'open' || (s.expires_at as number) <= Math.floor(w.t.clock.now().getTime() / 1000)) return false;
    w.stripe!.completeSession(sessionId, { email: 'guest@example.test', name: 'Guest' });
    return true;
  }
  const page = await w.t.app.inject({ method: 'GET', url: `/checkout/${sessionId}` });
  if (page.statusCode !== 200) return false;
  const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1];
  if (!token) return false;
  const paid = await w.t.app.inject({
    method: 'POST',
    url: `/checkout/${sessionId}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `token=${encodeURIComponent(token)}`,
  });
  if (paid.statusCode >= 500) throw new Error(`checkout page answered ${paid.statusCode}: ${paid.body}`);
  return paid.statusCode === 303;
}

/** A Stripe event about a session, signed and sent to the service's webhook now. */
export function sendStripeEvent(w: World, type: string, sessionId: string): Promise<LightMyRequestResponse> {
  const hook = w.stripe!.signedWebhook(w.stripe!.sessionEvent(type, sessionId), {
    timestamp: Math.floor(w.t.clock.now().getTime() / 1000),
  });
  return w.t.app.inject({ method: 'POST', url: '/api/payments/webhook', headers: hook.headers, payload: hook.body });
}

/** Whether the guest can still pay the session at the fake Stripe (open there, by status and by its clock). */
export function openAtStripe(w: World, sessionId: string): boolean {
  const s = w.stripe!.sessions.get(sessionId);
  return s?.status === 'open' && (s.expires_at as number) > Math.floor(w.t.clock.now().getTime() / 1000);
}

/** The processor's webhook for a session, as the processor would send it now (none when it would not). */
export async function deliverWebhook(w: World, sessionId: string): Promise<LightMyRequestResponse | null> {
  const session = await w.t.deps.payments.retrieveCheckout(sessionId);
  if (!session) return null;
  // A delayed method's session completes unpaid, and Stripe still sends checkout.session.completed
  // (docs.stripe.com/checkout/fulfillment, "Immediate versus delayed payment methods").
  const type =
    session.paymentStatus === 'paid' || session.status === 'complete'
      ? 'checkout.session.completed'
      : session.status === 'expired'
        ? 'checkout.session.expired'
        : null;
  if (!type) return null;
  let hook: { body: string; headers: Record<string, string> };
  if (w.processor === 'stripe') {
    hook = w.stripe!.signedWebhook(w.stripe!.sessionEvent(type, sessionId), {
      timestamp: Math.floor(w.t.clock.now().getTime() / 1000),
    });
  } else {
    hook = (w.t.deps.payments as LocalPaymentProcessor).signedWebhook(type, session);
  }
  return w.t.app.inject({ method: 'POST', url: '/api/payments/webhook', headers: hook.headers, payload: hook.body });
}

/**
 * Arms an outage for the processor's checkout expiry: the next `n` expiries do not reach it. Stripe:
 * the fake answers 503 to the expire call (the SDK's retries included); local: the call fails
 * as a network call to a processor would. Installed once per app.
 */
export function installExpiryOutage(w: World): void {
  const processor = w.t.deps.payments as PaymentProcessor & { __outage?: World };
  if (processor.__outage) {
    processor.__outage = w;
    return;
  }
  processor.__outage = w;
  const expire = processor.expireCheckout.bind(processor);
  processor.expireCheckout = async (sessionId: string) => {
    const current = processor.__outage!;
    if (current.expiryOutages > 0) {
      current.expiryOutages -= 1;
      if (current.processor === 'stripe') current.stripe!.failNext(`/v1/checkout/sessions/${sessionId}/expire`, 503, 3);
      else throw new ProcessorUnavailableError('the local processor is unreachable (model test outage)');
    }
    return expire(sessionId);
  };
}
