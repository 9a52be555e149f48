// Channex's answers in our words: booking revisions of the feed and the messages of a thread.
// Shapes from https://docs.channex.io/api-v.1-documentation/bookings-collection ("Booking
// Revision", "Booking Room") and https://docs.channex.io/api-v.1-documentation/messages-collection
// ("Message Thread": `title` and `provider` are attributes; the property and the booking are
// relationships).
import type { BookingRevision, ChannelMessage } from '../../ports/channel-manager.ts';
import { roundToMinor } from '../../kernel/money.ts';

const text = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
/** Channex writes UTC timestamps without a zone ("2021-07-28T04:25:15.000000"); read without one, they would be local time. */
const utc = (v: unknown): string =>
  typeof v === 'string' && v && !/(Z|[+-]\d\d:?\d\d)$/.test(v) ? `${v}Z` : String(v ?? '');

/** One revision of the feed ({type, id, attributes}); a room may be unmapped (room_type_id null). */
export function readRevision(row: any, decimalsOf: (currency: string) => number): BookingRevision {
  const a = row?.attributes ?? {};
  const decimals = decimalsOf(a.currency ?? '');
  const status = a.status === 'cancelled' || a.status === 'modified' ? a.status : 'new';
  return {
    id: String(a.id ?? row.id),
    bookingId: String(a.booking_id),
    propertyId: String(a.property_id),
    status,
    otaName: String(a.ota_name ?? ''),
    otaReservationCode: a.ota_reservation_code ?? null,
    arrivalDate: String(a.arrival_date),
    departureDate: String(a.departure_date),
    currency: a.currency ?? null,
    amountMinor: roundToMinor(a.amount, decimals),
    customer: {
      name: String(a.customer?.name ?? ''),
      surname: String(a.customer?.surname ?? ''),
      mail: a.customer?.mail ?? null,
      phone: a.customer?.phone ?? null,
    },
    rooms: (Array.isArray(a.rooms) ? a.rooms : []).map((r: any) => ({
      roomTypeId: text(r.room_type_id),
      ratePlanId: text(r.rate_plan_id),
      checkinDate: String(r.checkin_date ?? a.arrival_date),
      checkoutDate: String(r.checkout_date ?? a.departure_date),
      adults: Number(r.occupancy?.adults ?? 1),
      children: Number(r.occupancy?.children ?? 0),
      amountMinor: roundToMinor(r.amount, decimals),
    })),
    notes: a.notes ?? null,
    insertedAt: String(a.inserted_at ?? ''),
  };
}

/** A thread ({data: {attributes, relationships}}) and its message rows, oldest first. */
export function readThreadMessages(threadId: string, thread: any, rows: any[]): ChannelMessage[] {
  const attrs = thread?.attributes ?? {};
  const rel = thread?.relationships ?? {};
  const propertyId = text(rel.property?.data?.id) ?? '';
  const bookingId = text(rel.booking?.data?.id);
  return rows
    .map((row) => ({
      id: String(row.id),
      threadId,
      propertyId,
      bookingId,
      sender: row.attributes?.sender === 'property' ? ('property' as const) : ('guest' as const),
      guestName: text(attrs.title),
      otaName: String(attrs.provider ?? ''),
      message: String(row.attributes?.message ?? ''),
      createdAt: utc(row.attributes?.inserted_at),
    }))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}
