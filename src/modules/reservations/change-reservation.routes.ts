// PUT /reservations/{id} and POST /reservations/{id}/cancel. Thin handlers: input → use case → view.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../../kernel/deps.ts';
import { currentUser } from '../../platform/auth.ts';
import { errorResponses, ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { loadReadForm } from '../properties/index.ts';
import { cancelReservation } from './cancel-reservation.ts';
import * as S from './create-reservation.schemas.ts';
import { modifyReservation } from './modify-reservation.ts';
import { pricingInputRepository } from './pricing-input.repository.ts';
import { toModificationResult, toReservationReadForm } from './reservation-view.ts';

const security = [{ bearer: [] }];

export async function changeReservationRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.put(
    '/reservations/:id',
    {
      config: { auth: 'required', idempotent: true },
      schema: {
        operationId: 'modifyReservation',
        tags: ['reservations'],
        summary: 'Change the dates, rooms or guests of a reservation',
        security,
        description:
          'Guest, listing owner or admin (support: 403; anyone else: 404). Only a pending or confirmed reservation whose check-in day (listing time ' +
          'zone) has not come yet (409 otherwise; 409 too when a pending hold has lapsed). Omitted members keep their booked value. The stay is ' +
          "re-priced at current rates and rules with the booking's own extras (offer, packages, services, and its promo without counting another " +
          'use; extras deleted since are dropped); the cancellation policy stays the booked one. Nights move atomically: if any new night is taken → ' +
          '409 DATES_UNAVAILABLE and nothing changes; stay rules and capacity → 422 per field. Open checkouts: every accepted change moves the ' +
          'reservation to a new version, and every checkout opened before it is superseded in the same transaction (payment status expired) and ' +
          'expired at the processor right after (the local page then says the checkout has expired and takes no money). A payment that still ' +
          'lands on a superseded checkout is never counted: it is refunded in full, once (refund reason superseded). Money: a pending booking ' +
          'just gets the new total, paid through a new checkout. On a confirmed booking the new total is compared with what the platform holds ' +
          '(paid − refunds requested): a surplus → needs_additional_payment, pricing.additional_due and one pending payment of type additional for ' +
          'the new version; a shortfall → refund_initiated and refund_amount, the whole difference, requested from the processor. pricing also ' +
          'carries paid_amount, refund_due and price_difference. No night without money or a deadline: a surplus on a confirmed booking is ' +
          'applied at once but holds the added nights only until RESERVATION_HOLD_SECONDS after the first unpaid change (a further change keeps ' +
          'that deadline; the stay as paid for keeps its nights meanwhile, and the additional checkout ends with the deadline). Unpaid then, the ' +
          'change is reverted: the stay goes back to what was paid for, the added nights are released, guest and owner are told, and a payment ' +
          'that still lands is refunded in full (refunded_late). Honours Idempotency-Key.',
        params: S.ReservationParams,
        body: S.ModifyBody,
        response: { 200: S.ModificationResponse, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (req) => {
      const b = req.body;
      if (
        b.checkin_date === undefined &&
        b.checkout_date === undefined &&
        b.rooms === undefined &&
        b.guests === undefined
      ) {
        throw new AppError('VALIDATION_FAILED', 'Nothing to change', {
          body: ['give at least one of checkin_date, checkout_date, rooms, guests'],
        });
      }
      const done = await modifyReservation(deps, currentUser(req), req.params.id, {
        checkin: b.checkin_date,
        checkout: b.checkout_date,
        rooms: b.rooms?.map((l) => ({
          roomTypeId: l.room_type_id,
          ratePlanId: l.rate_plan_id,
          roomsCount: l.rooms_count,
        })),
        guests: b.guests,
      });
      return ok(toModificationResult(done.reservation), 'Reservation updated');
    },
  );

  r.post(
    '/reservations/:id/cancel',
    {
      config: { auth: 'required', idempotent: true },
      schema: {
        operationId: 'cancelReservation',
        tags: ['reservations'],
        summary: 'Cancel a reservation',
        security,
        description:
          'Guest, listing owner, admin or support (anyone else: 404). Only pending or confirmed (409 otherwise, also on a second cancel). The nights ' +
          'go back on sale in the same transaction. Refund of what the platform holds for the booking: in full when the owner or an admin cancels; ' +
          'otherwise by the cancellation policy kept at booking (flexible: full until 24 h before check-in; moderate: full until 5 days before; ' +
          'strict: full within 48 h of booking if check-in is ≥ 14 days away, else 50 % until 7 days before; the most generous policy listed wins), ' +
          "the check-in instant taken in the listing's time zone. An unpaid booking refunds nothing. Open checkouts of the booking (its own or an " +
          'additional payment) are superseded in the same transaction and expired at the processor right after; a payment that still lands on ' +
          'one is refunded in full, once. Answers the read form with refund_initiated ' +
          'and refund_amount (currency units); the refund itself is executed by the payment processor.',
        params: S.ReservationParams,
        body: S.CancelBody,
        response: { 200: S.ReservationResponse, ...errorResponses(401, 404, 409) },
      },
    },
    async (req) => {
      const user = currentUser(req);
      const done = await cancelReservation(deps, user, req.params.id, req.body?.reason?.trim() || null);
      const found = await pricingInputRepository(deps.db).property(done.reservation.propertyId);
      const property = await loadReadForm(deps, found!.property, user);
      return ok(toReservationReadForm(done.reservation, done.lines, property), 'Reservation cancelled');
    },
  );
}
