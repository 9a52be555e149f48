import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../kernel/deps.ts';
import { availabilityRoutes } from './availability.routes.ts';
import { changeReservationRoutes } from './change-reservation.routes.ts';
import { createReservationRoutes } from './create-reservation.routes.ts';
import { listReservationsRoutes } from './list-reservations.routes.ts';
import { previewRoutes } from './preview.routes.ts';
import { reservationsRoutes } from './reservations.routes.ts';

export { newBookingRef } from './booking-ref.ts';
export { holdNights, lockStayNights, releaseNights, type UnitNights } from './night-inventory.ts';
export { flatSnapshot, type ReservationReadForm } from './reservation-view.ts';
export { releaseUnpaidNights, type FailedPayment } from './release-unpaid-nights.ts';
export { showReservation, showReservationWithRole } from './show-reservation.ts';
export { showReservations } from './show-reservations.ts';
export { cancelReservation } from './cancel-reservation.ts';
export { settlePaidReservation, type ReceivedPayment, type Settlement } from './settle-paid-reservation.ts';

/** Reservations: price preview, booking, lists and search, changes and cancellation, reviews of completed stays, the dashboard. */
export async function reservationsModule(app: FastifyInstance, opts: { deps: Deps }) {
  await app.register(previewRoutes, opts);
  await app.register(availabilityRoutes, opts);
  await app.register(reservationsRoutes, opts);
  await app.register(createReservationRoutes, opts);
  await app.register(changeReservationRoutes, opts);
  await app.register(listReservationsRoutes, opts);
}
