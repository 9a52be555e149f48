// Who may read and who may change a listing's pricing rules, and the one way rules are written:
// inside a transaction holding the listing's row lock.
import type { Deps } from '../../kernel/deps.ts';
import type { Executor } from '../../db/connection.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { currencyDecimals } from '../catalog/index.ts';
import { loadPropertyForWrite, loadVisibleProperty, type PropertyRow } from '../properties/index.ts';
import { propertyRulesRepository } from './property-rules.repository.ts';

export interface RuleContext {
  property: PropertyRow;
  /** Minor-unit exponent of the listing currency: how amounts are converted both ways. */
  decimals: number;
}

/** The listing's owner and admins manage its rules and see all of them. */
export function managesListing(p: PropertyRow, caller: AuthUser | null): boolean {
  return caller !== null && (caller.role === 'admin' || caller.id === p.ownerId);
}

/**
 * A listing whose rules the caller may read: anyone who can see it (others 404); rules meant
 * for its managers only (promo codes) → 403 for everyone else who can see it.
 */
export async function loadForRead(
  deps: Deps,
  propertyId: number,
  caller: AuthUser | null,
  managersOnly: boolean,
): Promise<RuleContext> {
  const property = await loadVisibleProperty(deps.db, propertyId, caller);
  if (managersOnly && !managesListing(property, caller))
    throw forbidden('Only the owner of this listing or an admin may see its promo codes');
  return { property, decimals: await currencyDecimals(deps.db, property.currencyCode) };
}

/** A listing whose rules the caller may change: its owner or an admin (403 if they can see it, else 404). */
export async function loadForChange(deps: Deps, propertyId: number, caller: AuthUser): Promise<RuleContext> {
  const property = await loadPropertyForWrite(deps.db, propertyId, caller);
  assertNotArchived(property.status);
  return { property, decimals: await currencyDecimals(deps.db, property.currencyCode) };
}

function assertNotArchived(status: string): void {
  if (status === 'archived')
    throw new AppError(
      'CONFLICT',
      'This listing is archived (deleted with reservation history); its rules can no longer change',
    );
}

/**
 * Runs a rule write in one transaction that first locks the listing row, so writes to one
 * listing's rules happen one after another and a check against its other rules (season
 * overlap, code clash) holds until commit. The listing is re-checked under the lock: deleted
 * meanwhile → 404, archived → 409.
 */
export async function writeUnderLock<R>(
  deps: Deps,
  propertyId: number,
  write: (tx: Executor) => Promise<R>,
): Promise<R> {
  return deps.db.transaction(async (tx) => {
    const locked = await propertyRulesRepository(tx).lockProperty(propertyId);
    if (!locked) throw notFound('Property');
    assertNotArchived(locked.status);
    return write(tx);
  });
}
