// The owner's share of a reservation, kept in the earnings ledger (contract §7).
//
// The ledger holds deltas: after any change of what the platform holds for a booking (a payment,
// a refund request, a modification) the reservation's target earning is recomputed and the
// difference written as one line — positive 'earning', negative 'reversal'. Lines are never
// edited, so a line already paid out stays paid and a later reversal lowers the owner's next
// balance instead.
//
//   full    = sub_total − service_fee_total − commission,
//   commission = PLATFORM_COMMISSION_PERCENT × (sub_total − service_fee_total), half-up;
//   target  = full × min(1, held / total), rounded down, held = paid − refunds requested.
//
// So a fully paid stay earns `full`; a cancelled one earns the owner's share of what the guest
// did not get back; tax and the service fee always stay with the platform. Reversals are written
// when a refund is requested (not when it completes), so a payout never pays money that is on
// its way back to the guest. Payable PAYOUT_DELAY_HOURS after the check-in instant.
//
// The ledger is what payouts pay from, so it lives here; reservations and payments call it through
// payouts/index.ts inside their own transaction (the ledger follows each change atomically).
import type { Deps } from '../../kernel/deps.ts';
import type { Executor } from '../../db/connection.ts';
import { checkinInstant, percentOf, type PriceBreakdown } from '../pricing/index.ts';
import { ownerEarningsRepository } from './owner-earnings.repository.ts';

export function fullEarning(
  b: Pick<PriceBreakdown, 'sub_total' | 'service_fee_total'>,
  commissionPercent: number,
): { earning: number; commission: number } {
  const base = Math.max(0, b.sub_total - b.service_fee_total);
  const commission = percentOf(base, commissionPercent);
  return { earning: base - commission, commission };
}

/** Writes the delta between the reservation's target earning and its ledger lines; returns it. */
export async function syncOwnerEarnings(
  deps: Pick<Deps, 'config'>,
  tx: Executor,
  reservationId: number,
  sourceRef: string,
  at: Date,
): Promise<number> {
  const repo = ownerEarningsRepository(tx);
  const r = await repo.reservationTerms(reservationId);
  if (!r) return 0;
  // What the platform holds, as the reservation counts it: money refunded without ever being
  // counted (a payment of the wrong amount, refunded in full) is in neither sum.
  const held = Math.max(0, r.paid - r.refundRequested);
  const breakdown = (r.snapshot as { breakdown?: PriceBreakdown }).breakdown;
  if (!breakdown || r.total <= 0) return 0;
  const { earning, commission } = fullEarning(breakdown, deps.config.PLATFORM_COMMISSION_PERCENT);
  const share = Math.min(1, held / r.total);
  const target = Math.floor(earning * share);
  const delta = target - (await repo.booked(reservationId));
  if (delta === 0) return 0;
  const time = (r.rules as { check_in_time?: string | null }).check_in_time ?? r.checkInTime ?? '15:00:00';
  const payableAt = new Date(
    checkinInstant(r.checkinDate, time, r.timezone).getTime() + deps.config.PAYOUT_DELAY_HOURS * 3_600_000,
  );
  await repo.insertLine({
    ownerId: r.ownerId,
    reservationId,
    kind: delta > 0 ? 'earning' : 'reversal',
    sourceRef,
    currency: r.currency,
    amountMinor: delta,
    commissionMinor: delta > 0 ? Math.floor(commission * share) : 0,
    payableAt,
    createdAt: at,
  });
  return delta;
}
