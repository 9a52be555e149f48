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
// - the transaction's conditional holds are what guarantee a night is never oversold. A booking
//   of one room line is priced from the night rows its hold returns (the state it holds them
//   in); one of several lines is priced from rows read before the transaction, so a night sold
//   in between still ends in 409;
// - a live unpaid hold counts towards the limit of 5; holds past hold_expires_at do not (the
//   expiry job is about to free them, the guest should not wait for it);
// - a caller whose session is not in the cache (UnconfirmedCaller) has it checked by the
//   transaction's guest lock, the statement that would have been sent anyway; every failure is
//   answered after the full check (platform/error-handler.ts), so a dead session is always 401.
import type { Deps } from '../../kernel/deps.ts';
import { afterCommit, publishAfterCommit } from '../../platform/after-commit.ts';
import { AppError } from '../../platform/errors.ts';
import { isUnconfirmed, type AuthUser, type UnconfirmedCaller } from '../../kernel/caller.ts';
import { isDeadlock, isUniqueViolation } from '../../db/db-errors.ts';
import { formatMinor } from '../../kernel/money.ts';
import { priceStay, type PriceBreakdown, type PricingInput } from '../pricing/index.ts';
import { checkStay } from './check-stay.ts';
import { newBookingRef } from './booking-ref.ts';
import { inventoryRepository } from './inventory.repository.ts';
import { loadPricingBase, type PricingBase, type PricingRequest } from './load-pricing-input.ts';
import type { PriceSnapshot } from './reservation-view.ts';
import { reservationWritesRepository, type ReservationRoomRow, type ReservationRow } from './reservations.repository.ts';
import { pricingInputRepository, type CalendarNight, type PropertyRow } from './pricing-input.repository.ts';
import { knowsAvailability, type LiveParts, type OwnNightsChange } from '../properties/index.ts';
import { crashPoint } from '../../platform/fault-points.ts';
import { idempotencyRepository } from '../../platform/idempotency.repository.ts';
import { pricingInputCache } from './pricing-input-cache.ts';

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
  /** The listing's booked nights (the stay's only, when the rest is known) and the guest's favorite flag as of the commit, for the answer. */
  live: LiveParts;
  /** The stamp taken before the booking read anything, and its own change's (null: not announced). */
  change: OwnNightsChange;
}

export async function createReservation(deps: Deps, caller: AuthUser | UnconfirmedCaller, req: CreateReservationInput): Promise<CreatedReservation> {
  if (!isUnconfirmed(caller)) return book(deps, caller, null, req);
  const created = await book(deps, caller, caller.sessionId, req);
  // The guest's lock found the session live (a dead one locks no row and fails the booking; a
  // failure is answered after the full check, by the platform's error handler).
  caller.foundLive();
  return created;
}

/** Guests are only named by id here: `sessionId` (an unconfirmed caller's) is checked with the guest's lock. */
type Guest = Pick<AuthUser, 'id'>;

