// The nights a listing sells, for a module that books outside these use cases (a travel
// platform's booking: channel/apply-booking-revision.ts). The same conditional holds, releases
// and lock order as the direct paths, so both kinds of change queue up on the same rows instead
// of overselling or deadlocking; every function runs in the caller's transaction (or savepoint).
import type { Executor } from '../../db/connection.ts';
import { inventoryRepository, type UnitNights } from './inventory.repository.ts';

export type { UnitNights };

/** Creates any missing night rows of these stays and locks them all in the one fixed order, before any count moves. */
export async function lockStayNights(
  tx: Executor,
  propertyId: number,
  roomTypeIds: number[],
  stays: Array<{ from: string; to: string }>,
): Promise<void> {
  await inventoryRepository(tx).lockStays(propertyId, roomTypeIds, stays);
}

/** Takes the units on every night of the stay, or returns false (the caller must roll back what it took). */
export async function holdNights(tx: Executor, u: UnitNights): Promise<boolean> {
  return inventoryRepository(tx).hold(u);
}

/** Gives back the units on every night of the stay; returns the nights changed. */
export async function releaseNights(tx: Executor, u: Omit<UnitNights, 'defaultAvailable'>): Promise<number> {
  return inventoryRepository(tx).release(u);
}
