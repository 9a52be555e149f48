// Demo reservations for `npm run seed:demo`: the demo traveller's bookings on the demo catalogue,
// one or more in every status. Each is booked through the real use case (createReservation), so
// prices, snapshots, held nights and the creation event are what production writes; stays in the
// past are booked with a clock set before their check-in. Confirmed and completed stays (and one
// later cancelled) are paid through the real payment path a few minutes after booking — checkout,
// Pay on the local hosted page, verify (seed-demo-payments.ts) — which confirms them and writes
// the owner's earnings. One paid stay is then shortened (modifyReservation) and one cancelled by
// the guest (cancelReservation), each refund executed by the refund job; those use cases write
// their events like production does. Check-out, the cancellation of an unpaid booking and expiry
// are written directly, one transaction per reservation, keeping property_nights.booked equal to
// what pending, confirmed and completed stays hold; being backdated history, they write no outbox
// events (which would notify about the past). Reviews go through the real feedback use case.
//
// Runs once: when the traveller already has bookings on the demo listings nothing is booked;
// a pending booking whose hold has lapsed (and that no expiry job has expired yet) gets a fresh
// hold, so the demo always shows a live one.
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { Deps } from '../src/kernel/deps.ts';
import {
  currencies,
  packages,
  properties,
  ratePlans,
  reservations,
  reviews,
  roomTypes,
  services,
} from '../src/db/schema/index.ts';
import { AppError } from '../src/platform/errors.ts';
import type { AuthUser } from '../src/kernel/caller.ts';
import { formatMinor } from '../src/kernel/money.ts';
import { usersRepository } from '../src/modules/users/users.repository.ts';
import { newFeedbackId } from '../src/modules/reservations/complete-stays.ts';
import { cancelReservation } from '../src/modules/reservations/cancel-reservation.ts';
import { createReservation } from '../src/modules/reservations/create-reservation.ts';
import { modifyReservation } from '../src/modules/reservations/modify-reservation.ts';
import { inventoryRepository } from '../src/modules/reservations/inventory.repository.ts';
import { reservationsRepository } from '../src/modules/reservations/reservations.repository.ts';
import { submitReview } from '../src/modules/reservations/reviews.ts';
import { backdated, payDemoReservation, runRefundJob, type Backdated } from './seed-demo-payments.ts';

export const DEMO_GUEST_EMAIL = 'traveller@demo.stays.test';

type Status = 'pending' | 'confirmed' | 'completed' | 'cancelled' | 'expired';

interface DemoBooking {
  status: Status;
  /** internal_name of a demo listing. */
  listing: string;
  /** Check-in, in days from today (negative: a past stay). */
  from: number;
  nights: number;
  /** How many days before now the booking was made (0: just now). */
  bookedAgo: number;
  adults: number;
  children?: number;
  rooms?: Array<{ roomType: string; plan: string; count: number }>;
  services?: string[];
  packages?: string[];
  promo?: string;
  special?: string;
  review?: { rating: number; comment: string };
  cancelReason?: string;
  /** A cancelled booking that was paid first: cancelled by the guest this many days after booking, refunded by its policy. */
  paidThenCancelledAfterDays?: number;
  /** A confirmed stay shortened to this many nights (same check-in) some days after booking; the difference is refunded. */
  shortenTo?: { nights: number; afterDays: number };
}

