// Sending a payout's transfer and recording what the processor answered; retrying the ones whose
// outcome is unknown. The invariants: money is never sent twice, and never lost.
//
// A payout row and the ledger lines it pays are committed together *before* the transfer is
// asked for (execute-payout.ts), and every attempt for that payout carries the idempotency key
// `payout-<id>` with the same destination, amount, currency and description. So:
//   - success → `paid`, with the processor's transfer id;
//   - ProcessorUnavailableError, or any error we cannot classify → `failed` with last_error. The
//     transfer may or may not have happened, so the lines stay bound to this payout and the next
//     real run sends the SAME payout again under the same key: the processor answers with the
//     first transfer if there was one, or makes it now. Never a new payout for those lines;
//   - ProcessorRejectedError (the processor refused the request: bad destination, unsupported
//     currency…) → `rejected`: nothing moved, so the lines are released (payout_id null) in the
//     same transaction and a later run pays them in a new payout, e.g. once the owner fixed their
//     account. A rejection for a reused idempotency key proves nothing about the first attempt,
//     so it counts as unknown (`failed`), not as a rejection;
//   - a crash between commit and answer leaves the payout `pending`; after STALE_PENDING_MS a run
//     takes it as a retry, exactly like `failed`.
// Retries are claimed with a conditional update, so two runs never send one payout at once.
// Processors forget idempotency keys (Stripe after 24 h): a payout older than RETRY_WINDOW_MS is
// never re-sent automatically, because a forgotten key could turn a retry into a second transfer;
// runs list it under unresolved_payouts for a person to reconcile with the processor.
// The destination is read from the owner at each attempt: set-payout-account.ts refuses to change
// it while the owner has a pending or failed payout, so every attempt goes to the same account.
import type { Deps } from '../../kernel/deps.ts';
import { ProcessorRejectedError } from '../../ports/payment-processor.ts';
import { payoutsRepository, type PayoutRow } from './payouts.repository.ts';
import { crashPoint } from '../../platform/fault-points.ts';
import { platformRepository } from '../../platform/platform.repository.ts';
import { publishAfterCommit } from '../../platform/after-commit.ts';
import { formatMinor, isoDecimals } from '../../kernel/money.ts';

export const RETRY_WINDOW_MS = 23 * 3600_000;
export const STALE_PENDING_MS = 10 * 60_000;

export type SendStatus = 'paid' | 'failed' | 'rejected' | 'pending';

export interface SendOutcome {
  payout: PayoutRow;
  status: SendStatus;
  error: string | null;
}

export const payoutIdempotencyKey = (payoutId: number) => `payout-${payoutId}`;
const describe = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);
const isFinalRejection = (err: unknown) => err instanceof ProcessorRejectedError && err.code !== 'idempotency_error';

export async function sendPayout(deps: Deps, payout: PayoutRow, destination: string): Promise<SendOutcome> {
  const repo = payoutsRepository(deps.db);
  try {
    const transfer = await deps.payments.transfer(
      {
        destination,
        amountMinor: payout.transferAmountMinor,
        currency: payout.transferCurrency,
        description: `Payout ${payout.id}`,
      },
      payoutIdempotencyKey(payout.id),
    );
    crashPoint(deps.config, 'payout.after-transfer');
    if (
      transfer.amountMinor !== payout.transferAmountMinor ||
      transfer.currency.toUpperCase() !== payout.transferCurrency
    ) {
      // Money moved, so it is paid; but someone must look at why it differs.
      deps.log.error({ payoutId: payout.id, transfer }, 'payout transfer differs from the payout; recorded as paid');
    }
    // The owner's "payout sent" e-mail follows the event written with the settlement.
    const row = await deps.db.transaction(async (tx) => {
      const settled = await payoutsRepository(tx).settle(payout.id, {
        status: 'paid',
        transferId: transfer.id,
        lastError: null,
        updatedAt: deps.clock.now(),
      });
      if (settled) {
        await platformRepository(tx).insertEvent('payout.paid', {
          payout_id: settled.id,
          owner_id: settled.ownerId,
          currency: settled.transferCurrency,
          amount: formatMinor(settled.transferAmountMinor, isoDecimals(settled.transferCurrency)),
        });
      }
      return settled;
    });
    if (row) publishAfterCommit(deps);
    return outcome(deps, payout.id, row, null);
  } catch (err) {
    const error = describe(err);
    if (isFinalRejection(err)) {
      deps.log.warn(
        { err, payoutId: payout.id },
        'payout rejected by the processor; its earnings are released for a later payout',
      );
      const row = await deps.db.transaction(async (tx) => {
        const txRepo = payoutsRepository(tx);
        const settled = await txRepo.settle(payout.id, {
          status: 'rejected',
          lastError: error,
          updatedAt: deps.clock.now(),
        });
        if (settled) await txRepo.releaseLines(payout.id);
        return settled;
      });
      return outcome(deps, payout.id, row, error);
    }
    deps.log.warn({ err, payoutId: payout.id }, 'payout transfer outcome unknown; the same payout will be sent again');
    const row = await repo.settle(payout.id, { status: 'failed', lastError: error, updatedAt: deps.clock.now() });
    return outcome(deps, payout.id, row, error);
  }
}

// `settle` answers null when a concurrent attempt settled the payout first: report what it is now.
async function outcome(deps: Deps, id: number, row: PayoutRow | null, error: string | null): Promise<SendOutcome> {
  const current = row ?? (await payoutsRepository(deps.db).payout(id))!;
  return {
    payout: current,
    status: current.status as SendStatus,
    error: current.status === 'paid' ? null : (current.lastError ?? error),
  };
}

/** Sends again every payout whose outcome is unknown and that is young enough to retry safely. */
export async function retryPayouts(deps: Deps): Promise<SendOutcome[]> {
  const repo = payoutsRepository(deps.db);
  const now = deps.clock.now();
  const since = new Date(now.getTime() - RETRY_WINDOW_MS);
  const staleBefore = new Date(now.getTime() - STALE_PENDING_MS);
  const out: SendOutcome[] = [];
  for (const candidate of await repo.retryable(since, staleBefore)) {
    const claimed = await repo.claimRetry(candidate.id, since, staleBefore, deps.clock.now());
    if (!claimed) continue;
    const destination = await repo.payoutAccount(claimed.ownerId);
    if (!destination) {
      const row = await repo.settle(claimed.id, {
        status: 'failed',
        lastError: 'the owner has no payout account',
        updatedAt: deps.clock.now(),
      });
      out.push(await outcome(deps, claimed.id, row, 'the owner has no payout account'));
      continue;
    }
    out.push(await sendPayout(deps, claimed, destination));
  }
  return out;
}
