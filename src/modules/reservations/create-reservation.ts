// Reservation creation (contract §6), shared by the simple and the multi-room routes.
//
// Decisions:
// - any signed-in role may book, except the listing's owner on their own listing (403): a
//   self-booking would block real guests and inflate the owner's figures;
// - the price comes from the same loader and engine as POST /reservations/preview, so the
//   booking total equals the preview's to the cent; the breakdown, the stay rules and the
//   cancellation policy in force are kept as snapshots on the row;
// - a stay the engine marks invalid is 422, its violations named per field; when the only
//   problem is nights already sold it is 409 DATES_UNAVAILABLE (the guest must pick other dates);
// - every line's nights are held by conditional updates inside the transaction, which guarantee
//   a night is never oversold; the stay is then priced from the calendar rows the holds answer,
//   so the price is that of the nights as held, with no read of its own;
// - a live unpaid hold counts towards the limit of 5; holds past hold_expires_at do not (the
//   expiry job is about to free them, the guest should not wait for it);
// - a caller whose session is not in the cache (UnconfirmedCaller) has it checked by the
//   transaction's guest lock; every failure is answered after the full check
//   (platform/error-handler.ts), so a dead session is always 401.
import type { Executor } from '../../db/connection.ts';
import { stayNights } from '../../kernel/calendar-dates.ts';
import { isDeadlock, isUniqueViolation } from '../../db/db-errors.ts';
import { type AuthUser, isUnconfirmed, type UnconfirmedCaller } from '../../kernel/caller.ts';
import type { Deps } from '../../kernel/deps.ts';
import { formatMinor } from '../../kernel/money.ts';
import { afterCommit, publishAfterCommit } from '../../platform/after-commit.ts';
import { AppError } from '../../platform/errors.ts';
import { crashPoint } from '../../platform/fault-points.ts';
import { idempotencyRepository } from '../../platform/idempotency.repository.ts';
import { type PriceBreakdown, type PricingInput, priceStay } from '../pricing/index.ts';
import { newBookingRef } from './booking-ref.ts';
import { checkStay } from './check-stay.ts';
import { type GuestLock, inventoryRepository } from './inventory.repository.ts';
import { loadPricingBase, type PricingBase, type PricingRequest } from './load-pricing-input.ts';
import { LISTING_UNIT } from './unit-lines.ts';
import { type CalendarNight, type PropertyRow, pricingInputRepository } from './pricing-input.repository.ts';
import { pricingInputCache } from './pricing-input-cache.ts';
import type { PriceSnapshot } from './reservation-view.ts';
import {
  type NewReservationValues,
  type ReservationRoomRow,
  type ReservationRow,
  reservationWritesRepository,
} from './reservations.repository.ts';

export const MAX_PENDING_PER_GUEST = 5;
const REF_ATTEMPTS = 3;

export interface CreateReservationInput {
  pricing: PricingRequest;
  /** Contact and per-guest details (multi-room payload); {} for the simple route. */
  guestDetails: Record<string, unknown>;
  specialRequests: string | null;
  /** The request's claimed Idempotency-Key: the reservation is noted on it in the booking's transaction. */
  idempotency?: { scope: string; key: string } | null;
}

export interface CreatedReservation {
  reservation: ReservationRow;
  lines: ReservationRoomRow[];
  property: PropertyRow;
}

export async function createReservation(
  deps: Deps,
  caller: AuthUser | UnconfirmedCaller,
  req: CreateReservationInput,
): Promise<CreatedReservation> {
  if (!isUnconfirmed(caller)) return book(deps, caller, null, req);
  const created = await book(deps, caller, caller.sessionId, req);
  // The guest's lock found the session live (a dead one locks no row and fails the booking; a
  // failure is answered after the full check, by the platform's error handler).
  caller.foundLive();
  return created;
}

/** Guests are only named by id here: `sessionId` (an unconfirmed caller's) is checked with the guest's lock. */
type Guest = Pick<AuthUser, 'id'>;

