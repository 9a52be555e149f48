// The two answers of a reservation (interface spec "Reservation (read form)"): the read form,
// and the lighter variant of simple creation where guests and price_details are JSON text and a
// root `total` is decimal text. Both are built from the price snapshot taken at booking time,
// so later edits to the listing never change what a reservation shows.
import { formatMinor, isoDecimals, minorToNumber } from '../../kernel/money.ts';
import { toPriceDetails, type Currency, type PriceBreakdown, type PriceDetails } from '../pricing/index.ts';
import type { PropertyReadForm } from '../properties/index.ts';
import type { ReservationRoomRow, ReservationRow } from './reservations.repository.ts';
import { daysBetween } from '../../kernel/calendar-dates.ts';

/** What reservations.price_snapshot holds: the engine's breakdown in minor units and its currency. */
export interface PriceSnapshot {
  currency: Currency;
  breakdown: PriceBreakdown;
}

/**
 * The money side of changes, on every read: the interface spec shows them after a modification,
 * and a client deriving its badges from them must never meet one missing, so a booking never
 * changed carries their neutral values.
 */
interface ChangeMembers {
  needs_additional_payment: boolean;
  additional_due: number;
  pricing: {
    old_total: number;
    new_total: number;
    paid_amount: number;
    additional_due: number;
    refund_due: number;
    price_difference: number;
  };
  refund_initiated: boolean;
  refund_amount: number;
}

interface Common extends ChangeMembers {
  id: number;
  booking_ref_code: string;
  checkin_date: string;
  checkout_date: string;
  status: string;
  special_requests: string | null;
  promo_code_id: number | null;
  rooms_count: number;
  property: PropertyReadForm;
}

export interface ReservationReadForm extends Common {
  guests: { adults: number; children: number };
  rooms_details: {
    channel_room_type_id: number;
    channel_rate_plan_id: number;
    rooms_count: number;
    line_total: number;
  }[];
  price_details: PriceDetails;
}

export interface ReservationLight extends Common {
  guests: string;
  price_details: string;
  total: string;
}

/**
 * The snapshot as written by a booking here, or — for a reservation priced elsewhere (a travel
 * platform's booking through the channel manager) — one that shows its total as the
 * accommodation, with no fees or discounts of ours.
 */
function snapshotOf(reservation: ReservationRow): PriceSnapshot {
  const stored = reservation.priceSnapshot as Partial<PriceSnapshot> | null;
  if (stored?.currency && stored.breakdown) return stored as PriceSnapshot;
  return flatSnapshot(
    reservation.currency,
    reservation.totalMinor,
    daysBetween(reservation.checkinDate, reservation.checkoutDate),
  );
}

/** A snapshot of a total priced outside this service: all of it accommodation, nothing added. */
export function flatSnapshot(code: string, totalMinor: number, nights: number): PriceSnapshot {
  const currency: Currency = { code, decimals: isoDecimals(code) };
  const breakdown: PriceBreakdown = {
    currency,
    nights,
    base_price_per_night: nights > 0 ? Math.floor(totalMinor / nights) : totalMinor,
    base_total: totalMinor,
    rooms_total: 0,
    season: null,
    season_discount: 0,
    long_stay_discount: 0,
    long_stay_kind: null,
    offer_discount: 0,
    offer_applied: false,
    offer_details: null,
    offer_reason: null,
    promo_discount: 0,
    promo_applied: false,
    promo_reason: null,
    accommodation_total: totalMinor,
    cleaning_fee: 0,
    services_total: 0,
    services_details: [],
    packages_total: 0,
    packages_details: [],
    service_fee_total: 0,
    sub_total: totalMinor,
    tax_rate: 0,
    tax_amount: 0,
    total: totalMinor,
    rooms_breakdown: [],
    stay_validation: { valid: true, message: null, violations: [] },
  };
  return { currency, breakdown };
}

function common(reservation: ReservationRow, lines: ReservationRoomRow[], property: PropertyReadForm): Common {
  return {
    id: reservation.id,
    booking_ref_code: reservation.bookingRefCode,
    checkin_date: reservation.checkinDate,
    checkout_date: reservation.checkoutDate,
    status: reservation.status,
    special_requests: reservation.specialRequests,
    promo_code_id: reservation.promoCodeId,
    // Units held per night over all lines (a listing sold whole counts as 1).
    rooms_count: lines.reduce((sum, line) => sum + line.roomsCount, 0),
    ...changeMembers(reservation),
    property,
  };
}

