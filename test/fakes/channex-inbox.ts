// What travel platforms send through the local Channex server: booking revisions waiting in the
// feed until acknowledged (DOC.bookings) and guest message threads (DOC.messages). Lists are
// paginated as every list is (DOC.reference, "Pagination": 10 by default, `pagination[limit]` at
// most 100, `meta: {limit, page, total}`).
import { randomUUID } from 'node:crypto';
import { DOC, errorBody } from './channex-docs.ts';
import type { Answer } from './channex-structure.ts';
import { channexTimestamp, resource, type Attrs, type ChannexState, type StoredThread } from './channex-state.ts';

const NOT_FOUND: Answer = { status: 404, body: errorBody('not_found', 'Resouce Not Found') };

/** One page of `rows` as the query asks, or a 400 for a page or limit out of range. */
function page<T>(rows: T[], query: Record<string, string>, order: 'asc' | 'desc'): { rows: T[]; meta: Attrs } | Answer {
  const p = Number(query['pagination[page]'] ?? 1);
  const limit = Number(query['pagination[limit]'] ?? 10);
  if (!Number.isInteger(p) || p < 1 || !Number.isInteger(limit) || limit < 1 || limit > 100) {
    return {
      status: 400,
      body: errorBody('bad_request', 'Bad Request', [
        `pagination: page counts from 1 and limit is 1 to 100 (${DOC.reference})`,
      ]),
    };
  }
  const sorted = order === 'asc' ? rows : [...rows].reverse();
  return {
    rows: sorted.slice((p - 1) * limit, p * limit),
    meta: { limit, page: p, total: rows.length, order_by: 'inserted_at', order_direction: order },
  };
}

const orderOf = (query: Record<string, string>): 'asc' | 'desc' =>
  query['order[inserted_at]'] === 'asc' ? 'asc' : 'desc';

/**
 * A booking revision with every documented member (DOC.bookings, "Booking Revision"); `over`
 * replaces any of them. Rooms may carry `room_type_id: null` and `rate_plan_id: null`: "Null if
 * the room is not mapped".
 */
export function addRevision(s: ChannexState, over: Attrs, seq: number): string {
  const id = over.id ?? randomUUID();
  const attrs: Attrs = {
    id,
    property_id: null,
    booking_id: randomUUID(),
    unique_id: null,
    system_id: String(seq),
    ota_reservation_code: null,
    ota_name: 'BookingCom',
    status: 'new',
    rooms: [],
    services: [],
    guarantee: null,
    customer: { name: '', surname: '', mail: null, phone: null },
    occupancy: { adults: 1, children: 0, infants: 0 },
    arrival_date: null,
    departure_date: null,
    arrival_hour: null,
    amount: null,
    currency: null,
    notes: null,
    payment_collect: 'ota',
    payment_type: null,
    inserted_at: channexTimestamp(s.now(), seq),
    ...over,
  };
  s.revisions.push({ id, attrs, acked: false });
  return id;
}

/** GET /booking_revisions/feed: revisions not yet acknowledged; `filter[property_id]`, `order[inserted_at]` (DOC.bookings, "Booking Revisions Feed"). */
export function feed(s: ChannexState, query: Record<string, string>): Answer {
  const propertyId = query['filter[property_id]'];
  // The documentation offers `order[inserted_at]=asc` for "the oldest first": the default is not
  // oldest first, so the server answers newest first unless asked.
  const waiting = s.revisions
    .filter((r) => !r.acked && (!propertyId || r.attrs.property_id === propertyId))
    .sort((a, b) => String(a.attrs.inserted_at).localeCompare(String(b.attrs.inserted_at)));
  const got = page(waiting, query, orderOf(query));
  if ('status' in got) return got;
  return {
    status: 200,
    body: { data: got.rows.map((r) => resource('booking_revision', r.id, r.attrs)), meta: got.meta },
  };
}