async function book(
  deps: Deps,
  user: Guest,
  sessionId: string | null,
  req: CreateReservationInput,
): Promise<CreatedReservation> {
  const now = deps.clock.now();
  const hasRooms = (req.pricing.rooms?.length ?? 0) > 0;
  const { base } = await loadPricingBase(deps.db, req.pricing, {
    now,
    serviceFeePercent: deps.config.SERVICE_FEE_PERCENT,
    cache: pricingInputCache(deps),
    nightsFromHolds: true,
  });
  const { property } = base;
  if (property.ownerId === user.id) throw new AppError('FORBIDDEN', 'You cannot book your own listing');
  // Rules the calendar does not change (dates, guests, rooms, seasons) are refused before any
  // hold; whether the nights are free is for the holds to say.
  checkStay(priceStay(base.withNights([])), { hasRooms, ownNightsHeld: true });

  for (let attempt = 1; ; attempt++) {
    try {
      const created = await deps.db.transaction(async (tx) => {
        const repo = reservationWritesRepository(tx);
        const nights = await holdNights(tx, {
          propertyId: property.id,
          stay: req.pricing,
          units: requestedUnits(req),
          guest: { id: user.id, sessionId, now },
        });
        const booking = priced(base, nights, hasRooms);
        const written = await repo.insertUnderPendingLimit({
          values: reservationValues(deps, { user, req, base, booking, now }),
          lines: booking.units,
          maxPending: MAX_PENDING_PER_GUEST,
          event: createdEvent(user, base, booking),
        });
        if (!written) throw pendingLimit();
        const { breakdown } = booking;
        if (breakdown.promo_applied && base.promoCodeId !== null && !(await repo.usePromo(base.promoCodeId))) {
          throw new AppError('CONFLICT', 'This promo code has just reached its maximum number of uses');
        }
        if (req.idempotency)
          await idempotencyRepository(tx).attachResource(
            req.idempotency.scope,
            req.idempotency.key,
            written.reservation.id,
          );
        crashPoint(deps.config, 'reservation.before-commit');
        return { reservation: written.reservation, lines: written.lines, property };
      });
      crashPoint(deps.config, 'reservation.after-commit');
      // Held nights change the listing's availability as shown in its cached detail; a listing sold
      // whole has each of them full, which the detail cache adds without reading its nights again.
      const taken = hasRooms ? undefined : { nights: stayNights(req.pricing.checkin, req.pricing.checkout) };
      await afterCommit(deps, 'listing change', () => deps.listings.changed(property.id, 'nights', taken));
      publishAfterCommit(deps);
      return created;
    } catch (err) {
      if (err instanceof NightsRefused)
        throw await refusal(deps, { user, sessionId, base, req: req.pricing, hasRooms });
      // Only the booking reference can collide among this transaction's unique indexes; a
      // deadlock (another change of the same nights) is resolved by trying again.
      if (!(isUniqueViolation(err) || isDeadlock(err)) || attempt >= REF_ATTEMPTS) throw err;
    }
  }
}

const pendingLimit = () =>
  new AppError(
    'VALIDATION_FAILED',
    `You already have ${MAX_PENDING_PER_GUEST} unpaid reservations; pay or cancel one first`,
    { pending_reservations: [`at most ${MAX_PENDING_PER_GUEST} unpaid pending reservations at once`] },
  );

/** The unit lines a request takes, in its order: its room lines, or the listing sold whole. */
function requestedUnits(req: CreateReservationInput): HeldUnit[] {
  const rooms = req.pricing.rooms ?? [];
  if (!rooms.length) return [{ roomTypeId: LISTING_UNIT, roomsCount: 1 }];
  return rooms.map((r) => ({ roomTypeId: r.roomTypeId, roomsCount: r.roomsCount }));
}

type HeldUnit = { roomTypeId: number; roomsCount: number };

/**
 * Holds every line's units over the stay, the guest's row locked first, and answers the stay's
 * calendar rows as they were before, to price it from; or throws NightsRefused. Lines are held in
 * room type order: every booking takes its locks in one order (guest, room type, night), the
 * order in which changes lock nights (inventory.lockStays), so two bookings cannot deadlock.
 */
async function holdNights(
  tx: Executor,
  opts: { propertyId: number; stay: PricingRequest; units: HeldUnit[]; guest: GuestLock },
): Promise<CalendarNight[]> {
  const { propertyId, stay, units, guest } = opts;
  const inventory = inventoryRepository(tx);
  const counts = units.some((u) => u.roomTypeId !== LISTING_UNIT)
    ? await reservationWritesRepository(tx).roomCounts(propertyId)
    : new Map<number, number>();
  // A kind's first hold sees the calendar before this booking; a later line of it, the first's units too.
  const before = new Map<string, CalendarNight>();
  const inLockOrder = [...units].sort((a, b) => a.roomTypeId - b.roomTypeId);
  for (const [i, u] of inLockOrder.entries()) {
    const unit = {
      propertyId,
      roomTypeId: u.roomTypeId,
      checkin: stay.checkin,
      checkout: stay.checkout,
      count: u.roomsCount,
      defaultAvailable: u.roomTypeId === LISTING_UNIT ? 1 : (counts.get(u.roomTypeId) ?? 0),
    };
    const nights = await inventory.holdAndRead(unit, i === 0 ? guest : undefined);
    if (!nights) throw new NightsRefused();
    for (const n of nights) {
      const key = `${n.roomTypeId}:${n.night}`;
      if (!before.has(key)) before.set(key, n);
    }
  }
  return [...before.values()];
}

