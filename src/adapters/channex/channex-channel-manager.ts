// The channel-manager port over the Channex REST API (v1), as Channex documents it
// (https://docs.channex.io, "FOR PMS"): request bodies wrapped in their type key, answers read
// from {data: {type, id, attributes, relationships}}, lists paged through to the end, ARI date
// ranges inclusive, rates as decimal text. Weekday arrays (max_stay, min_stay_arrival,
// closed_to_arrival, closed_to_departure, stop_sell) have 7 entries, sent Monday-first as stored
// here: the rate plan pages show only uniform example arrays, so the order is an assumption to
// confirm on the staging server before relying on weekday-specific restrictions.
import {
  ChannelManagerError,
  type AvailabilityValue,
  type BookingRevision,
  type ChannelManager,
  type ChannelMessage,
  type ChannelPropertyInput,
  type ChannelRatePlanInput,
  type ChannelRoomTypeInput,
  type PushOutcome,
  type RestrictionValue,
} from '../../ports/channel-manager.ts';
import { formatMinor } from '../../kernel/money.ts';
import { ChannexHttp, coordinateText, readWarning, type ChannexHttpOptions } from './channex-http.ts';
import { channexPropertyType } from './channex-property-types.ts';
import { readRevision, readThreadMessages } from './channex-read.ts';

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

  private async upsert(
    type: string,
    collection: string,
    id: string | null,
    attributes: Record<string, unknown>,
  ): Promise<string> {
    const body = { [type]: attributes };
    const res = id
      ? await this.http.request('PUT', `/${collection}/${encodeURIComponent(id)}`, body)
      : await this.http.request('POST', `/${collection}`, body);
    const newId = res?.data?.id;
    // A 2xx without an id is the remote misbehaving, not our input: retryable like a 5xx.
    if (typeof newId !== 'string' || !newId)
      throw new ChannelManagerError('unavailable', `The channel manager answered ${collection} without an id`, 200);
    return newId;
  }

  /** Properties page, "Fields": country alpha-2, coordinates as decimal text of limited length, property_type from its list. */
  upsertProperty(id: string | null, p: ChannelPropertyInput): Promise<string> {
    return this.upsert('property', 'properties', id, {
      title: p.title,
      currency: p.currency,
      email: p.email,
      phone: p.phone,
      zip_code: p.zipCode,
      country: p.country.toUpperCase(),
      state: p.state,
      city: p.city,
      address: p.address,
      latitude: p.latitude === undefined ? undefined : coordinateText(p.latitude, 9),
      longitude: p.longitude === undefined ? undefined : coordinateText(p.longitude, 10),
      timezone: p.timezone,
      property_type: channexPropertyType(p.propertyType),
    });
  }

  upsertRoomType(id: string | null, r: ChannelRoomTypeInput): Promise<string> {
    return this.upsert('room_type', 'room_types', id, {
      property_id: r.propertyId,
      title: r.title,
      count_of_rooms: r.countOfRooms,
      occ_adults: r.occAdults,
      occ_children: r.occChildren,
      occ_infants: r.occInfants,
      default_occupancy: r.defaultOccupancy,
    });
  }

  /**
   * Every option priced, so the plan is `manual`: "auto" would need auto_rate_settings and
   * "derived"/"cascade" a parent plan there (Rate Plans page, "rate_mode"), and we price every
   * count of guests ourselves.
   */
  upsertRatePlan(id: string | null, r: ChannelRatePlanInput): Promise<string> {
    return this.upsert('rate_plan', 'rate_plans', id, {
      property_id: r.propertyId,
      room_type_id: r.roomTypeId,
      title: r.title,
      currency: r.currency,
      sell_mode: r.sellMode,
      rate_mode: 'manual',
      options: r.options.map((o) => ({
        occupancy: o.occupancy,
        is_primary: o.primary,
        rate: formatMinor(o.rateMinor, r.decimals),
      })),
      max_stay: r.maxStay,
      min_stay_arrival: r.minStayArrival,
      closed_to_arrival: r.closedToArrival,
      closed_to_departure: r.closedToDeparture,
      stop_sell: r.stopSell,
    });
  }

  private async push(
    path: '/availability' | '/restrictions',
    values: Array<Record<string, unknown>>,
  ): Promise<PushOutcome> {
    const res = await this.http.request('POST', path, { values });
    const warnings = res?.meta?.warnings;
    return { warnings: Array.isArray(warnings) ? warnings.map(readWarning) : [] };
  }

  pushAvailability(values: AvailabilityValue[]): Promise<PushOutcome> {
    return this.push(
      '/availability',
      values.map((v) => ({
        property_id: v.propertyId,
        room_type_id: v.roomTypeId,
        date_from: v.dateFrom,
        date_to: v.dateTo,
        availability: v.availability,
      })),
    );
  }

  pushRestrictions(values: RestrictionValue[]): Promise<PushOutcome> {
    return this.push(
      '/restrictions',
      values.map((v) => {
        const decimals = v.decimals ?? 2;
        const out: Record<string, unknown> = {
          property_id: v.propertyId,
          rate_plan_id: v.ratePlanId,
          date_from: v.dateFrom,
          date_to: v.dateTo,
        };
        if (v.rateMinor !== undefined) out.rate = formatMinor(v.rateMinor, decimals);
        if (v.rates !== undefined)
          out.rates = v.rates.map((r) => ({ occupancy: r.occupancy, rate: formatMinor(r.rateMinor, decimals) }));
        if (v.minStayArrival !== undefined) out.min_stay_arrival = v.minStayArrival;
        if (v.maxStay !== undefined) out.max_stay = v.maxStay;
        if (v.closedToArrival !== undefined) out.closed_to_arrival = v.closedToArrival;
        if (v.closedToDeparture !== undefined) out.closed_to_departure = v.closedToDeparture;
        if (v.stopSell !== undefined) out.stop_sell = v.stopSell;
        return out;
      }),
    );
  }

  async getAvailability(
    propertyId: string,
    dateFrom: string,
    dateTo: string,
  ): Promise<Map<string, Map<string, number>>> {
    const q = new URLSearchParams({
      'filter[property_id]': propertyId,
      'filter[date][gte]': dateFrom,
      'filter[date][lte]': dateTo,
    });
    const res = await this.http.request('GET', `/availability?${q}`);
    const out = new Map<string, Map<string, number>>();
    for (const [roomTypeId, byDay] of Object.entries<Record<string, unknown>>(res?.data ?? {})) {
      out.set(roomTypeId, new Map(Object.entries(byDay ?? {}).map(([day, n]) => [day, Number(n)])));
    }
    return out;
  }

  /** Bookings page, "Booking Revisions Feed": every page, asked oldest first (`order[inserted_at]=asc`). */
  async bookingRevisionsFeed(): Promise<BookingRevision[]> {
    const rows = await this.http.all('/booking_revisions/feed', { 'order[inserted_at]': 'asc' });
    return rows
      .map((row) => readRevision(row, this.decimalsOf))
      .sort((a, b) => a.insertedAt.localeCompare(b.insertedAt));
  }

  async ackBookingRevision(id: string): Promise<void> {
    await this.http.request('POST', `/booking_revisions/${encodeURIComponent(id)}/ack`);
  }

  async threadMessages(threadId: string): Promise<ChannelMessage[]> {
    const path = `/message_threads/${encodeURIComponent(threadId)}`;
    const thread = (await this.http.request('GET', path))?.data;
    return readThreadMessages(
      threadId,
      thread,
      await this.http.all(`${path}/messages`, { 'order[inserted_at]': 'asc' }),
    );
  }

  async sendMessage(threadId: string, text: string): Promise<string> {
    const res = await this.http.request('POST', `/message_threads/${encodeURIComponent(threadId)}/messages`, {
      message: { message: text },
    });
    return String(res?.data?.id ?? '');
  }
}
