// What the local Channex server holds (DOC pages in channex-docs.ts), shared by its parts: the
// structure (properties, room types, rate plans), the per-night ARI, the booking revisions
// waiting in the feed, message threads, and what the certification rules found wrong.

export type Attrs = Record<string, any>;

export interface StoredRevision {
  id: string;
  attrs: Attrs;
  acked: boolean;
}

export interface StoredMessage {
  id: string;
  sender: 'guest' | 'property';
  message: string;
  inserted_at: string;
}

export interface StoredThread {
  id: string;
  propertyId: string;
  bookingId: string | null;
  /** Documented attributes: title (usually the guest's name), provider ("BookingCom", "Airbnb"), is_closed. */
  attrs: Attrs;
  messages: StoredMessage[];
}

export interface ChannexState {
  now(): Date;
  properties: Map<string, Attrs>;
  roomTypes: Map<string, Attrs>;
  ratePlans: Map<string, Attrs>;
  /** `${roomTypeId}|${YYYY-MM-DD}` → availability (a room type's nights start at 0, DOC.roomTypes "Create Room Type"). */
  availability: Map<string, number>;
  /** `${ratePlanId}|${YYYY-MM-DD}` → rate (decimal text), rates per occupancy and restrictions. */
  restrictions: Map<string, Attrs>;
  revisions: StoredRevision[];
  threads: Map<string, StoredThread>;
  acked: string[];
  /** Breaches of the certification rules (DOC.certification): what a reviewer would refuse. */
  violations: string[];
  /** `${propertyId}|${kind}` → when the last full sync of that kind was sent (ms). */
  fullSyncs: Map<string, number>;
  /** `${propertyId}|${kind}` → times of the ARI calls of the last minute (DOC.rateLimits). */
  ariCalls: Map<string, number[]>;
}

export function newState(now: () => Date): ChannexState {
  return {
    now,
    properties: new Map(),
    roomTypes: new Map(),
    ratePlans: new Map(),
    availability: new Map(),
    restrictions: new Map(),
    revisions: [],
    threads: new Map(),
    acked: [],
    violations: [],
    fullSyncs: new Map(),
    ariCalls: new Map(),
  };
}

/** Channex's timestamps: ISO 8601 without a zone, microseconds ("2019-04-23T10:03:29.335485", DOC.bookings). */
export function channexTimestamp(at: Date, micro = 0): string {
  return `${at.toISOString().slice(0, 19)}.${String(at.getUTCMilliseconds() * 1000 + (micro % 1000)).padStart(6, '0')}`;
}

/** A resource as every answer carries it: {type, id, attributes, relationships} (DOC.reference). */
export function resource(
  type: string,
  id: string,
  attributes: Attrs,
  relationships?: Record<string, { data: { type: string; id: string } | null }>,
) {
  return { type, id, attributes: { id, ...attributes }, ...(relationships ? { relationships } : {}) };
}
