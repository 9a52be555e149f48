// Who stands where towards a reservation (contract §6): its guest, the listing's owner, or staff
// (admin, support). Anyone else must not learn it exists, so callers answer them 404.
import { notFound } from '../../platform/errors.ts';
import type { AuthUser } from '../../kernel/caller.ts';

export type ReservationRole = 'guest' | 'owner' | 'admin' | 'support';

export function roleOnReservation(
  user: AuthUser,
  guestId: number | null,
  ownerId: number | null,
): ReservationRole | null {
  if (user.role === 'admin' || user.role === 'support') return user.role;
  if (ownerId !== null && ownerId === user.id) return 'owner';
  if (guestId !== null && guestId === user.id) return 'guest';
  return null;
}

/** The caller's role, or 404 for someone with no business with the reservation. */
export function requireRoleOnReservation(
  user: AuthUser,
  guestId: number | null,
  ownerId: number | null,
): ReservationRole {
  const role = roleOnReservation(user, guestId, ownerId);
  if (!role) throw notFound('Reservation');
  return role;
}
