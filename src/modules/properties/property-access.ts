// Who may see and who may change a listing. Public = active and visible; drafts, inactive,
// hidden and archived listings exist only for their owner, admin and support.
import type { Executor } from '../../db/connection.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { propertiesRepository, type PropertyRow } from './properties.repository.ts';

export function isPublic(p: PropertyRow): boolean {
  return p.status === 'active' && p.visibility;
}

export function isStaff(caller: AuthUser | null): boolean {
  return caller?.role === 'admin' || caller?.role === 'support';
}

/** Whether the caller may see the listing at all (others get 404). */
export function canSee(p: PropertyRow, caller: AuthUser | null): boolean {
  return isPublic(p) || isStaff(caller) || (caller !== null && caller.id === p.ownerId);
}

/** Loads a listing the caller may see; 404 otherwise (a hidden listing is not acknowledged). */
export async function loadVisibleProperty(db: Executor, id: number, caller: AuthUser | null): Promise<PropertyRow> {
  const listing = await propertiesRepository(db).findById(id);
  if (!listing || !canSee(listing, caller)) throw new AppError('NOT_FOUND', 'Property not found');
  return listing;
}

/**
 * Loads a listing the caller may change: its owner or an admin. Someone who can see it but
 * not change it gets 403; someone who cannot see it, 404.
 */
export async function loadPropertyForWrite(db: Executor, id: number, caller: AuthUser): Promise<PropertyRow> {
  const listing = await propertiesRepository(db).findById(id);
  if (!listing || !canSee(listing, caller)) throw new AppError('NOT_FOUND', 'Property not found');
  if (caller.role !== 'admin' && caller.id !== listing.ownerId)
    throw new AppError('FORBIDDEN', 'Only the owner of this property or an admin may change it');
  return listing;
}
