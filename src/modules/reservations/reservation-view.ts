// The two answers of a reservation (interface spec "Reservation (read form)"): the read form,
// and the lighter variant of simple creation where guests and price_details are JSON text and a
// root `total` is decimal text. Both are built from the price snapshot taken at booking time,
// so later edits to the listing never change what a reservation shows.
import { formatMinor, minorToNumber } from '../catalog/money.ts';
import { toPriceDetails, type Currency, type PriceBreakdown, type PriceDetails } from '../pricing/index.ts';
import type { PropertyReadForm } from '../properties/property-read-form.ts';
import type { ReservationRoomRow, ReservationRow } from './reservations.repository.ts';

/** What reservations.price_snapshot holds: the engine's breakdown in minor units and its currency. */
export interface PriceSnapshot {
  currency: Currency;
  breakdown: PriceBreakdown;
}

interface Common {
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
  rooms_details: { channel_room_type_id: number; channel_rate_plan_id: number; rooms_count: number; line_total: number }[];
  price_details: PriceDetails;
}

export interface ReservationLight extends Common {
  guests: string;
  price_details: string;
  total: string;
}

const snapshotOf = (r: ReservationRow) => r.priceSnapshot as PriceSnapshot;

function common(r: ReservationRow, lines: ReservationRoomRow[], property: PropertyReadForm): Common {
  return {
    id: r.id,
    booking_ref_code: r.bookingRefCode,
    checkin_date: r.checkinDate,
    checkout_date: r.checkoutDate,
    status: r.status,
    special_requests: r.specialRequests,
    promo_code_id: r.promoCodeId,
    // Units held per night over all lines (a listing sold whole counts as 1).
    rooms_count: lines.reduce((n, l) => n + l.roomsCount, 0),
    property,
  };
}

export function toReservationReadForm(r: ReservationRow, lines: ReservationRoomRow[], property: PropertyReadForm): ReservationReadForm {
  const { currency, breakdown } = snapshotOf(r);
  return {
    ...common(r, lines, property),
    guests: { adults: r.adults, children: r.children },
    // Room type and rate plan 0 = the listing sold whole (property_nights' convention).
    rooms_details: lines.map((l) => ({
      channel_room_type_id: l.roomTypeId,
      channel_rate_plan_id: l.ratePlanId ?? 0,
      rooms_count: l.roomsCount,
      line_total: minorToNumber(l.lineTotalMinor, currency.decimals),
    })),
    price_details: toPriceDetails(breakdown, currency),
  };
}

export function toReservationLight(r: ReservationRow, lines: ReservationRoomRow[], property: PropertyReadForm): ReservationLight {
  const { currency, breakdown } = snapshotOf(r);
  return {
    ...common(r, lines, property),
    guests: JSON.stringify({ adults: r.adults, children: r.children }),
    price_details: JSON.stringify(toPriceDetails(breakdown, currency)),
    total: formatMinor(r.totalMinor, currency.decimals),
  };
}
