// The external channel manager (Channex-style) in our own words: the listing, its room types and
// rate plans mirrored there, availability and rates/restrictions pushed in date ranges, booking
// revisions and guest messages pulled from it. CHANNEL_MANAGER=none means no adapter (null).
// Ids on the remote side are strings (UUIDs at Channex); dates are property-local YYYY-MM-DD.

/** Why a call failed, so the caller knows whether to back off, retry or surface it. */
export type ChannelErrorKind = 'rate_limited' | 'unavailable' | 'rejected' | 'unauthorized' | 'not_found';

export class ChannelManagerError extends Error {
  constructor(
    readonly kind: ChannelErrorKind,
    message: string,
    /** HTTP status of the remote answer, 0 when none came (network error, timeout). */
    readonly status: number,
    /** For 'rate_limited': how long the remote asked us to wait, when it said. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'ChannelManagerError';
  }

  /** 429 and 5xx / network failures are worth retrying later; the rest needs a change first. */
  get retryable(): boolean {
    return this.kind === 'rate_limited' || this.kind === 'unavailable';
  }
}

export interface ChannelPropertyInput {
  title: string;
  currency: string;
  email?: string;
  phone?: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  city?: string;
  address?: string;
  latitude?: number;
  longitude?: number;
  timezone: string;
  propertyType: string;
}

export interface ChannelRoomTypeInput {
  propertyId: string;
  title: string;
  countOfRooms: number;
  occAdults: number;
  occChildren: number;
  occInfants: number;
  defaultOccupancy: number;
}

export interface ChannelRatePlanInput {
  propertyId: string;
  roomTypeId: string;
  title: string;
  currency: string;
  /** per_room | per_person */
  sellMode: string;
  /** manual | derived | auto | cascade */
  rateMode: string;
  /** Default nightly rate in minor units of `currency`, with the currency's decimals. */
  rateMinor: number;
  decimals: number;
  occupancy: number;
  /** Weekday arrays, 7 entries, Monday first (as stored). */
  maxStay: number[];
  minStayArrival: number[];
  closedToArrival: boolean[];
  closedToDeparture: boolean[];
  stopSell: boolean[];
}

/** Units left to sell of a room type over the inclusive range [dateFrom, dateTo]. */
export interface AvailabilityValue {
  propertyId: string;
  roomTypeId: string;
  dateFrom: string;
  dateTo: string;
  availability: number;
}

/** A rate plan's rate and restrictions over the inclusive range [dateFrom, dateTo]. */
export interface RestrictionValue {
  propertyId: string;
  ratePlanId: string;
  dateFrom: string;
  dateTo: string;
  rateMinor?: number;
  decimals?: number;
  minStayArrival?: number;
  maxStay?: number;
  closedToArrival?: boolean;
  closedToDeparture?: boolean;
  stopSell?: boolean;
}

/** A 200 answer may still carry warnings (some values refused); the caller treats them as a failure. */
export interface PushOutcome {
  warnings: string[];
}

export interface BookingRevisionRoom {
  roomTypeId: string | null;
  ratePlanId: string | null;
  checkinDate: string;
  checkoutDate: string;
  adults: number;
  children: number;
  /** Price of this room for the stay, minor units. */
  amountMinor: number | null;
}

/** One state of a booking made on a travel platform: new, modified or cancelled. */
export interface BookingRevision {
  id: string;
  bookingId: string;
  propertyId: string;
  status: 'new' | 'modified' | 'cancelled';
  /** The platform's name as the channel manager gives it (e.g. "BookingCom", "Airbnb"). */
  otaName: string;
  otaReservationCode: string | null;
  arrivalDate: string;
  departureDate: string;
  currency: string | null;
  amountMinor: number | null;
  customer: { name: string; surname: string; mail: string | null; phone: string | null };
  rooms: BookingRevisionRoom[];
  notes: string | null;
  insertedAt: string;
}

/** A message in a travel-platform thread. */
export interface ChannelMessage {
  id: string;
  threadId: string;
  propertyId: string;
  bookingId: string | null;
  /** 'guest' when the traveller wrote it, 'property' when it was sent from our side. */
  sender: 'guest' | 'property';
  guestName: string | null;
  /** The platform's name as the channel manager gives it. */
  otaName: string;
  message: string;
  createdAt: string;
}

export interface ChannelManager {
  /** Creates the listing there (id null) or updates it; returns its remote id. */
  upsertProperty(id: string | null, input: ChannelPropertyInput): Promise<string>;
  /** Creates or updates a room type; returns its remote id. */
  upsertRoomType(id: string | null, input: ChannelRoomTypeInput): Promise<string>;
  /** Creates or updates a rate plan; returns its remote id. */
  upsertRatePlan(id: string | null, input: ChannelRatePlanInput): Promise<string>;
  /** Sends availability ranges in one call. Throws ChannelManagerError; warnings are returned. */
  pushAvailability(values: AvailabilityValue[]): Promise<PushOutcome>;
  /** Sends rates/restrictions ranges in one call. Throws ChannelManagerError; warnings are returned. */
  pushRestrictions(values: RestrictionValue[]): Promise<PushOutcome>;
  /** Remote availability per room type id and night over the inclusive range (for drift checks). */
  getAvailability(propertyId: string, dateFrom: string, dateTo: string): Promise<Map<string, Map<string, number>>>;
  /** Booking revisions not yet acknowledged, oldest first. */
  bookingRevisionsFeed(): Promise<BookingRevision[]>;
  /** Acknowledges a revision once it is committed here, so the feed stops returning it. */
  ackBookingRevision(id: string): Promise<void>;
  /** The messages of a travel-platform thread, oldest first. */
  threadMessages(threadId: string): Promise<ChannelMessage[]>;
  /** Sends an owner's reply into a thread; returns the remote message id. */
  sendMessage(threadId: string, text: string): Promise<string>;
}
