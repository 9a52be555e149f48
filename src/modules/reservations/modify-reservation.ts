// PUT /reservations/{id}: new dates, rooms or guests, re-priced and moved in one transaction
// (contract §6). 409 leaves everything as it was.
//
// Decisions:
// - guest, owner and admin may change a booking; support may see it but not change it (403);
// - only pending or confirmed, and only before the check-in day in the listing's time zone: a
//   stay that has begun is not re-planned through this route (409);
// - the new stay is priced at today's rates and rules, with the extras of the booking (offer,
//   packages, services, and the promo whose use was already counted); extras deleted since are
//   dropped; the cancellation policy stays the one the guest booked under;
// - everything is read after locking the reservation, so two changes of one booking queue up and
//   the second prices from the first's result; the nights are locked in a fixed order before the
//   old ones are given back and the new ones taken, so the booking's own nights can be reused;
// - every accepted change moves the reservation to a new version: each checkout opened for the
//   old one stops being payable (expired here and at the processor after commit); a payment that
//   still lands on one is refunded in full, never counted (confirm-payment.ts);
// - money: on a pending (unpaid) booking the new total simply replaces the old one (the guest
//   opens a new checkout for it). On a confirmed booking the difference is taken against what
//   the platform holds (paid minus refunds requested): a surplus becomes one pending payment of
//   type `additional` for the new version, a shortfall a refund request of the difference, in
//   full (the guest is moving, not cancelling);
// - no night without money or a deadline (issue 49): a change that leaves a confirmed booking
//   owing (longer, more rooms, a dearer room) is applied at once, but the stay as paid for is
//   kept (paid_stay) with its nights still held beside the new ones, until change_expires_at
//   (RESERVATION_HOLD_SECONDS after the first unpaid change; a further change keeps that
//   deadline, so changing again never buys time). Paid in time, the nights only the old stay
//   needed are released (settle-paid-reservation.ts); unpaid at the deadline, the change is
//   reverted to the paid stay (revert-unpaid-change.ts). We apply rather than wait for the money
//   so the guest sees the stay and price they asked for, and the added nights are theirs while
//   they pay.
import { randomUUID } from 'node:crypto';
import type { Deps } from '../../kernel/deps.ts';
import type { Tx } from '../../db/connection.ts';
import { commitNightsChange, lockForChange } from './commit-nights-change.ts';
import { AppError } from '../../platform/errors.ts';
import { platformRepository } from '../../platform/platform.repository.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { formatMinor } from '../../kernel/money.ts';
import type { ModificationResult, PaidStay } from '../../db/schema/index.ts';
import { syncOwnerEarnings } from '../payouts/index.ts';
import { priceStay, type Guests, type PriceBreakdown } from '../pricing/index.ts';
import { todayIn } from '../../kernel/calendar-dates.ts';
import { checkStay } from './check-stay.ts';
import { heldRuns, moveHeldNights, staysHeld } from './held-nights.ts';
import { loadPricingInput } from './load-pricing-input.ts';
import type { RoomRequest } from './unit-lines.ts';
import { reservationChangesRepository } from './reservation-changes.repository.ts';
import type { PriceSnapshot } from './reservation-view.ts';
import {
  reservationWritesRepository,
  type ReservationRoomRow,
  type ReservationRow,
} from './reservations.repository.ts';

export interface ModifyReservationInput {
  checkin?: string;
  checkout?: string;
  rooms?: RoomRequest[];
  guests?: { adults: number; children?: number };
}

export interface ModifiedReservation {
  reservation: ReservationRow;
  lines: ReservationRoomRow[];
  result: ModificationResult;
  supersededSessions: string[];
}

const CHANGEABLE = new Set(['pending', 'confirmed']);

export async function modifyReservation(
  deps: Deps,
  user: AuthUser,
  id: number,
  change: ModifyReservationInput,
): Promise<ModifiedReservation> {
  return commitNightsChange(deps, (tx) => modifyInTransaction(deps, tx, user, id, change));
}

