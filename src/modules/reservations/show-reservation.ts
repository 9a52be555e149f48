// GET /reservations/{id}: the read form, for its guest, the listing's owner, admin and support
// (contract §6); anyone else gets 404 so ids of other people's bookings cannot be probed.
import type { Deps } from '../../kernel/deps.ts';
import { notFound } from '../../platform/errors.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { loadReadForm } from '../properties/index.ts';
import { pricingInputRepository } from './pricing-input.repository.ts';
import { toReservationReadForm, type ReservationReadForm } from './reservation-view.ts';
import { requireRoleOnReservation, type ReservationRole } from './reservation-access.ts';
import { reservationWritesRepository } from './reservations.repository.ts';

export async function showReservation(deps: Deps, user: AuthUser, id: number): Promise<ReservationReadForm> {
  return (await showReservationWithRole(deps, user, id)).reservation;
}

/** The same, with the caller's part in it (the reservation page offers "pay" to its guest only). */
export async function showReservationWithRole(
  deps: Deps,
  user: AuthUser,
  id: number,
): Promise<{ reservation: ReservationReadForm; role: ReservationRole }> {
  const repo = reservationWritesRepository(deps.db);
  const reservation = await repo.findById(id);
  if (!reservation) throw notFound('Reservation');
  const found = await pricingInputRepository(deps.db).property(reservation.propertyId);
  if (!found) throw notFound('Reservation');
  const role = requireRoleOnReservation(user, reservation.guestId, found.property.ownerId);
  const [lines, property] = await Promise.all([repo.rooms(id), loadReadForm(deps, found.property, user)]);
  return { reservation: toReservationReadForm(reservation, lines, property), role };
}
