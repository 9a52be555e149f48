// Executes requested refunds through the processor (contract §7): cancellations, shorter stays
// and late payments write a refund request; this job pays it back, retried with backoff until
// it succeeds, never twice.
//
// Why it cannot pay twice: each refund row is locked (SKIP LOCKED, so parallel runs split the
// work), and each processor call carries the key `refund-<refund id>-<payment id>`: a run that
// dies after the processor refunded but before commit repeats the same call on the next pass
// and gets the first refund back instead of a second one.
//
// A refund is taken from the booking's captured payments, newest first, each at most what is
// left of it; a payment becomes `refunded` when fully given back, else `partially_refunded`.
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Deps } from '../../container.ts';
import { payments, refunds, reservations } from '../../db/schema/index.ts';
import { publishAfterCommit } from '../../platform/after-commit.ts';
import { platformRepository } from '../../platform/platform.repository.ts';
import { formatMinor } from '../catalog/money.ts';
import { currencyDecimals } from '../catalog/currencies.repository.ts';

export const EXECUTE_REFUNDS_JOB = 'execute-refunds';
const MAX_BACKOFF_MS = 3600_000;

type Rows<T> = { rows: T[] };

export async function executeRefunds(deps: Deps, batchSize = 20): Promise<{ succeeded: number; failed: number }> {
  const out = { succeeded: 0, failed: 0 };
  for (;;) {
    const now = deps.clock.now();
    const n = await deps.db.transaction(async (tx) => {
      const due = (await tx.execute(sql`
        SELECT id FROM refunds
        WHERE status IN ('pending', 'failed') AND (next_attempt_at IS NULL OR next_attempt_at <= ${now.toISOString()}::timestamptz)
        ORDER BY id LIMIT ${batchSize}
        FOR UPDATE SKIP LOCKED`)) as unknown as Rows<{ id: string | number }>;
      for (const { id } of due.rows) {
        const [refund] = await tx.select().from(refunds).where(eq(refunds.id, Number(id)));
        if (!refund) continue;
        try {
          await executeOne(deps, tx, refund, now);
          out.succeeded++;
        } catch (err) {
          out.failed++;
          const attempts = refund.attempts + 1;
          const wait = Math.min(MAX_BACKOFF_MS, 30_000 * 2 ** (attempts - 1));
          deps.log.warn({ err, refundId: refund.id, attempts }, 'refund attempt failed; will retry');
          await tx.update(refunds).set({
            status: 'failed', attempts, lastError: err instanceof Error ? err.message.slice(0, 500) : String(err),
            nextAttemptAt: new Date(now.getTime() + wait),
          }).where(eq(refunds.id, refund.id));
        }
      }
      return due.rows.length;
    });
    if (n < batchSize) break;
  }
  if (out.succeeded) publishAfterCommit(deps);
  return out;
}

type Tx = Parameters<Parameters<Deps['db']['transaction']>[0]>[0];

async function executeOne(deps: Deps, tx: Tx, refund: typeof refunds.$inferSelect, now: Date): Promise<void> {
  const captured = await tx.select().from(payments)
    .where(and(eq(payments.reservationId, refund.reservationId), inArray(payments.status, ['paid', 'partially_refunded']), isNotNull(payments.processorPaymentId)))
    .orderBy(desc(payments.paidAt), desc(payments.id));
  let left = refund.amountMinor;
  const ids: string[] = [];
  for (const p of captured) {
    if (left <= 0) break;
    const part = Math.min(left, p.amountMinor - p.refundedMinor);
    if (part <= 0) continue;
    const result = await deps.payments.refund(
      { paymentId: p.processorPaymentId!, amountMinor: part, reason: refund.reason },
      `refund-${refund.id}-${p.id}`,
    );
    if (result.status === 'failed') throw new Error(`the processor refused refund ${result.id}`);
    ids.push(result.id);
    const refunded = p.refundedMinor + part;
    await tx.update(payments).set({
      refundedMinor: refunded, status: refunded >= p.amountMinor ? 'refunded' : 'partially_refunded', updatedAt: now,
    }).where(eq(payments.id, p.id));
    left -= part;
  }
  if (left > 0) throw new Error(`no captured payment left to refund ${left} minor units of ${refund.currency} from`);
  await tx.update(refunds).set({ status: 'succeeded', attempts: refund.attempts + 1, completedAt: now, processorRefundId: ids.join(','), lastError: null })
    .where(eq(refunds.id, refund.id));
  await tx.update(reservations).set({ refundedMinor: sql`${reservations.refundedMinor} + ${refund.amountMinor}`, updatedAt: now })
    .where(eq(reservations.id, refund.reservationId));
  const [r] = await tx.select({ guestId: reservations.guestId, propertyId: reservations.propertyId, ref: reservations.bookingRefCode }).from(reservations).where(eq(reservations.id, refund.reservationId));
  await platformRepository(tx).insertEvent('refund.succeeded', {
    refund_id: refund.id, reservation_id: refund.reservationId, guest_id: r?.guestId ?? null, property_id: r?.propertyId ?? null,
    booking_ref_code: r?.ref ?? null, amount: formatMinor(refund.amountMinor, await currencyDecimals(tx, refund.currency)), currency: refund.currency, reason: refund.reason,
  });
}