async function modifyInTransaction(
  deps: Deps,
  tx: Tx,
  user: AuthUser,
  id: number,
  change: ModifyReservationInput,
): Promise<ModifiedReservation> {
  const now = deps.clock.now();
  const repo = reservationChangesRepository(tx);
  const { locked, property, role } = await lockForChange(tx, user, id);
  if (role === 'support') throw new AppError('FORBIDDEN', 'Support may cancel a reservation but not change it');
  if (!CHANGEABLE.has(locked.status))
    throw new AppError('CONFLICT', `A ${locked.status} reservation cannot be changed`);
  if (locked.status === 'pending' && locked.holdExpiresAt && locked.holdExpiresAt <= now) {
    throw new AppError('CONFLICT', 'The hold on this reservation has lapsed; book again');
  }
  if (locked.checkinDate <= todayIn(property.timezone, now))
    throw new AppError('CONFLICT', 'A stay that has begun cannot be changed');

  const oldLines = await reservationWritesRepository(tx).rooms(id);
  const old = (locked.priceSnapshot as PriceSnapshot).breakdown;
  const checkin = change.checkin ?? locked.checkinDate;
  const checkout = change.checkout ?? locked.checkoutDate;
  const rooms = change.rooms ?? roomsOf(oldLines);
  const guests: Guests = change.guests
    ? { adults: change.guests.adults, children: change.guests.children ?? 0 }
    : { adults: locked.adults, children: locked.children };

  const loaded = await loadPricingInput(
    tx,
    {
      propertyId: property.id,
      checkin,
      checkout,
      rooms,
      guests,
      promoId: locked.promoCodeId,
      offerId: locked.offerId,
      packageIds: old.packages_details.map((p) => p.id),
      serviceIds: old.services_details.map((s) => s.id),
    },
    { now, serviceFeePercent: deps.config.SERVICE_FEE_PERCENT, reprice: true },
  );
  if (loaded.currency.code !== locked.currency) {
    throw new AppError(
      'CONFLICT',
      'The listing now prices in another currency; cancel this reservation and book again',
    );
  }
  const breakdown = priceStay(loaded.input);
  checkStay(breakdown, { hasRooms: rooms !== undefined && rooms.length > 0, ownNightsHeld: true });

  const newLines = linesOf(breakdown);
  const owes = locked.status === 'confirmed' && breakdown.total > locked.paidMinor - locked.refundRequestedMinor;
  const paidStay = owes ? (locked.paidStay ?? paidStayOf(locked, oldLines)) : null;
  await moveHeldNights(
    tx,
    locked.propertyId,
    heldRuns(
      staysHeld({ checkin: locked.checkinDate, checkout: locked.checkoutDate, lines: oldLines }, locked.paidStay),
    ),
    heldRuns(staysHeld({ checkin, checkout, lines: newLines }, paidStay)),
  );
  const lines = await repo.replaceRooms(id, newLines);
  const supersededSessions = await repo.supersedeCheckouts(id, now);
  const money = await settle(tx, locked, breakdown, now);
  const snapshot: PriceSnapshot = { currency: loaded.currency, breakdown };
  const deadline = new Date(now.getTime() + deps.config.RESERVATION_HOLD_SECONDS * 1000);
  const reservation = await repo.update(id, {
    checkinDate: checkin,
    checkoutDate: checkout,
    adults: guests.adults,
    children: guests.children,
    totalMinor: breakdown.total,
    priceSnapshot: snapshot,
    offerId: breakdown.offer_applied ? locked.offerId : null,
    lastModification: money,
    paidStay,
    changeExpiresAt: paidStay ? (locked.changeExpiresAt ?? deadline) : null,
    updatedAt: now,
  });

  // The owner's share follows the new total and any refund requested.
  await syncOwnerEarnings(deps, tx, id, `modification:${id}:${randomUUID()}`, now);

  const fmt = (minor: number) => formatMinor(minor, loaded.currency.decimals);
  const events = platformRepository(tx);
  await events.insertEvent('reservation.modified', {
    reservation_id: id,
    property_id: property.id,
    guest_id: locked.guestId,
    owner_id: property.ownerId,
    modified_by: user.id,
    old: { checkin_date: locked.checkinDate, checkout_date: locked.checkoutDate, total: fmt(locked.totalMinor) },
    new: { checkin_date: checkin, checkout_date: checkout, total: fmt(breakdown.total) },
    additional_due: fmt(money.additional_due),
    refund_amount: fmt(money.refund_amount),
    currency: locked.currency,
  });
  if (money.refund_initiated) {
    await events.insertEvent('refund.requested', {
      reservation_id: id,
      guest_id: locked.guestId,
      owner_id: property.ownerId,
      amount: fmt(money.refund_amount),
      currency: locked.currency,
      reason: 'modification',
    });
  }
  return { reservation, lines, result: money, supersededSessions };
}

