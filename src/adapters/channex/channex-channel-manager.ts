// The channel-manager port over the Channex REST API (v1). Request bodies are wrapped in their
// type key, answers read from {data: {type, id, attributes}}; ARI date ranges are inclusive;
// rates travel as decimal text. Weekday arrays (max_stay, min_stay_arrival, closed_to_arrival,
// closed_to_departure, stop_sell) have 7 entries; we send them Monday-first, as stored here, which is
// the order Channex uses for weekdays elsewhere (availability rules list days mo..su). The rate plan
// pages we could read show only uniform example arrays, so the order is an assumption to confirm on
// the staging server before relying on weekday-specific restrictions.
import type {
  AvailabilityValue, BookingRevision, ChannelManager, ChannelMessage, ChannelPropertyInput, ChannelRatePlanInput,
  ChannelRoomTypeInput, PushOutcome, RestrictionValue,
} from '../../ports/channel-manager.ts';
import { ChannelManagerError } from '../../ports/channel-manager.ts';
import { ChannexHttp, toDecimal, toMinor, warningText, type ChannexHttpOptions } from './channex-http.ts';

export interface ChannexOptions extends ChannexHttpOptions {
  /** ISO 4217 exponent of a currency (2 when unknown). */
  decimalsOf?: (currency: string) => number;
}

export class ChannexChannelManager implements ChannelManager {
  private readonly http: ChannexHttp;
  private readonly decimalsOf: (currency: string) => number;

  constructor(apiBase: string, apiKey: string, opts: ChannexOptions = {}) {
    this.http = new ChannexHttp(apiBase, apiKey, opts);
    this.decimalsOf = opts.decimalsOf ?? (() => 2);
  }

  private async upsert(type: string, collection: string, id: string | null, attributes: Record<string, unknown>): Promise<string> {
    const body = { [type]: attributes };
    const res = id ? await this.http.request('PUT', `/${collection}/${encodeURIComponent(id)}`, body) : await this.http.request('POST', `/${collection}`, body);
    const newId = res?.data?.id;
    // A 2xx without an id is the remote misbehaving, not our input: retryable like a 5xx.
    if (typeof newId !== 'string' || !newId) throw new ChannelManagerError('unavailable', `The channel manager answered ${collection} without an id`, 200);
    return newId;
  }

  upsertProperty(id: string | null, p: ChannelPropertyInput): Promise<string> {
    return this.upsert('property', 'properties', id, {
      title: p.title, currency: p.currency, email: p.email, phone: p.phone, country: p.country, city: p.city, address: p.address,
      latitude: p.latitude === undefined ? undefined : String(p.latitude), longitude: p.longitude === undefined ? undefined : String(p.longitude),
      timezone: p.timezone, property_type: p.propertyType,
    });
  }

  upsertRoomType(id: string | null, r: ChannelRoomTypeInput): Promise<string> {
    return this.upsert('room_type', 'room_types', id, {
      property_id: r.propertyId, title: r.title, count_of_rooms: r.countOfRooms, occ_adults: r.occAdults,
      occ_children: r.occChildren, occ_infants: r.occInfants, default_occupancy: r.defaultOccupancy,
    });
  }

  upsertRatePlan(id: string | null, r: ChannelRatePlanInput): Promise<string> {
    return this.upsert('rate_plan', 'rate_plans', id, {
      property_id: r.propertyId, room_type_id: r.roomTypeId, title: r.title, currency: r.currency,
      sell_mode: r.sellMode, rate_mode: r.rateMode,
      options: [{ occupancy: r.occupancy, is_primary: true, rate: toDecimal(r.rateMinor, r.decimals) }],
      max_stay: r.maxStay, min_stay_arrival: r.minStayArrival, closed_to_arrival: r.closedToArrival,
      closed_to_departure: r.closedToDeparture, stop_sell: r.stopSell,
    });
  }

  private async push(path: '/availability' | '/restrictions', values: Array<Record<string, unknown>>): Promise<PushOutcome> {
    const res = await this.http.request('POST', path, { values });
    const warnings = res?.meta?.warnings;
    return { warnings: Array.isArray(warnings) ? warnings.map(warningText) : [] };
  }

  pushAvailability(values: AvailabilityValue[]): Promise<PushOutcome> {
    return this.push('/availability', values.map((v) => ({
      property_id: v.propertyId, room_type_id: v.roomTypeId, date_from: v.dateFrom, date_to: v.dateTo, availability: v.availability,
    })));
  }

