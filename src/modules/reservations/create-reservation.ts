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
// - the price is read before the transaction; the transaction's conditional holds are what
//   guarantee a night is never oversold, so a night sold in between still ends in 409;
// - a live unpaid hold counts towards the limit of 5; holds past hold_expires_at do not (the
//   expiry job is about to free them, the guest should not wait for it).
import type { Deps } from '../../container.ts';
import { afterCommit, publishAfterCommit } from '../../platform/after-commit.ts';
import { AppError } from '../../platform/errors.ts';
import { platformRepository } from '../../platform/platform.repository.ts';
import type { AuthUser } from '../auth/session-service.ts';
import { isDeadlock, isUniqueViolation } from '../catalog/db-errors.ts';
import { formatMinor } from '../catalog/money.ts';
import { priceStay } from '../pricing/index.ts';
import { checkStay } from './check-stay.ts';
import { newBookingRef } from './booking-ref.ts';
import { inventoryRepository } from './inventory.repository.ts';
import { loadPricingInput, type PricingRequest } from './load-pricing-input.ts';
import type { PriceSnapshot } from './reservation-view.ts';
import { reservationWritesRepository, type ReservationRoomRow, type ReservationRow } from './reservations.repository.ts';
import type { PropertyRow } from './pricing-input.repository.ts';

export const MAX_PENDING_PER_GUEST = 5;
const REF_ATTEMPTS = 3;

export interface CreateReservationInput {
  pricing: PricingRequest;
  /** Contact and per-guest details (multi-room payload); {} for the simple route. */
  guestDetails: Record<string, unknown>;
  specialRequests: string | null;
}

export interface CreatedReservation {
  reservation: ReservationRow;
  lines: ReservationRoomRow[];
  property: PropertyRow;
}

export async function createReservation(deps: Deps, user: AuthUser, req: CreateReservationInput): Promise<CreatedReservation> {
  const now = deps.clock.now();
  const { property, currency, input, promoCodeId } = await loadPricingInput(deps.db, req.pricing, {
    now,
    serviceFeePercent: deps.config.SERVICE_FEE_PERCENT,
  });
  if (property.ownerId === user.id) throw new AppError('FORBIDDEN', 'You cannot book your own listing');
  const breakdown = priceStay(input);
  checkStay(breakdown, (req.pricing.rooms?.length ?? 0) > 0);

  const snapshot: PriceSnapshot = { currency, breakdown };
  const rules = {
    stay_validation: { min_stay: breakdown.stay_validation.min_stay ?? null, max_stay: breakdown.stay_validation.max_stay ?? null },
    rate_plans: input.units.map((u) => u.ratePlan ?? null),
    season: breakdown.season,
    house_rules: property.rules,
    check_in_time: property.checkInTime,
    check_out_time: property.checkOutTime,
  };
  const holdUntil = new Date(now.getTime() + deps.config.RESERVATION_HOLD_SECONDS * 1000);

  for (let attempt = 1; ; attempt++) {
    try {
      const created = await deps.db.transaction(async (tx) => {
        const repo = reservationWritesRepository(tx);
        if ((await repo.lockGuestAndCountPending(user.id, now)) >= MAX_PENDING_PER_GUEST) {
          throw new AppError('VALIDATION_FAILED', `You already have ${MAX_PENDING_PER_GUEST} unpaid reservations; pay or cancel one first`, {
            pending_reservations: [`at most ${MAX_PENDING_PER_GUEST} unpaid pending reservations at once`],
          });
        }
        const reservation = await repo.insert({
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
          promoCodeId: breakdown.promo_applied ? promoCodeId : null,
          offerId: breakdown.offer_applied ? (breakdown.offer_details?.id ?? null) : null,
          currency: currency.code,
          totalMinor: breakdown.total,
          priceSnapshot: snapshot,
          rulesSnapshot: rules,
          cancellationPolicy: property.cancellationPolicy,
          holdExpiresAt: holdUntil,
          createdAt: now,
          updatedAt: now,
        });
        // rooms_breakdown follows the request's lines in order, one per unit line.
        const lines = await repo.insertRooms(breakdown.rooms_breakdown.map((l) => ({
          reservationId: reservation.id,
          roomTypeId: l.room_type_id ?? 0,
          ratePlanId: l.rate_plan_id,
          roomsCount: l.rooms_count,
          lineTotalMinor: l.line_total,
        })));
        const counts = lines.some((l) => l.roomTypeId !== 0) ? await repo.roomCounts(property.id) : new Map<number, number>();
        const inventory = inventoryRepository(tx);
        const kinds = lines.map((l) => l.roomTypeId);
        if (new Set(kinds).size > 1) await inventory.lockNights(property.id, kinds, input.stay.checkin, input.stay.checkout);
        for (const l of lines) {
          const held = await inventory.hold({
            propertyId: property.id, roomTypeId: l.roomTypeId, checkin: input.stay.checkin, checkout: input.stay.checkout,
            count: l.roomsCount, defaultAvailable: l.roomTypeId === 0 ? 1 : (counts.get(l.roomTypeId) ?? 0),
          });
          if (!held) throw new AppError('DATES_UNAVAILABLE', 'These dates are no longer available');
        }
        if (breakdown.promo_applied && promoCodeId !== null && !(await repo.usePromo(promoCodeId))) {
          throw new AppError('CONFLICT', 'This promo code has just reached its maximum number of uses');
        }
        await platformRepository(tx).insertEvent('reservation.created', {
          reservation_id: reservation.id, property_id: property.id, guest_id: user.id, owner_id: property.ownerId,
          total: formatMinor(breakdown.total, currency.decimals), currency: currency.code,
        });
        return { reservation, lines, property };
      });
      // Held nights change the listing's availability as shown in its cached detail.
      await afterCommit(deps, 'property cache invalidation', () => deps.propertyCache.invalidate(property.id));
      publishAfterCommit(deps);
      return created;
    } catch (err) {
      // Only the booking reference can collide among this transaction's unique indexes; a
      // deadlock (another change of the same nights) is resolved by trying again.
      if (!(isUniqueViolation(err) || isDeadlock(err)) || attempt >= REF_ATTEMPTS) throw err;
    }
  }
}