/** The booking's own room lines as a request (a listing sold whole has none). */
function roomsOf(lines: ReservationRoomRow[]): RoomRequest[] | undefined {
  if (lines.every((l) => l.roomTypeId === 0)) return undefined;
  return lines.map((l) => ({ roomTypeId: l.roomTypeId, ratePlanId: l.ratePlanId ?? 0, roomsCount: l.roomsCount }));
}

/** The new stay's lines, as reservation_rooms holds them (kind 0: the whole listing). */
function linesOf(b: PriceBreakdown) {
  return b.rooms_breakdown.map((l) => ({
    roomTypeId: l.room_type_id ?? 0,
    ratePlanId: l.rate_plan_id,
    roomsCount: l.rooms_count,
    lineTotalMinor: l.line_total,
  }));
}

/** The stay as it is now, kept as the one paid for while a change waits for its money. */
function paidStayOf(r: ReservationRow, lines: ReservationRoomRow[]): PaidStay {
  return {
    checkin: r.checkinDate,
    checkout: r.checkoutDate,
    adults: r.adults,
    children: r.children,
    total_minor: r.totalMinor,
    offer_id: r.offerId,
    price_snapshot: r.priceSnapshot,
    lines: lines.map((l) => ({
      roomTypeId: l.roomTypeId,
      ratePlanId: l.ratePlanId,
      roomsCount: l.roomsCount,
      lineTotalMinor: l.lineTotalMinor,
    })),
  };
}

/** Records what the change costs or gives back (see the decisions above); checkouts are already superseded. */
async function settle(tx: Tx, r: ReservationRow, b: PriceBreakdown, now: Date): Promise<ModificationResult> {
  const repo = reservationChangesRepository(tx);
  const oldTotal = r.totalMinor;
  const base = { old_total: oldTotal, new_total: b.total, price_difference: b.total - oldTotal };
  if (r.status === 'pending') {
    return {
      ...base,
      paid_amount: 0,
      additional_due: 0,
      refund_due: 0,
      needs_additional_payment: false,
      refund_initiated: false,
      refund_amount: 0,
    };
  }
  const held = r.paidMinor - r.refundRequestedMinor;
  const due = b.total - held;
  if (due > 0) {
    const oldTax = (r.priceSnapshot as PriceSnapshot).breakdown.tax_amount;
    // The tax inside the surplus: the tax increase, never more than the surplus itself.
    const tax = Math.min(due, Math.max(0, b.tax_amount - oldTax));
    await repo.requestPayment({
      reservationId: r.id,
      reservationVersion: r.version + 1,
      userId: r.guestId,
      type: 'additional',
      amountMinor: due,
      taxMinor: tax,
      currency: r.currency,
      at: now,
    });
    return {
      ...base,
      paid_amount: held,
      additional_due: due,
      refund_due: 0,
      needs_additional_payment: true,
      refund_initiated: false,
      refund_amount: 0,
    };
  }
  const refund = Math.min(-due, held);
  if (refund > 0)
    await repo.requestRefund({
      reservationId: r.id,
      amountMinor: refund,
      currency: r.currency,
      reason: 'modification',
      at: now,
    });
  return {
    ...base,
    paid_amount: held,
    additional_due: 0,
    refund_due: refund,
    needs_additional_payment: false,
    refund_initiated: refund > 0,
    refund_amount: refund,
  };
}
