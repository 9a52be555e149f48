// Several reservations' read forms for one caller, each as GET /reservations/{id} shows it to
// them (show-reservation.ts), in a fixed number of queries whatever their number (rows, listings,
// room lines, the listings' read forms): the outgoing webhooks make a batch of payloads with it.
// A reservation that is gone, or that the caller has no business with, is left out.
import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { findPropertiesByIds } from '../properties/index.ts';
import { roleOnReservation } from './reservation-access.ts';
import { reservationListRepository } from './reservation-list.repository.ts';
import { reservationViews } from './reservation-page.ts';
import { toReservationReadForm, type ReservationReadForm } from './reservation-view.ts';

export async function showReservations(
  deps: Deps,
  user: AuthUser,
  ids: readonly number[],
): Promise<Map<number, ReservationReadForm>> {
  const rows = await reservationListRepository(deps.db).byIds([...new Set(ids)]);
  if (!rows.length) return new Map();
  const properties = await findPropertiesByIds(deps.db, [...new Set(rows.map((r) => r.propertyId))]);
  const ownerOf = new Map(properties.map((p) => [p.id, p.ownerId]));
  const visible = rows.filter((r) => {
    const ownerId = ownerOf.get(r.propertyId);
    return ownerId !== undefined && roleOnReservation(user, r.guestId, ownerId) !== null;
  });
  const shownListings = new Set(visible.map((r) => r.propertyId));
  const listings = properties.filter((p) => shownListings.has(p.id));
  const forms = await reservationViews(deps, user, {
    rows: visible,
    properties: listings,
    view: toReservationReadForm,
  });
  return new Map(visible.map((r, i) => [r.id, forms[i]!]));
}