/** The reservation row: the stay as priced, with the price, rules and policy in force as snapshots. */
function reservationValues(
  deps: Deps,
  opts: { user: Guest; req: CreateReservationInput; base: PricingBase; booking: Priced; now: Date },
): NewReservationValues {
  const { user, req, base, booking, now } = opts;
  const { property, currency } = base;
  const { breakdown, input } = booking;
  const snapshot: PriceSnapshot = { currency, breakdown };
  return {
    bookingRefCode: newBookingRef(),
    propertyId: property.id,
    guestId: user.id,
    status: 'pending',
    checkinDate: input.stay.checkin,
    checkoutDate: input.stay.checkout,
    adults: input.stay.guests.adults,
    children: input.stay.guests.children,
    guestDetails: req.guestDetails,
    specialRequests: req.specialRequests,
    promoCodeId: breakdown.promo_applied ? base.promoCodeId : null,
    offerId: breakdown.offer_applied ? (breakdown.offer_details?.id ?? null) : null,
    currency: currency.code,
    totalMinor: breakdown.total,
    priceSnapshot: snapshot,
    rulesSnapshot: {
      stay_validation: {
        min_stay: breakdown.stay_validation.min_stay ?? null,
        max_stay: breakdown.stay_validation.max_stay ?? null,
      },
      rate_plans: input.units.map((u) => u.ratePlan ?? null),
      season: breakdown.season,
      house_rules: property.rules,
      check_in_time: property.checkInTime,
      check_out_time: property.checkOutTime,
    },
    cancellationPolicy: property.cancellationPolicy,
    holdExpiresAt: new Date(now.getTime() + deps.config.RESERVATION_HOLD_SECONDS * 1000),
    createdAt: now,
    updatedAt: now,
  };
}

function createdEvent(user: Guest, base: PricingBase, booking: Priced) {
  const { property, currency } = base;
  return {
    topic: 'reservation.created',
    payload: {
      property_id: property.id,
      guest_id: user.id,
      owner_id: property.ownerId,
      total: formatMinor(booking.breakdown.total, currency.decimals),
      currency: currency.code,
    },
  };
}

/** A hold found a night stopped or full; the transaction is rolled back before saying why. */
class NightsRefused extends Error {}

/**
 * Why nights could not be held, from the calendar as committed (without the rolled-back
 * transaction's partial holds): a session no longer live (401) first, then a broken stay rule
 * (422), the pending limit, else nights sold (409), the order in which a booking is checked.
 */
async function refusal(
  deps: Deps,
  opts: { user: Guest; sessionId: string | null; base: PricingBase; req: PricingRequest; hasRooms: boolean },
): Promise<AppError> {
  const { user, sessionId, base, req, hasRooms } = opts;
  const now = deps.clock.now();
  const repo = reservationWritesRepository(deps.db);
  if (!(await repo.guestLive({ id: user.id, sessionId, now })))
    return new AppError('SESSION_REVOKED', 'This session has ended; log in again');
  const nights = await pricingInputRepository(deps.db).nights(base.property.id, base.kinds, req.checkin, req.checkout);
  const current = priceStay(base.withNights(nights));
  checkStay(current, { hasRooms, ownNightsHeld: true });
  if ((await repo.countPending(user.id, now)) >= MAX_PENDING_PER_GUEST) return pendingLimit();
  const sv = current.stay_validation;
  return new AppError('DATES_UNAVAILABLE', (!sv.valid && sv.message) || 'These dates are no longer available');
}

interface Priced {
  input: PricingInput;
  breakdown: PriceBreakdown;
  /** The reservation's lines: rooms_breakdown follows the request's lines in order, one per unit line. */
  units: Array<HeldUnit & { ratePlanId: number | null; lineTotalMinor: number }>;
}

/** The engine's answer over these calendar rows; a stay it marks invalid is refused (422, or 409 for sold nights). */
function priced(base: PricingBase, nights: readonly CalendarNight[], hasRooms: boolean): Priced {
  const input = base.withNights(nights);
  const breakdown = priceStay(input);
  checkStay(breakdown, { hasRooms });
  const units = breakdown.rooms_breakdown.map((l) => ({
    roomTypeId: l.room_type_id ?? 0,
    ratePlanId: l.rate_plan_id,
    roomsCount: l.rooms_count,
    lineTotalMinor: l.line_total,
  }));
  return { input, breakdown, units };
}