const BOOKINGS: DemoBooking[] = [
  {
    status: 'pending',
    listing: 'PAR-MONTMARTRE-02',
    from: 21,
    nights: 3,
    bookedAgo: 0,
    adults: 2,
    services: ['Late check-out'],
  },
  {
    status: 'pending',
    listing: 'LIS-ALFAMA-03',
    from: 30,
    nights: 4,
    bookedAgo: 0,
    adults: 2,
    children: 1,
    rooms: [{ roomType: 'Double room', plan: 'Standard', count: 1 }],
    special: 'A cot for our little one, please',
  },
  {
    status: 'confirmed',
    listing: 'PAR-MARAIS-01',
    from: 10,
    nights: 4,
    bookedAgo: 6,
    adults: 2,
    services: ['Breakfast basket'],
    packages: ['Romantic package (flowers and champagne)'],
  },
  {
    status: 'confirmed',
    listing: 'LON-SHOREDITCH-06',
    from: 45,
    nights: 5,
    bookedAgo: 0.05,
    adults: 3,
    promo: 'LONDON15',
  },
  {
    status: 'confirmed',
    listing: 'TYO-SHINJUKU-11',
    from: 16,
    nights: 3,
    bookedAgo: 9,
    adults: 4,
    rooms: [{ roomType: 'Twin room', plan: 'With breakfast', count: 2 }],
  },
  {
    status: 'confirmed',
    listing: 'BCN-EIXAMPLE-04',
    from: 40,
    nights: 6,
    bookedAgo: 20,
    adults: 2,
    shortenTo: { nights: 4, afterDays: 8 },
  },
  {
    status: 'completed',
    listing: 'NCE-VILLA-05',
    from: -40,
    nights: 7,
    bookedAgo: 75,
    adults: 6,
    review: {
      rating: 5,
      comment: 'Wonderful villa, the pool and the view over the bay were even better than the photos.',
    },
  },
  {
    status: 'completed',
    listing: 'RAK-RIAD-10',
    from: -25,
    nights: 3,
    bookedAgo: 50,
    adults: 4,
    rooms: [{ roomType: 'Courtyard room', plan: 'Bed and breakfast', count: 2 }],
    review: { rating: 4, comment: 'A calm oasis in the medina; breakfast on the terrace was a highlight.' },
  },
  { status: 'completed', listing: 'BCN-EIXAMPLE-04', from: -12, nights: 4, bookedAgo: 30, adults: 2, children: 2 },
  {
    status: 'cancelled',
    listing: 'ZRM-CHALET-07',
    from: 60,
    nights: 5,
    bookedAgo: 5,
    adults: 4,
    cancelReason: 'Our ski trip was moved to another week',
  },
  // Strict policy: cancelled within 48 h of booking and more than 14 days ahead, so refunded in full.
  {
    status: 'cancelled',
    listing: 'NYC-WBURG-13',
    from: 50,
    nights: 4,
    bookedAgo: 12,
    adults: 2,
    paidThenCancelledAfterDays: 1,
    cancelReason: 'Our flights were cancelled',
  },
  { status: 'expired', listing: 'SYD-BONDI-14', from: 25, nights: 4, bookedAgo: 1, adults: 2 },
  { status: 'expired', listing: 'KYO-GION-12', from: 35, nights: 3, bookedAgo: 3, adults: 2 },
];

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** The refund job picks a requested refund up this long after the request. */
const REFUND_JOB_LAG_MS = 10 * MINUTE_MS;
const HOLDING: ReadonlySet<string> = new Set(['pending', 'confirmed', 'completed']);

export interface DemoReservationsResult {
  /** False when the traveller's bookings were already there. */
  created: boolean;
  /** Pending bookings whose lapsed hold was renewed on this run. */
  renewedHolds: number;
  /** One row per booking: ref, status, listing, stay, guests, total, paid, note. */
  rows: string[][];
}

export async function seedDemoReservations(deps: Deps): Promise<DemoReservationsResult> {
  const now = deps.clock.now();
  const guest = await usersRepository(deps.db).findByEmail(DEMO_GUEST_EMAIL);
  if (!guest) throw new Error(`${DEMO_GUEST_EMAIL} is missing: seed the demo accounts first`);
  const listings = await deps.db
    .select({ id: properties.id, internalName: properties.internalName, ownerId: properties.ownerId })
    .from(properties)
    .where(inArray(properties.internalName, [...new Set(BOOKINGS.map((b) => b.listing))]));
  const listingIds = listings.map((l) => l.id);
  const mine = and(
    eq(reservations.guestId, guest.id),
    inArray(reservations.propertyId, listingIds.length ? listingIds : [0]),
  );
  const existing = await deps.db.select({ id: reservations.id }).from(reservations).where(mine).limit(1);

  let renewedHolds = 0;
  if (existing.length) {
    // Still pending means no expiry job has released its nights: they are still held, only the deadline moves.
    const renewed = await deps.db
      .update(reservations)
      .set({ holdExpiresAt: new Date(now.getTime() + deps.config.RESERVATION_HOLD_SECONDS * 1000), updatedAt: now })
      .where(and(mine, eq(reservations.status, 'pending'), lte(reservations.holdExpiresAt, now)))
      .returning({ id: reservations.id });
    renewedHolds = renewed.length;
  } else {
    const user: AuthUser = {
      id: guest.id,
      role: 'client',
      sessionId: 'seed-demo',
      loginType: 'client',
      sessionCreatedAt: now,
      jti: 'seed-demo',
    };
    const at = backdated(deps);
    for (const b of BOOKINGS) {
      const propertyId = listings.find((l) => l.internalName === b.listing)?.id;
      if (propertyId === undefined)
        throw new Error(`demo listing ${b.listing} is missing: the demo catalogue was changed by hand`);
      await book(deps, at, user, propertyId, b, now);
    }
  }
  return { created: !existing.length, renewedHolds, rows: await summary(deps, mine) };
}

