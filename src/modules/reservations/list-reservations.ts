// GET /reservations: the caller's reservations in the read form, newest booking first.
import type { Deps } from '../../kernel/deps.ts';
import type { PageQuery } from '../../platform/pagination.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { toReservationReadForm, type ReservationReadForm } from './reservation-view.ts';
import { checkStayWindow, loadReservationPage, type PageMeta } from './reservation-page.ts';

export interface ListReservationsQuery extends PageQuery {
  status?: string;
  property_id?: number;
  from?: string;
  to?: string;
}

export async function listReservations(
  deps: Deps,
  user: AuthUser,
  q: ListReservationsQuery,
): Promise<{ data: ReservationReadForm[]; meta: PageMeta }> {
  checkStayWindow(q);
  return loadReservationPage(
    deps,
    user,
    { status: q.status, propertyId: q.property_id, from: q.from, to: q.to },
    q,
    toReservationReadForm,
  );
}
