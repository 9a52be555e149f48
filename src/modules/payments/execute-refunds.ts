// Executes requested refunds through the processor (contract §7): cancellations, shorter stays
// and late payments write a refund request; this job pays it back, retried with backoff until
// it succeeds, never twice.
//
// Why it cannot pay twice: a run first claims due refunds in a short transaction (SKIP LOCKED,
// and their next attempt pushed past a lease, so a parallel run takes others); the processor is
// called outside any transaction (no row lock held over a network call, and the embedded
// database's single connection stays free for the processor's own writes); the result is
// recorded in a second transaction only if the refund is still unfinished. Each processor call
// carries the key `refund-<refund id>-<payment id>`, and the split over payments is computed
// from recorded state only, so a run that dies after the processor refunded but before
// recording repeats exactly the same calls on the next pass and gets the first refunds back.
//
// Which payment gives back how much is the refund's plan, fixed when it was requested (a
// superseded or late payment gives back itself; otherwise the booking's captured payments,
// newest first), so every attempt sends the same parameters under the same key. Requests from
// before plans were kept are split here from recorded state, as they always were. A payment
// becomes `refunded` when fully given back, else `partially_refunded`.
import type { Deps } from '../../kernel/deps.ts';
import type { RefundPart } from '../../db/schema/index.ts';
import { publishAfterCommit } from '../../platform/after-commit.ts';
import { platformRepository } from '../../platform/platform.repository.ts';
import { formatMinor } from '../../kernel/money.ts';
import { currencyDecimals } from '../catalog/index.ts';
import type { PaymentRow } from './payments.repository.ts';
import { AMOUNT_MISMATCH } from './record-mismatched-payment.ts';
import { refundsRepository, type RefundRow } from './refunds.repository.ts';

export const EXECUTE_REFUNDS_JOB = 'execute-refunds';
const MAX_BACKOFF_MS = 3600_000;
/** How long a claimed refund is left to its run before another run may take it over. */
const LEASE_MS = 5 * 60_000;

export async function executeRefunds(deps: Deps, batchSize = 20): Promise<{ succeeded: number; failed: number }> {
  const out = { succeeded: 0, failed: 0 };
  for (;;) {
    const now = deps.clock.now();
    const claimed = await claim(deps, now, batchSize);
    for (const refund of claimed) {
      try {
        if (await executeOne(deps, refund)) out.succeeded++;
      } catch (err) {
        out.failed++;
        const attempts = refund.attempts + 1;
        const wait = Math.min(MAX_BACKOFF_MS, 30_000 * 2 ** (attempts - 1));
        deps.log.warn({ err, refundId: refund.id, attempts }, 'refund attempt failed; will retry');
        await refundsRepository(deps.db).recordFailure(refund.id, {
          attempts,
          lastError: err instanceof Error ? err.message.slice(0, 500) : String(err),
          nextAttemptAt: new Date(deps.clock.now().getTime() + wait),
        });
      }
    }
    if (claimed.length < batchSize) break;
  }
  if (out.succeeded) publishAfterCommit(deps);
  return out;
}

/** Takes due refunds for this run: locked, then leased (next attempt pushed out) and committed. */
async function claim(deps: Deps, now: Date, batchSize: number) {
  return deps.db.transaction((tx) =>
    refundsRepository(tx).claimDue(now, batchSize, new Date(now.getTime() + LEASE_MS)),
  );
}

/** Calls the processor for each part, then records them all at once; false if another run finished it. */
async function executeOne(deps: Deps, refund: RefundRow): Promise<boolean> {
  const captured = await refundsRepository(deps.db).capturedPayments(refund.reservationId);
  const plan = refund.plan ?? legacyPlan(captured, refund.amountMinor);
  const parts: Array<{ paymentId: number; amount: number; processorId: string }> = [];
  for (const part of plan) {
    const payment = captured.find((c) => c.id === part.paymentId);
    if (!payment) throw new Error(`payment ${part.paymentId} of refund ${refund.id} is not a captured payment`);
    const result = await deps.payments.refund(
      { paymentId: payment.processorPaymentId!, amountMinor: part.amountMinor, reason: refund.reason },
      `refund-${refund.id}-${payment.id}`,
    );
    if (result.status === 'failed') throw new Error(`the processor refused refund ${result.id}`);
    parts.push({ paymentId: payment.id, amount: part.amountMinor, processorId: result.id });
  }
  const left = refund.amountMinor - parts.reduce((n, p) => n + p.amount, 0);
  if (left > 0) throw new Error(`no captured payment left to refund ${left} minor units of ${refund.currency} from`);

  const done = await deps.db.transaction(async (tx) => {
    const repo = refundsRepository(tx);
    const current = await repo.lock(refund.id);
    if (!current || current.status === 'succeeded') return false;
    const now = deps.clock.now();
    for (const part of parts) await repo.addPaymentRefunded(part.paymentId, part.amount, now);
    await repo.markSucceeded(refund.id, {
      attempts: current.attempts + 1,
      completedAt: now,
      processorRefundId: parts.map((p) => p.processorId).join(','),
    });
    // A mismatched payment never counted towards the booking: its sums never held this money.
    if (refund.reason !== AMOUNT_MISMATCH)
      await repo.addReservationRefunded(refund.reservationId, refund.amountMinor, now);
    const booking = await repo.reservationRef(refund.reservationId);
    await platformRepository(tx).insertEvent('refund.succeeded', {
      refund_id: refund.id,
      reservation_id: refund.reservationId,
      guest_id: booking?.guestId ?? null,
      property_id: booking?.propertyId ?? null,
      booking_ref_code: booking?.ref ?? null,
      amount: formatMinor(refund.amountMinor, await currencyDecimals(tx, refund.currency)),
      currency: refund.currency,
      reason: refund.reason,
    });
    return true;
  });
  return done;
}

/** The split of a refund requested before plans were kept: newest payments first, each at most what is left of it. */
function legacyPlan(captured: PaymentRow[], amountMinor: number): RefundPart[] {
  const plan: RefundPart[] = [];
  let left = amountMinor;
  for (const p of captured) {
    if (left <= 0) break;
    const part = Math.min(left, p.amountMinor - p.refundedMinor);
    if (part > 0) plan.push({ paymentId: p.id, amountMinor: part });
    left -= Math.max(0, part);
  }
  return plan;
}
