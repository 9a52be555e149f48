// The answer to a booking retried with the Idempotency-Key of a first attempt that committed but
// died before answering (its process was killed): the reservation it made, as that attempt would
// have answered, instead of a second booking.
import type { Deps } from '../../kernel/deps.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import type { CreatedReservation } from './create-reservation.ts';
import { pricingInputRepository } from './pricing-input.repository.ts';
import { reservationWritesRepository } from './reservations.repository.ts';

export async function replayReservation(
  deps: Deps,
  user: AuthUser,
  reservationId: number,
): Promise<CreatedReservation> {
  const repo = reservationWritesRepository(deps.db);
  const reservation = await repo.findById(reservationId);
  // The key is the caller's own (scoped per user), so this holds unless the row was since removed.
  if (!reservation || reservation.guestId !== user.id) throw new AppError('NOT_FOUND', 'Reservation not found');
  const found = await pricingInputRepository(deps.db).property(reservation.propertyId);
  if (!found) throw new AppError('NOT_FOUND', 'Property not found');
  return { reservation, lines: await repo.rooms(reservation.id), property: found.property };
}
