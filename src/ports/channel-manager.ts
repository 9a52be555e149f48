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

/** The listing as the channel manager needs it, contact details included (required there before a first channel connection). */
export interface ChannelPropertyInput {
  title: string;
  currency: string;
  email?: string;
  phone?: string;
  zipCode?: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  state?: string;
  city?: string;
  address?: string;
  latitude?: number;
  longitude?: number;
  timezone: string;
  /** Our property type's name ('House', 'Loft'…; null when none): the adapter maps it to the channel manager's own list. */
  propertyType: string | null;
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

/**
 * A rate plan, every price given: per_room plans have one option (the room type's most adults),
 * per_person plans one per possible count of adults. We compute every price ourselves, so the
 * channel manager never derives one (its manual mode).
 */
export interface ChannelRatePlanInput {
  propertyId: string;
  roomTypeId: string;
  /** Unique among the listing's rate plans there. */
  title: string;
  currency: string;
  /** per_room | per_person */
  sellMode: 'per_room' | 'per_person';
  /** Default nightly rate per option, in minor units of `currency`; exactly one option is primary. */
  options: Array<{ occupancy: number; rateMinor: number; primary: boolean }>;
  decimals: number;
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

/** A rate plan's rate and restrictions over the inclusive range [dateFrom, dateTo] (never a past night, never a rate of 0). */
export interface RestrictionValue {
  propertyId: string;
  ratePlanId: string;
  dateFrom: string;
  dateTo: string;
  rateMinor?: number;
  /** per_person plans: the night's rate per count of adults (instead of rateMinor). */
  rates?: Array<{ occupancy: number; rateMinor: number }>;
  decimals?: number;
  minStayArrival?: number;
  maxStay?: number;
  closedToArrival?: boolean;
  closedToDeparture?: boolean;
  stopSell?: boolean;
}

/** A value the channel manager left out of a push it answered 200, and why, field by field. */
export interface ChannelWarning {
  roomTypeId?: string;
  ratePlanId?: string;
  dateFrom?: string;
  dateTo?: string;
  /** Field → reasons in the channel manager's words, e.g. {rate: ['must be greater than 0']}. */
  problems: Record<string, string[]>;
}

/** A 200 answer may still carry warnings (some values refused, the rest applied); the caller treats them as a failure. */
export interface PushOutcome {
  warnings: ChannelWarning[];
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
  /** Every booking revision not yet acknowledged (all pages of the feed), oldest first. */
  bookingRevisionsFeed(): Promise<BookingRevision[]>;
  /** Acknowledges a revision once it is committed here, so the feed stops returning it. */
  ackBookingRevision(id: string): Promise<void>;
  /** Every message of a travel-platform thread (all pages), oldest first, with the thread's listing, booking, guest and platform. */
  threadMessages(threadId: string): Promise<ChannelMessage[]>;
  /** Sends an owner's reply into a thread; returns the remote message id. */
  sendMessage(threadId: string, text: string): Promise<string>;
}
