// What approval and rejection share: finding the application, locking it, and the after-commit
// side effects.
import type { Deps } from '../../kernel/deps.ts';
import type { Tx } from '../../db/connection.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { ownerRequestsRepository, type OwnerRequestRow } from './owner-requests.repository.ts';

/** The routes name an application either by the applicant (approve-owner) or by itself. */
export type RequestRef = { userId: number } | { requestId: number };

/**
 * The id of the application the reference names; 404 when the user never applied. An applicant
 * whose application was decided meanwhile (by a reviewer a moment earlier) gets the same 409 as
 * a decision on the application itself, whichever reviewer's lookup came first.
 */
export async function resolveRequestId(deps: Deps, ref: RequestRef): Promise<number> {
  if ('requestId' in ref) return ref.requestId;
  const repo = ownerRequestsRepository(deps.db);
  const pending = await repo.findPendingByUser(ref.userId);
  if (pending) return pending.id;
  const latest = await repo.findLatestByUser(ref.userId);
  if (!latest) throw notFound('Pending owner application for this user');
  throw new AppError('CONFLICT', `This user's application was already ${latest.status}`);
}

/**
 * Locks the application for the decision: a second reviewer waits, then sees it decided (409),
 * so two decisions can never both apply.
 */
export async function lockPending(tx: Tx, requestId: number): Promise<OwnerRequestRow> {
  const row = await ownerRequestsRepository(tx).lockById(requestId);
  if (!row) throw notFound('Owner application');
  if (row.status !== 'pending') throw new AppError('CONFLICT', `This application was already ${row.status}`);
  return row;
}
