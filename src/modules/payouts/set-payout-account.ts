// GET/PUT /payouts/account: where an owner's payouts are sent (users.payout_account_id).
//
// An owner reads and sets their own; an admin does it for any owner by naming owner_id (support
// may read). The id is the processor's connected account (Stripe Connect `acct_…`, any opaque
// id for the local processor); in production it comes out of the processor's onboarding, this
// route records it. The account cannot change while the owner has a payout pending or failed:
// that payout is re-sent under the same idempotency key, and a different destination under that
// key would be refused by the processor and could hide a transfer that did happen (409). Every
// change is audited.
import type { Deps } from '../../kernel/deps.ts';
import { AppError, forbidden, invalidField, notFound } from '../../platform/errors.ts';
import { recordAudit } from '../audit/index.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { payoutsRepository } from './payouts.repository.ts';

export interface PayoutAccountView {
  owner_id: number;
  payout_account_id: string | null;
  has_payout_account: boolean;
  open_payouts: number;
}

const STAFF = new Set(['admin', 'support']);
const PAYABLE_ROLES = new Set(['owner', 'admin']);

/** Whose payout account the caller reads or changes: their own, or as staff (reads) or admin (changes) another's. */
function targetOf(caller: AuthUser, ownerId: number | undefined, access: 'read' | 'write'): number {
  if (ownerId === undefined || ownerId === caller.id) return caller.id;
  if (access === 'write' ? caller.role !== 'admin' : !STAFF.has(caller.role))
    throw forbidden("Only an admin may manage another owner's payout account");
  return ownerId;
}

export async function getPayoutAccount(deps: Deps, caller: AuthUser, ownerId?: number): Promise<PayoutAccountView> {
  const id = targetOf(caller, ownerId, 'read');
  const repo = payoutsRepository(deps.db);
  const user = await repo.user(id);
  if (!user || user.deletedAt) throw notFound('Owner');
  return {
    owner_id: id,
    payout_account_id: user.payoutAccountId,
    has_payout_account: Boolean(user.payoutAccountId),
    open_payouts: await repo.openPayoutCount(id),
  };
}

export async function setPayoutAccount(
  deps: Deps,
  caller: AuthUser,
  body: { payout_account_id: string | null; owner_id?: number },
): Promise<PayoutAccountView> {
  const id = targetOf(caller, body.owner_id, 'write');
  const account = body.payout_account_id?.trim() || null;
  if (account && deps.payments.name === 'stripe' && !account.startsWith('acct_')) {
    throw invalidField('payout_account_id', 'must be a Stripe connected account id (acct_…)');
  }
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const repo = payoutsRepository(tx);
    const user = await repo.user(id, true);
    if (!user || user.deletedAt) throw notFound('Owner');
    if (!PAYABLE_ROLES.has(user.role)) throw invalidField('owner_id', 'is not an owner');
    const open = await repo.openPayoutCount(id);
    if (user.payoutAccountId !== account) {
      if (open > 0)
        throw new AppError(
          'CONFLICT',
          'A payout to the current account is still being sent; the account can change once it is settled',
        );
      await repo.setPayoutAccount(id, account, now);
      await recordAudit(
        tx,
        caller,
        {
          action: 'payout_account.update',
          targetType: 'user',
          targetId: id,
          before: { payout_account_id: user.payoutAccountId },
          after: { payout_account_id: account },
        },
        now,
      );
    }
    return { owner_id: id, payout_account_id: account, has_payout_account: Boolean(account), open_payouts: open };
  });
}