const day = (now: Date, offset: number) => new Date(now.getTime() + offset * DAY_MS).toISOString().slice(0, 10);
const later = (t: Date, ms: number) => new Date(t.getTime() + ms);

async function book(
  deps: Deps,
  at: Backdated,
  user: AuthUser,
  propertyId: number,
  b: DemoBooking,
  now: Date,
): Promise<void> {
  // A stay in the past was booked before its check-in: the use case refuses past check-ins.
  const bookedAt = new Date(now.getTime() - b.bookedAgo * DAY_MS);
  const ids = await extrasOf(deps, propertyId, b);
  let created;
  // The catalogue's calendar overrides are dated from when it was seeded; a stay that meets one
  // (a stop-sell night, a season's minimum stay) moves a week on.
  for (let attempt = 0; !created; attempt++) {
    const from = b.from + (b.from < 0 ? -7 : 7) * attempt;
    try {
      created = await createReservation(at(bookedAt), user, {
        pricing: {
          propertyId,
          checkin: day(now, from),
          checkout: day(now, from + b.nights),
          guests: { adults: b.adults, children: b.children ?? 0 },
          rooms: ids.rooms,
          serviceIds: ids.services,
          packageIds: ids.packages,
          promoCode: b.promo ?? null,
        },
        guestDetails: ids.rooms
          ? { first_name: 'Tom', last_name: 'Traveller', email: DEMO_GUEST_EMAIL, phone: '+33 6 12 34 56 78' }
          : {},
        specialRequests: b.special ?? null,
      });
    } catch (err) {
      const retry =
        err instanceof AppError &&
        (err.code === 'DATES_UNAVAILABLE' || err.code === 'VALIDATION_FAILED') &&
        attempt < 4;
      if (!retry) throw err;
    }
  }
  const { reservation } = created;
  if (b.status === 'pending') return;

  // Paid seven minutes after booking, well within the hold: pending → confirmed.
  const paid = b.status === 'confirmed' || b.status === 'completed' || b.paidThenCancelledAfterDays !== undefined;
  if (paid) await payDemoReservation(at, user, reservation.id, later(bookedAt, 7 * MINUTE_MS));
  if (b.shortenTo) {
    const changedAt = later(bookedAt, b.shortenTo.afterDays * DAY_MS);
    const checkout = new Date(Date.parse(`${reservation.checkinDate}T00:00:00Z`) + b.shortenTo.nights * DAY_MS)
      .toISOString()
      .slice(0, 10);
    const { result } = await modifyReservation(at(changedAt), user, reservation.id, { checkout });
    if (!result.refund_initiated)
      throw new Error(`${b.listing}: the shorter stay refunds nothing (${JSON.stringify(result)})`);
    await runRefundJob(at, later(changedAt, REFUND_JOB_LAG_MS), `${b.listing} (shortened)`);
  }
  if (b.paidThenCancelledAfterDays !== undefined) {
    const cancelledAt = later(bookedAt, b.paidThenCancelledAfterDays * DAY_MS);
    const { refundMinor } = await cancelReservation(at(cancelledAt), user, reservation.id, b.cancelReason ?? null);
    if (refundMinor !== reservation.totalMinor)
      throw new Error(`${b.listing}: cancelling refunds ${refundMinor} of ${reservation.totalMinor}, not all of it`);
    await runRefundJob(at, later(cancelledAt, REFUND_JOB_LAG_MS), `${b.listing} (cancelled)`);
    return;
  }
  if (b.status === 'confirmed') return;

  const checkedOut = new Date(`${reservation.checkoutDate}T12:00:00Z`);
  const cancelledAt = later(bookedAt, 2 * DAY_MS);
  const changes: Partial<typeof reservations.$inferInsert> =
    b.status === 'completed'
      ? { feedbackId: newFeedbackId(), updatedAt: later(checkedOut, DAY_MS) }
      : b.status === 'cancelled'
        ? {
            cancelledAt,
            cancelReason: b.cancelReason ?? null,
            cancelledBy: user.id,
            cancellationRefundMinor: 0,
            holdExpiresAt: null,
            updatedAt: cancelledAt,
          }
        : { updatedAt: reservation.holdExpiresAt ?? bookedAt };
  const from = paid ? 'confirmed' : 'pending';
  await deps.db.transaction(async (tx) => {
    if (!HOLDING.has(b.status)) {
      const inventory = inventoryRepository(tx);
      const stay = { propertyId, checkin: reservation.checkinDate, checkout: reservation.checkoutDate };
      for (const line of await reservationsRepository(tx).roomLines([reservation.id])) {
        const released = await inventory.release({ ...stay, roomTypeId: line.roomTypeId, count: line.roomsCount });
        if (released !== b.nights) throw new Error(`${b.listing}: released ${released} of ${b.nights} nights`);
      }
    }
    const moved = await tx
      .update(reservations)
      .set({ ...changes, status: b.status })
      .where(and(eq(reservations.id, reservation.id), eq(reservations.status, from)))
      .returning({ id: reservations.id });
    if (moved.length !== 1) throw new Error(`${b.listing}: reservation ${reservation.id} was no longer ${from}`);
  });
  // Reviewed on the day after check-out, through the public feedback use case (rating counters, event).
  if (b.review && changes.feedbackId) await submitReview(at(later(checkedOut, DAY_MS)), changes.feedbackId, b.review);
}