  pushRestrictions(values: RestrictionValue[]): Promise<PushOutcome> {
    return this.push('/restrictions', values.map((v) => {
      const out: Record<string, unknown> = { property_id: v.propertyId, rate_plan_id: v.ratePlanId, date_from: v.dateFrom, date_to: v.dateTo };
      if (v.rateMinor !== undefined) out.rate = toDecimal(v.rateMinor, v.decimals ?? 2);
      if (v.minStayArrival !== undefined) out.min_stay_arrival = v.minStayArrival;
      if (v.maxStay !== undefined) out.max_stay = v.maxStay;
      if (v.closedToArrival !== undefined) out.closed_to_arrival = v.closedToArrival;
      if (v.closedToDeparture !== undefined) out.closed_to_departure = v.closedToDeparture;
      if (v.stopSell !== undefined) out.stop_sell = v.stopSell;
      return out;
    }));
  }

  async getAvailability(propertyId: string, dateFrom: string, dateTo: string): Promise<Map<string, Map<string, number>>> {
    const q = new URLSearchParams({ 'filter[property_id]': propertyId, 'filter[date][gte]': dateFrom, 'filter[date][lte]': dateTo });
    const res = await this.http.request('GET', `/availability?${q}`);
    const out = new Map<string, Map<string, number>>();
    for (const [roomTypeId, byDay] of Object.entries<Record<string, unknown>>(res?.data ?? {})) {
      out.set(roomTypeId, new Map(Object.entries(byDay ?? {}).map(([day, n]) => [day, Number(n)])));
    }
    return out;
  }

  async bookingRevisionsFeed(): Promise<BookingRevision[]> {
    const res = await this.http.request('GET', '/booking_revisions/feed');
    const rows: any[] = Array.isArray(res?.data) ? res.data : [];
    return rows.map((row) => this.revision(row.id, row.attributes ?? {})).sort((a, b) => a.insertedAt.localeCompare(b.insertedAt));
  }

  private revision(id: string, a: any): BookingRevision {
    const decimals = this.decimalsOf(a.currency ?? '');
    const status = a.status === 'cancelled' || a.status === 'modified' ? a.status : 'new';
    return {
      id: String(a.id ?? id), bookingId: String(a.booking_id), propertyId: String(a.property_id), status,
      otaName: String(a.ota_name ?? ''), otaReservationCode: a.ota_reservation_code ?? null,
      arrivalDate: String(a.arrival_date), departureDate: String(a.departure_date),
      currency: a.currency ?? null, amountMinor: toMinor(a.amount, decimals),
      customer: { name: String(a.customer?.name ?? ''), surname: String(a.customer?.surname ?? ''), mail: a.customer?.mail ?? null, phone: a.customer?.phone ?? null },
      rooms: (Array.isArray(a.rooms) ? a.rooms : []).map((r: any) => ({
        roomTypeId: r.room_type_id ?? null, ratePlanId: r.rate_plan_id ?? null,
        checkinDate: String(r.checkin_date ?? a.arrival_date), checkoutDate: String(r.checkout_date ?? a.departure_date),
        adults: Number(r.occupancy?.adults ?? 1), children: Number(r.occupancy?.children ?? 0), amountMinor: toMinor(r.amount, decimals),
      })),
      notes: a.notes ?? null,
      insertedAt: String(a.inserted_at ?? ''),
    };
  }

  async ackBookingRevision(id: string): Promise<void> {
    await this.http.request('POST', `/booking_revisions/${encodeURIComponent(id)}/ack`);
  }

  async threadMessages(threadId: string): Promise<ChannelMessage[]> {
    const path = `/message_threads/${encodeURIComponent(threadId)}`;
    const thread = (await this.http.request('GET', path))?.data?.attributes ?? {};
    const res = await this.http.request('GET', `${path}/messages`);
    const rows: any[] = Array.isArray(res?.data) ? res.data : [];
    return rows
      .map((row) => ({
        id: String(row.id), threadId, propertyId: String(thread.property_id ?? ''), bookingId: thread.booking_id ? String(thread.booking_id) : null,
        sender: row.attributes?.sender === 'property' ? ('property' as const) : ('guest' as const),
        guestName: thread.guest_name ?? thread.title ?? null, otaName: String(thread.ota_name ?? thread.provider ?? ''),
        message: String(row.attributes?.message ?? ''), createdAt: String(row.attributes?.inserted_at ?? ''),
      }))
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  async sendMessage(threadId: string, text: string): Promise<string> {
    const res = await this.http.request('POST', `/message_threads/${encodeURIComponent(threadId)}/messages`, { message: { message: text } });
    return String(res?.data?.id ?? '');
  }
}
