// GET /payments/{userId}/all-payments and /pending-payments: a user's payment history, for the
// user themself, admin and support (anyone else: 404, as for any resource they may not see).
import type { Deps } from '../../kernel/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { pageWindow, type PageQuery } from '../../platform/pagination.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { findUserById } from '../users/index.ts';
import { currencyDecimals } from '../catalog/index.ts';
import { toPaymentView } from './payment-view.ts';
import { paymentsRepository } from './payments.repository.ts';

export interface PaymentsQuery {
  userId: number;
  /** Only payments still pending (the /pending-payments route). */
  onlyPending: boolean;
  page: PageQuery;
}

export async function listPayments(
  deps: Deps,
  caller: AuthUser,
  { userId, onlyPending, page: pageQuery }: PaymentsQuery,
) {
  const staff = caller.role === 'admin' || caller.role === 'support';
  if (!staff && caller.id !== userId) throw notFound('User');
  // Staff asking about an account that never existed get a 404, not an empty history.
  if (caller.id !== userId && !(await findUserById(deps.db, userId))) throw notFound('User');
  const { page, perPage, offset } = pageWindow(pageQuery);
  const { rows, total } = await paymentsRepository(deps.db).forUser({
    userId,
    status: onlyPending ? 'pending' : null,
    limit: perPage,
    offset,
  });
  const decimals = new Map<string, number>();
  for (const c of new Set(rows.map((r) => r.currency))) decimals.set(c, await currencyDecimals(deps.db, c));
  return {
    data: rows.map((r) => toPaymentView(r, decimals.get(r.currency) ?? 2)),
    meta: { current_page: page, per_page: perPage, total },
  };
}