async function book(deps: Deps, user: Guest, sessionId: string | null, req: CreateReservationInput): Promise<CreatedReservation> {
  const now = deps.clock.now();
  const guest = { id: user.id, sessionId, now };
  const hasRooms = (req.pricing.rooms?.length ?? 0) > 0;
  // One room line (the listing sold whole, or one room type): its nights are read by the very
  // statement that holds them, and priced from those rows inside the transaction. Several
  // lines: read and priced first, then held line by line.
  const oneLine = (req.pricing.rooms?.length ?? 0) <= 1;
  const { base, nights } = await loadPricingBase(deps.db, req.pricing, {
    now,
    serviceFeePercent: deps.config.SERVICE_FEE_PERCENT,
    cache: pricingInputCache(deps),
  }, !oneLine);
  const { property } = base;
  if (property.ownerId === user.id) throw new AppError('FORBIDDEN', 'You cannot book your own listing');
  const early = nights ? priced(base, nights, hasRooms) : undefined;
  // Rules that do not depend on the calendar (dates, capacity, seasons, rate plans) are refused
  // before any transaction; the priced stay is checked again over the held rows.
  if (!early) checkStay(priceStay(base.withNights([])), hasRooms, true);
  const { checkin, checkout } = req.pricing;
  const pendingLimit = () =>
    new AppError('VALIDATION_FAILED', `You already have ${MAX_PENDING_PER_GUEST} unpaid reservations; pay or cancel one first`, {
      pending_reservations: [`at most ${MAX_PENDING_PER_GUEST} unpaid pending reservations at once`],
    });

  // Taken before anything is read: what the answer's read form keeps must not miss a change since.
  const readAt = deps.listings.stamp();
  // The listing's availability already known (the detail cache): the statement then reads only the stay's nights.
  const liveNights = knowsAvailability(deps, property.id) ? 'stay' : 'year';
  for (let attempt = 1; ; attempt++) {
    try {
      // Round trips matter more than statements here: a booking of one room line is BEGIN, the
      // guest lock with the nights' hold, the reservation with its lines and event, COMMIT.
      const created = await deps.db.transaction(async (tx) => {
        const repo = reservationWritesRepository(tx);
        const inventory = inventoryRepository(tx);
        const counts = base.kinds.some((k) => k !== 0) ? await repo.roomCounts(property.id) : new Map<number, number>();
        const unitsOf = (kind: number) => (kind === 0 ? 1 : (counts.get(kind) ?? 0));
        let booking: Priced;
        if (oneLine) {
          const kind = base.kinds[0]!;
          const count = req.pricing.rooms?.[0]?.roomsCount ?? 1;
          const rows = await inventory.holdAndRead({ propertyId: property.id, roomTypeId: kind, checkin, checkout, count, defaultAvailable: unitsOf(kind) }, guest);
          if (!rows) throw new NightsRefused();
          // Priced from the nights as they were before this hold (the rows now count its units).
          booking = priced(base, rows.map((r) => ({ ...r, booked: r.booked - count })), hasRooms);
          const line = booking.units[0]!;
          if (booking.units.length !== 1 || line.roomTypeId !== kind || line.roomsCount !== count) throw new Error('booking: the priced line is not the held one');
        } else {
          booking = early!;
          if (!(await repo.lockGuest(guest))) throw new AppError('SESSION_REVOKED', 'This session has ended; log in again');
          const kinds = booking.units.map((u) => u.roomTypeId);
          if (new Set(kinds).size > 1) await inventory.lockNights(property.id, kinds, checkin, checkout);
          for (const u of booking.units) {
            const held = await inventory.hold({ propertyId: property.id, roomTypeId: u.roomTypeId, checkin, checkout, count: u.roomsCount, defaultAvailable: unitsOf(u.roomTypeId) });
            if (!held) throw new NightsRefused();
          }
        }
        const { breakdown, input, units } = booking;
        const { currency } = base;
        const snapshot: PriceSnapshot = { currency, breakdown };
        const rules = {
          stay_validation: { min_stay: breakdown.stay_validation.min_stay ?? null, max_stay: breakdown.stay_validation.max_stay ?? null },
          rate_plans: input.units.map((u) => u.ratePlan ?? null),
          season: breakdown.season,
          house_rules: property.rules,
          check_in_time: property.checkInTime,
          check_out_time: property.checkOutTime,
        };
        const values = {
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
          rulesSnapshot: rules,
          cancellationPolicy: property.cancellationPolicy,
          holdExpiresAt: new Date(now.getTime() + deps.config.RESERVATION_HOLD_SECONDS * 1000),
          createdAt: now,
          updatedAt: now,
        };
        const event = {
          topic: 'reservation.created',
          payload: { property_id: property.id, guest_id: user.id, owner_id: property.ownerId, total: formatMinor(breakdown.total, currency.decimals), currency: currency.code },
        };
        // The pending count is taken in this statement, after the guest's lock: it sees every committed hold.
        const written = await repo.insertUnderPendingLimit(values, units, MAX_PENDING_PER_GUEST, event, { at: now, userId: user.id, nights: liveNights });
        if (!written) throw pendingLimit();
        if (breakdown.promo_applied && base.promoCodeId !== null && !(await repo.usePromo(base.promoCodeId))) {
          throw new AppError('CONFLICT', 'This promo code has just reached its maximum number of uses');
        }
        if (req.idempotency) await idempotencyRepository(tx).attachResource(req.idempotency.scope, req.idempotency.key, written.reservation.id);
        crashPoint(deps.config, 'reservation.before-commit');
        return { reservation: written.reservation, lines: written.lines, property, live: written.live };
      });
      crashPoint(deps.config, 'reservation.after-commit');
      // Held nights change the listing's availability as shown in its cached detail.
      let own: number | null = null;
      await afterCommit(deps, 'listing change', async () => (own = await deps.listings.changed(property.id, 'nights')));
      publishAfterCommit(deps);
      return { ...created, change: { readAt, own } };
    } catch (err) {
      if (err instanceof NightsRefused) throw await refusal(deps, user, base, req.pricing, hasRooms, pendingLimit);
      // Only the booking reference can collide among this transaction's unique indexes; a
      // deadlock (another change of the same nights) is resolved by trying again.
      if (!(isUniqueViolation(err) || isDeadlock(err)) || attempt >= REF_ATTEMPTS) throw err;
    }
  }
}

/** A hold found a night stopped or full; the transaction is rolled back before saying why. */
class NightsRefused extends Error {}

/**
 * Why nights could not be held, from the calendar as committed (without the rolled-back
 * transaction's partial holds): a broken stay rule (422) first, then the pending limit, else
 * nights sold (409), the order in which a booking is checked.
 */
async function refusal(deps: Deps, user: Guest, base: PricingBase, req: PricingRequest, hasRooms: boolean, pendingLimit: () => AppError): Promise<AppError> {
  const nights = await pricingInputRepository(deps.db).nights(base.property.id, base.kinds, req.checkin, req.checkout);
  const current = priceStay(base.withNights(nights));
  checkStay(current, hasRooms, true);
  if ((await reservationWritesRepository(deps.db).countPending(user.id, deps.clock.now())) >= MAX_PENDING_PER_GUEST) return pendingLimit();
  const sv = current.stay_validation;
  return new AppError('DATES_UNAVAILABLE', (!sv.valid && sv.message) || 'These dates are no longer available');
}

interface Priced {
  input: PricingInput;
  breakdown: PriceBreakdown;
  /** The reservation's lines: rooms_breakdown follows the request's lines in order, one per unit line. */
  units: Array<{ roomTypeId: number; ratePlanId: number | null; roomsCount: number; lineTotalMinor: number }>;
}

/** The engine's answer over these calendar rows; a stay it marks invalid is refused (422, or 409 for sold nights). */
function priced(base: PricingBase, nights: readonly CalendarNight[], hasRooms: boolean): Priced {
  const input = base.withNights(nights);
  const breakdown = priceStay(input);
  checkStay(breakdown, hasRooms);
  const units = breakdown.rooms_breakdown.map((l) => ({
    roomTypeId: l.room_type_id ?? 0, ratePlanId: l.rate_plan_id, roomsCount: l.rooms_count, lineTotalMinor: l.line_total,
  }));
  return { input, breakdown, units };
}
