// The body of a delivery (contract §12): {type, timestamp, data}, data being the resource as its
// own read route shows it to the subscriber. A reservation is the read form GET /reservations/{id}
// answers that subscriber (the same use case, with the subscriber as the caller), so an owner
// never receives what that route would not show them. Payments, refunds, payouts and messages
// have no read route of their own: they are the members their events carry, which their
// subscriber already may see (the reservation's money, their own payout, a message to them).
// A batch's bodies are made together: the reservations of one subscriber are read in one go
// (showReservations: a fixed number of queries however many), not one read route call each.
import type { AuthUser, Role } from '../../kernel/caller.ts';
import type { Deps } from '../../kernel/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { showReservations, type ReservationReadForm } from '../reservations/index.ts';
import { PING } from './webhook-events.ts';

type Data = Record<string, unknown>;

const pick = (d: Data, keys: string[]) => Object.fromEntries(keys.filter((k) => k in d).map((k) => [k, d[k]]));

/** The subscriber as a caller of the read routes (no session: it is never authenticated with). */
function asCaller(subscriber: { userId: number; role: string }): AuthUser {
  return {
    id: subscriber.userId,
    role: subscriber.role as Role,
    sessionId: 'webhook',
    loginType: 'webhook',
    sessionCreatedAt: new Date(0),
    jti: 'webhook',
  };
}

const RESERVATION_EVENTS = new Set([
  'reservation.created',
  'reservation.confirmed',
  'reservation.modified',
  'reservation.cancelled',
]);

/** The data of an event that carries what its subscriber may see (every type but reservations). */
function eventData(type: string, d: Data): unknown {
  switch (type) {
    case 'payment.received':
      return { id: d.payment_id, ...pick(d, ['reservation_id', 'booking_ref_code', 'amount', 'currency', 'type']) };
    case 'payment.refunded':
      return { id: d.refund_id, ...pick(d, ['reservation_id', 'booking_ref_code', 'amount', 'currency', 'reason']) };
    case 'payout.paid':
      return { id: d.payout_id, ...pick(d, ['owner_id', 'amount', 'currency']) };
    case 'message.received':
      return {
        id: d.message_id,
        ...pick(d, [
          'sender_id',
          'receiver_id',
          'sender_name',
          'content',
          'kind',
          'created_at',
          'reservation_id',
          'attachment',
        ]),
      };
    case PING:
      return pick(d, ['endpoint_id']);
    default:
      return d;
  }
}

export interface PayloadSource {
  /** The delivery's id, the key of its body in the answer. */
  id: number;
  type: string;
  occurredAt: string;
  payload: Data;
  subscriber: { userId: number; role: string };
}

/**
 * The body of each delivery, or the Error that says why nothing may be sent (the reservation is
 * gone or no longer the subscriber's: the read route would answer 404).
 */
export async function webhookBodies(deps: Deps, sources: PayloadSource[]): Promise<Map<number, string | Error>> {
  const wanted = new Map<number, { subscriber: PayloadSource['subscriber']; ids: number[] }>();
  for (const s of sources) {
    if (!RESERVATION_EVENTS.has(s.type)) continue;
    const entry = wanted.get(s.subscriber.userId) ?? { subscriber: s.subscriber, ids: [] };
    entry.ids.push(Number(s.payload.reservation_id));
    wanted.set(s.subscriber.userId, entry);
  }
  const forms = new Map<number, Map<number, ReservationReadForm>>();
  for (const [userId, { subscriber, ids }] of wanted) {
    const valid = ids.filter((id) => Number.isSafeInteger(id) && id > 0);
    forms.set(userId, await showReservations(deps, asCaller(subscriber), valid));
  }
  const bodies = new Map<number, string | Error>();
  for (const s of sources) {
    const data = RESERVATION_EVENTS.has(s.type)
      ? forms.get(s.subscriber.userId)?.get(Number(s.payload.reservation_id))
      : eventData(s.type, s.payload);
    bodies.set(s.id, data === undefined ? notFound('Reservation') : webhookBody(s.type, s.occurredAt, data));
  }
  return bodies;
}

export function webhookBody(type: string, occurredAt: string, data: unknown): string {
  return JSON.stringify({ type, timestamp: occurredAt, data });
}