/**
 * What a booking owes now: total − (paid − refunds requested), never stored, so a payment, a
 * refund or a new version can never leave a stale "payment needed" behind. Only a confirmed (or
 * completed) booking owes a surplus; a pending one pays its total through its own checkout.
 */
export function additionalOwed(
  reservation: Pick<ReservationRow, 'status' | 'totalMinor' | 'paidMinor' | 'refundRequestedMinor'>,
): number {
  if (reservation.status !== 'confirmed' && reservation.status !== 'completed') return 0;
  return Math.max(0, reservation.totalMinor - (reservation.paidMinor - reservation.refundRequestedMinor));
}

/**
 * What is owed is derived on every read. Without a modification, pricing is the booking as it
 * stands (old = new = total, paid_amount what the platform holds now, no difference, no refund
 * due) and no refund was initiated; a cancellation's refund is the latest word on money given back.
 */
function changeMembers(reservation: ReservationRow): ChangeMembers {
  const decimals = snapshotOf(reservation).currency?.decimals ?? 2;
  const toNumber = (minor: number) => minorToNumber(minor, decimals);
  const due = additionalOwed(reservation);
  const change = reservation.lastModification;
  const out: ChangeMembers = {
    needs_additional_payment: due > 0,
    additional_due: toNumber(due),
    // The change's own record, except what is owed, which is always today's.
    pricing: {
      old_total: toNumber(change ? change.old_total : reservation.totalMinor),
      new_total: toNumber(change ? change.new_total : reservation.totalMinor),
      paid_amount: toNumber(change ? change.paid_amount : reservation.paidMinor - reservation.refundRequestedMinor),
      additional_due: toNumber(due),
      refund_due: toNumber(change ? change.refund_due : 0),
      price_difference: toNumber(change ? change.price_difference : 0),
    },
    refund_initiated: change ? change.refund_initiated : false,
    refund_amount: toNumber(change ? change.refund_amount : 0),
  };
  if (reservation.status === 'cancelled' && reservation.cancellationRefundMinor !== null) {
    out.refund_initiated = reservation.cancellationRefundMinor > 0;
    out.refund_amount = toNumber(reservation.cancellationRefundMinor);
  }
  return out;
}

/** The spec's modification result (PUT /reservations/{id}). */
export function toModificationResult(reservation: ReservationRow) {
  const members = changeMembers(reservation);
  return {
    id: reservation.id,
    booking_ref_code: reservation.bookingRefCode,
    checkin_date: reservation.checkinDate,
    checkout_date: reservation.checkoutDate,
    status: reservation.status,
    pricing: members.pricing,
    needs_additional_payment: members.needs_additional_payment,
    refund_initiated: members.refund_initiated,
    refund_amount: members.refund_amount,
  };
}

export function toReservationReadForm(
  reservation: ReservationRow,
  lines: ReservationRoomRow[],
  property: PropertyReadForm,
): ReservationReadForm {
  const { currency, breakdown } = snapshotOf(reservation);
  return {
    ...common(reservation, lines, property),
    guests: { adults: reservation.adults, children: reservation.children },
    // Room type and rate plan 0 = the listing sold whole (property_nights' convention).
    rooms_details: lines.map((line) => ({
      channel_room_type_id: line.roomTypeId,
      channel_rate_plan_id: line.ratePlanId ?? 0,
      rooms_count: line.roomsCount,
      line_total: minorToNumber(line.lineTotalMinor, currency.decimals),
    })),
    price_details: toPriceDetails(breakdown, currency),
  };
}

export function toReservationLight(
  reservation: ReservationRow,
  lines: ReservationRoomRow[],
  property: PropertyReadForm,
): ReservationLight {
  const { currency, breakdown } = snapshotOf(reservation);
  return {
    ...common(reservation, lines, property),
    guests: JSON.stringify({ adults: reservation.adults, children: reservation.children }),
    price_details: JSON.stringify(toPriceDetails(breakdown, currency)),
    total: formatMinor(reservation.totalMinor, currency.decimals),
  };
}
