// Who may see and manage a listing's calendar links (the secret export link, imported calendars).
// Like property-access.ts, except that the calendar links are not part of the public listing:
// only its owner and staff see them (anyone else: 404, even on a public listing); only the owner
// or an admin change them (support, who can see them: 403).
import type { Executor } from '../../db/connection.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { findPropertyById, isStaff, type PropertyRow } from '../properties/index.ts';

/** The listing, if the caller may read its calendar links; 404 otherwise. */
export async function loadCalendarForRead(db: Executor, propertyId: number, caller: AuthUser): Promise<PropertyRow> {
  const p = await findPropertyById(db, propertyId);
  if (!p || !(isStaff(caller) || caller.id === p.ownerId)) throw new AppError('NOT_FOUND', 'Property not found');
  return p;
}

/** The listing, if the caller may change its calendar links: its owner or an admin (support: 403). */
export async function loadCalendarForWrite(db: Executor, propertyId: number, caller: AuthUser): Promise<PropertyRow> {
  const p = await loadCalendarForRead(db, propertyId, caller);
  if (caller.role !== 'admin' && caller.id !== p.ownerId)
    throw new AppError('FORBIDDEN', 'Only the owner of this listing or an admin may change its calendar links');
  return p;
}
