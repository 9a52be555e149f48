// What GET /reservations and GET /reservations/search share: who sees what, and turning one
// page of rows into views with a fixed number of queries (rows + total, room lines, listings,
// the listings' read forms), whatever the page size.
import type { Deps } from '../../kernel/deps.ts';
import { invalidField } from '../../platform/errors.ts';
import { pageWindow, type PageQuery } from '../../platform/pagination.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { findPropertiesByIds, loadReadForms, type PropertyReadForm, type PropertyRow } from '../properties/index.ts';
import { reservationListRepository, type ListFilter, type ListScope } from './reservation-list.repository.ts';
import type { ReservationRoomRow, ReservationRow } from './reservations.repository.ts';

export interface PageMeta {
  current_page: number;
  per_page: number;
  total: number;
}

/**
 * The same rule as GET /reservations/{id}: staff see everything; anyone else sees what they
 * booked as a guest plus what was booked on listings they own (for a client, only the former).
 */
export function scopeFor(user: AuthUser): ListScope {
  return user.role === 'admin' || user.role === 'support' ? { kind: 'all' } : { kind: 'guestOrHost', userId: user.id };
}

/** from/to are each valid dates (schema); only their order is left to check. */
export function checkStayWindow(q: { from?: string; to?: string }): void {
  if (q.from && q.to && q.from > q.to) throw invalidField('to', 'must be on or after from');
}

export async function loadReservationPage<V>(
  deps: Deps,
  user: AuthUser,
  filter: Omit<ListFilter, 'scope'>,
  query: PageQuery,
  view: (r: ReservationRow, lines: ReservationRoomRow[], property: PropertyReadForm) => V,
): Promise<{ data: V[]; meta: PageMeta }> {
  const { page, perPage, offset } = pageWindow(query);
  const repo = reservationListRepository(deps.db);
  const { rows, total } = await repo.page({ ...filter, scope: scopeFor(user) }, perPage, offset);
  const properties = await findPropertiesByIds(deps.db, [...new Set(rows.map((r) => r.propertyId))]);
  return {
    data: await reservationViews(deps, user, { rows, properties, view }),
    meta: { current_page: page, per_page: perPage, total },
  };
}

/**
 * Reservation rows as views, with their room lines and their listings' read forms as `user` sees
 * them: two queries whatever the number of rows. `properties` holds every row's listing.
 */
export async function reservationViews<V>(
  deps: Deps,
  user: AuthUser,
  opts: {
    rows: ReservationRow[];
    properties: PropertyRow[];
    view: (r: ReservationRow, lines: ReservationRoomRow[], property: PropertyReadForm) => V;
  },
): Promise<V[]> {
  const { rows, properties, view } = opts;
  const [lines, forms] = await Promise.all([
    reservationListRepository(deps.db).roomLines(rows.map((r) => r.id)),
    loadReadForms(deps, properties, user),
  ]);
  const formById = new Map(properties.map((p, i) => [p.id, forms[i]!]));
  const linesById = new Map<number, ReservationRoomRow[]>();
  for (const l of lines) {
    const list = linesById.get(l.reservationId);
    if (list) list.push(l);
    else linesById.set(l.reservationId, [l]);
  }
  return rows.map((r) => view(r, linesById.get(r.id) ?? [], formById.get(r.propertyId)!));
}
