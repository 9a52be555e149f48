// A change that added unpaid value to a confirmed stay, left unpaid: reverted at its deadline
// (issue 49; modify-reservation.ts keeps the stay as paid for and its nights until then).
//
// Decisions:
// - the stay goes back to what was paid for: dates, guests, room lines, total and price snapshot;
//   the nights only the change took are released; the open additional request is closed and its
//   checkout expired at the processor after commit;
// - the version is left as it is: a payment that still lands on that checkout finds nothing owed
//   and is refunded in full as late (settle-paid-reservation.ts), never counted;
// - guest and owner are told (reservation.change_reverted); the owner's earnings follow the total;
// - run by the hold-expiry job (each change in its own transaction, locked, SKIP LOCKED so two
//   instances never revert one twice), and at once when the additional payment's delayed method
//   fails (payments/handle-webhook.ts).
import { randomUUID } from 'node:crypto';
import type { Tx } from '../../db/connection.ts';
import type { Deps } from '../../kernel/deps.ts';
import { formatMinor } from '../../kernel/money.ts';
import { afterCommit, expireCheckouts, publishAfterCommit } from '../../platform/after-commit.ts';
import { platformRepository } from '../../platform/platform.repository.ts';
import { syncOwnerEarnings } from '../payouts/index.ts';
import { heldRuns, moveHeldNights, staysHeld } from './held-nights.ts';
import { reservationChangesRepository } from './reservation-changes.repository.ts';
import type { PriceSnapshot } from './reservation-view.ts';
import { reservationWritesRepository } from './reservations.repository.ts';

/**
 * Reverts the reservation's unpaid change, if it has one, in the caller's transaction (the
 * reservation already locked). Returns the checkout sessions to expire after commit, or null
 * when there was nothing to revert.
 */
export async function revertUnpaidChange(
  deps: Deps,
  tx: Tx,
  o: { id: number; now: Date; onlyIfLapsed?: boolean },
): Promise<{ propertyId: number; sessions: string[] } | null> {
  const { id, now } = o;
  const repo = reservationChangesRepository(tx);
  const reservation = await repo.lock(id);
  const paid = reservation?.paidStay;
  if (!reservation || !paid || reservation.status !== 'confirmed') return null;
  // Re-checked under the lock: paid (or changed to owe nothing) meanwhile, nothing lapsed.
  if (o.onlyIfLapsed && !(reservation.changeExpiresAt && reservation.changeExpiresAt <= now)) return null;
  const lines = await reservationWritesRepository(tx).rooms(id);
  await moveHeldNights(
    tx,
    reservation.propertyId,
    heldRuns(staysHeld({ checkin: reservation.checkinDate, checkout: reservation.checkoutDate, lines }, paid)),
    heldRuns([paid]),
  );
  await repo.replaceRooms(id, paid.lines);
  const sessions = await repo.expireAdditionalRequests(id, now);
  const held = reservation.paidMinor - reservation.refundRequestedMinor;
  await repo.update(id, {
    checkinDate: paid.checkin,
    checkoutDate: paid.checkout,
    adults: paid.adults,
    children: paid.children,
    totalMinor: paid.total_minor,
    offerId: paid.offer_id,
    priceSnapshot: paid.price_snapshot,
    paidStay: null,
    changeExpiresAt: null,
    lastModification: {
      old_total: reservation.totalMinor,
      new_total: paid.total_minor,
      paid_amount: held,
      additional_due: 0,
      refund_due: 0,
      price_difference: paid.total_minor - reservation.totalMinor,
      needs_additional_payment: false,
      refund_initiated: false,
      refund_amount: 0,
    },
    updatedAt: now,
  });
  await syncOwnerEarnings(deps, tx, id, `revert:${id}:${randomUUID()}`, now);
  const decimals = (reservation.priceSnapshot as PriceSnapshot).currency?.decimals ?? 2;
  await platformRepository(tx).insertEvent('reservation.change_reverted', {
    reservation_id: id,
    property_id: reservation.propertyId,
    guest_id: reservation.guestId,
    reverted: {
      from: {
        checkin_date: reservation.checkinDate,
        checkout_date: reservation.checkoutDate,
        total: formatMinor(reservation.totalMinor, decimals),
      },
      to: { checkin_date: paid.checkin, checkout_date: paid.checkout, total: formatMinor(paid.total_minor, decimals) },
    },
    currency: reservation.currency,
  });
  return { propertyId: reservation.propertyId, sessions };
}

/** Reverts every change whose deadline passed unpaid, one transaction each; returns how many. */
export async function revertLapsedChanges(deps: Deps, now: Date = deps.clock.now(), batchSize = 100): Promise<number> {
  let total = 0;
  for (;;) {
    const ids = await deps.db.transaction((tx) => reservationChangesRepository(tx).lockLapsedChanges(now, batchSize));
    for (const id of ids) {
      const done = await deps.db.transaction((tx) => revertUnpaidChange(deps, tx, { id, now, onlyIfLapsed: true }));
      if (!done) continue;
      total++;
      await expireCheckouts(deps, done.sessions);
      await afterCommit(deps, 'listing change', () => deps.listings.changed(done.propertyId, 'nights'));
    }
    publishAfterCommit(deps);
    if (ids.length < batchSize) break;
  }
  return total;
}
