// Runs a change that moves a reservation's nights (modification, cancellation) in one
// transaction, retried when PostgreSQL breaks a lock cycle with another change of the same
// nights, then refreshes the listing's cached calendar, expires at the processor the checkouts
// the change superseded, and publishes the change's events.
import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import type { Tx } from '../../db/connection.ts';
import { afterCommit, expireCheckouts, publishAfterCommit } from '../../platform/after-commit.ts';
import { isDeadlock } from '../../db/db-errors.ts';
import { notFound } from '../../platform/errors.ts';
import { pricingInputRepository } from './pricing-input.repository.ts';
import { requireRoleOnReservation } from './reservation-access.ts';
import { reservationChangesRepository } from './reservation-changes.repository.ts';

const ATTEMPTS = 3;

export interface NightsChange {
  reservation: { propertyId: number };
  /** Checkout sessions the change made unpayable (supersedeCheckouts), expired after commit. */
  supersededSessions: string[];
}

export async function commitNightsChange<T extends NightsChange>(deps: Deps, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      const done = await deps.db.transaction(work);
      await afterCommit(deps, 'listing change', () => deps.listings.changed(done.reservation.propertyId, 'nights'));
      await expireCheckouts(deps, done.supersededSessions);
      publishAfterCommit(deps);
      return done;
    } catch (err) {
      if (!isDeadlock(err) || attempt >= ATTEMPTS) throw err;
    }
  }
}

/**
 * A change's first step: the reservation under its row lock, its listing (and the decimals of the
 * listing's currency), and the caller's role on it; 404 for a caller with no business with it.
 */
export async function lockForChange(tx: Tx, user: AuthUser, id: number) {
  const locked = await reservationChangesRepository(tx).lock(id);
  if (!locked) throw notFound('Reservation');
  const listing = await pricingInputRepository(tx).property(locked.propertyId);
  if (!listing) throw notFound('Reservation');
  const { property, decimals } = listing;
  const role = requireRoleOnReservation(user, locked.guestId, property.ownerId);
  return { locked, property, currencyDecimals: decimals, role };
}