/** Ids of the booking's room types, rate plans, services and packages, found by their demo names. */
async function extrasOf(deps: Deps, propertyId: number, b: DemoBooking) {
  const missing = (what: string) => new Error(`${b.listing}: ${what} is not in the demo catalogue`);
  let rooms: Array<{ roomTypeId: number; ratePlanId: number; roomsCount: number }> | undefined;
  if (b.rooms) {
    const plans = await deps.db
      .select({ roomTypeId: roomTypes.id, roomType: roomTypes.title, ratePlanId: ratePlans.id, plan: ratePlans.title })
      .from(roomTypes)
      .innerJoin(ratePlans, eq(ratePlans.roomTypeId, roomTypes.id))
      .where(eq(roomTypes.propertyId, propertyId));
    rooms = b.rooms.map((r) => {
      const p = plans.find((x) => x.roomType === r.roomType && x.plan === r.plan);
      if (!p) throw missing(`${r.roomType} / ${r.plan}`);
      return { roomTypeId: p.roomTypeId, ratePlanId: p.ratePlanId, roomsCount: r.count };
    });
  }
  const named = (rows: Array<{ id: number; name: string }>, names: string[] | undefined) =>
    names?.map((n) => {
      const id = rows.find((r) => r.name === n)?.id;
      if (id === undefined) throw missing(n);
      return id;
    });
  const svc = b.services?.length
    ? await deps.db
        .select({ id: services.id, name: services.name })
        .from(services)
        .where(eq(services.propertyId, propertyId))
    : [];
  const pkg = b.packages?.length
    ? await deps.db
        .select({ id: packages.id, name: packages.name })
        .from(packages)
        .where(eq(packages.propertyId, propertyId))
    : [];
  return { rooms, services: named(svc, b.services), packages: named(pkg, b.packages) };
}

async function summary(deps: Deps, mine: ReturnType<typeof and>): Promise<string[][]> {
  const rows = await deps.db
    .select({
      ref: reservations.bookingRefCode,
      status: reservations.status,
      listing: properties.publicName,
      checkin: reservations.checkinDate,
      checkout: reservations.checkoutDate,
      adults: reservations.adults,
      children: reservations.children,
      currency: reservations.currency,
      total: reservations.totalMinor,
      paid: reservations.paidMinor,
      decimals: currencies.decimals,
      hold: reservations.holdExpiresAt,
      feedbackId: reservations.feedbackId,
      rating: reviews.rating,
      cancelReason: reservations.cancelReason,
      refunded: reservations.refundedMinor,
      modification: reservations.lastModification,
    })
    .from(reservations)
    .innerJoin(properties, eq(properties.id, reservations.propertyId))
    .leftJoin(currencies, eq(currencies.code, reservations.currency))
    .leftJoin(reviews, eq(reviews.reservationId, reservations.id))
    .where(mine)
    .orderBy(asc(reservations.checkinDate));
  const now = deps.clock.now();
  return rows.map((r) => {
    const money = (minor: number) => `${formatMinor(minor, r.decimals ?? 2)} ${r.currency}`;
    const note = [
      r.status === 'pending'
        ? r.hold && r.hold > now
          ? `held until ${r.hold.toISOString().slice(0, 16)}Z`
          : 'hold lapsed'
        : r.status === 'completed'
          ? `feedback id ${r.feedbackId}${r.rating ? `, reviewed ${r.rating}/5` : ', not reviewed yet'}`
          : r.status === 'cancelled'
            ? `cancelled: ${r.cancelReason ?? ''}`
            : '',
      r.modification ? `changed (was ${money(r.modification.old_total)})` : '',
      r.refunded ? `refunded ${money(r.refunded)}` : '',
    ]
      .filter(Boolean)
      .join('; ');
    const guests = `${r.adults} adult${r.adults === 1 ? '' : 's'}${r.children ? ` + ${r.children}` : ''}`;
    return [
      r.ref,
      r.status,
      r.listing ?? '',
      `${r.checkin} → ${r.checkout}`,
      guests,
      money(r.total),
      money(r.paid),
      note,
    ];
  });
}