/** POST /booking_revisions/:id/ack: "Once you have acknowledged a booking this booking revision will not be provided in the feed again." */
export function ack(s: ChannexState, id: string): Answer {
  const rev = s.revisions.find((r) => r.id === id);
  if (!rev) return NOT_FOUND;
  if (!rev.acked) s.acked.push(id);
  rev.acked = true;
  return { status: 200, body: { meta: { message: 'Success' } } };
}

/** A guest's message in a thread, creating the thread with its documented attributes and relationships. */
export function addGuestMessage(
  s: ChannexState,
  threadId: string,
  thread: { property_id: string; booking_id?: string | null; provider: string; title: string },
  text: string,
  seq: number,
): string {
  const t: StoredThread = s.threads.get(threadId) ?? {
    id: threadId,
    propertyId: thread.property_id,
    bookingId: thread.booking_id ?? null,
    messages: [],
    attrs: {
      title: thread.title,
      is_closed: false,
      provider: thread.provider,
      inserted_at: channexTimestamp(s.now(), seq),
    },
  };
  s.threads.set(threadId, t);
  const id = randomUUID();
  t.messages.push({ id, sender: 'guest', message: text, inserted_at: channexTimestamp(s.now(), seq) });
  return id;
}

function threadResource(t: StoredThread) {
  const last = t.messages.at(-1);
  return resource(
    'message_thread',
    t.id,
    {
      ...t.attrs,
      message_count: t.messages.length,
      last_message: last
        ? { attachments: [], inserted_at: last.inserted_at, message: last.message, sender: last.sender }
        : null,
      last_message_received_at: last?.inserted_at ?? null,
      updated_at: last?.inserted_at ?? t.attrs.inserted_at,
    },
    {
      // DOC.messages, "Get Message Thread by ID": the property and booking are relationships, not attributes.
      booking: { data: t.bookingId ? { id: t.bookingId, type: 'booking' } : null },
      channel: { data: { id: `channel-of-${t.propertyId}`, type: 'channel' } },
      property: { data: { id: t.propertyId, type: 'property' } },
    },
  );
}

const messageResource = (t: StoredThread, m: StoredThread['messages'][number]) =>
  resource(
    'message',
    m.id,
    {
      attachments: [],
      inserted_at: m.inserted_at,
      message: m.message,
      sender: m.sender,
      updated_at: m.inserted_at,
    },
    { message_thread: { data: { id: t.id, type: 'message_thread' } } },
  );

/** GET /message_threads/:id, GET and POST /message_threads/:id/messages. */
export function threadRoute(
  s: ChannexState,
  method: string,
  id: string,
  sub: string | undefined,
  query: Record<string, string>,
  body: unknown,
  seq: number,
): Answer {
  const t = s.threads.get(id);
  if (!t) return NOT_FOUND;
  if (!sub && method === 'GET') return { status: 200, body: { data: threadResource(t) } };
  if (sub !== 'messages') return NOT_FOUND;
  if (method === 'GET') {
    const got = page(t.messages, query, orderOf(query));
    if ('status' in got) return got;
    return { status: 200, body: { data: got.rows.map((m) => messageResource(t, m)), meta: got.meta } };
  }
  if (method !== 'POST') return NOT_FOUND;
  // "Send Message to Message Thread": {message: {message}}; a message "Can be empty, if attachments is present".
  const msg = (body as Attrs | null)?.message;
  if (
    !msg ||
    typeof msg !== 'object' ||
    ((typeof msg.message !== 'string' || !msg.message.trim()) && !Array.isArray(msg.attachments))
  ) {
    return { status: 422, body: errorBody('validation_error', 'Validation Error', { message: ["can't be blank"] }) };
  }
  const m = {
    id: randomUUID(),
    sender: 'property' as const,
    message: String(msg.message ?? ''),
    inserted_at: channexTimestamp(s.now(), seq),
  };
  t.messages.push(m);
  return { status: 200, body: { data: messageResource(t, m) } };
}
