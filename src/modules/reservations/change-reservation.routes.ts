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
import { DESCRIPTIONS } from './reservations.docs.ts';

const security = [{ bearer: [] }];

export async function changeReservationRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.put(
    '/reservations/:id',
    {
      config: { auth: 'required', idempotent: true },
      schema: {
        operationId: 'modifyReservation',
        tags: ['reservations'],
        summary: 'Change the dates, rooms or guests of a reservation',
        security,
        description: DESCRIPTIONS.modifyReservation,
        params: S.ReservationParams,
        body: S.ModifyBody,
        response: { 200: S.ModificationResponse, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (req) => {
      const body = req.body;
      if (
        body.checkin_date === undefined &&
        body.checkout_date === undefined &&
        body.rooms === undefined &&
        body.guests === undefined
      ) {
        throw new AppError('VALIDATION_FAILED', 'Nothing to change', {
          body: ['give at least one of checkin_date, checkout_date, rooms, guests'],
        });
      }
      const done = await modifyReservation(deps, currentUser(req), req.params.id, {
        checkin: body.checkin_date,
        checkout: body.checkout_date,
        rooms: body.rooms?.map((l) => ({
          roomTypeId: l.room_type_id,
          ratePlanId: l.rate_plan_id,
          roomsCount: l.rooms_count,
        })),
        guests: body.guests,
      });
      return ok(toModificationResult(done.reservation), 'Reservation updated');
    },
  );

  routes.post(
    '/reservations/:id/cancel',
    {
      config: { auth: 'required', idempotent: true },
      schema: {
        operationId: 'cancelReservation',
        tags: ['reservations'],
        summary: 'Cancel a reservation',
        security,
        description: DESCRIPTIONS.cancelReservation,
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
