// GET /reservations/search: the list of GET /reservations narrowed by a reference or a name,
// answered in the lighter variant (guests and price_details as JSON text, total as decimal text).
import type { Deps } from '../../kernel/deps.ts';
import type { PageQuery } from '../../platform/pagination.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { toReservationLight, type ReservationLight } from './reservation-view.ts';
import { checkStayWindow, loadReservationPage, type PageMeta } from './reservation-page.ts';

export interface SearchReservationsQuery extends PageQuery {
  q?: string;
  status?: string;
  from?: string;
  to?: string;
}

export async function searchReservations(
  deps: Deps,
  user: AuthUser,
  q: SearchReservationsQuery,
): Promise<{ data: ReservationLight[]; meta: PageMeta }> {
  checkStayWindow(q);
  // A search box sends what was typed: surrounding spaces are noise, and only spaces is no filter.
  const text = q.q?.trim() || undefined;
  return loadReservationPage(deps, user, { status: q.status, from: q.from, to: q.to, text }, q, toReservationLight);
}
