import type { Deps } from '../../kernel/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { platformRepository } from '../../platform/platform.repository.ts';
import { recordAudit } from '../audit/index.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { promoteClientToOwner } from '../users/index.ts';
import type { OwnerRequestView } from './owner-onboarding.schemas.ts';
import { ownerRequestsRepository } from './owner-requests.repository.ts';
import { toOwnerRequestView } from './owner-request-view.ts';
import { lockPending, resolveRequestId, type RequestRef } from './owner-request-decision.ts';
import { publishAfterCommit } from '../../platform/after-commit.ts';

/**
 * Approves a complete pending application and makes the applicant an owner in the same
 * transaction; their live sessions carry the new role from their next request.
 */
export async function approveOwnerRequest(deps: Deps, actor: AuthUser, ref: RequestRef): Promise<OwnerRequestView> {
  const requestId = await resolveRequestId(deps, ref);
  const now = deps.clock.now();
  const approved = await deps.db.transaction(async (tx) => {
    const row = await lockPending(tx, requestId);
    if (row.missingDocuments.length > 0) {
      throw new AppError(
        'CONFLICT',
        `The application cannot be approved until it has: ${row.missingDocuments.join(', ')}`,
      );
    }
    const updated = await ownerRequestsRepository(tx).update(row.id, {
      status: 'approved',
      reviewedBy: actor.id,
      reviewedAt: now,
      rejectionReason: null,
      updatedAt: now,
    });
    // Only a client is promoted: an account made staff meanwhile keeps its role.
    await promoteClientToOwner(tx, row.userId, now);
    await recordAudit(
      tx,
      actor,
      {
        action: 'owner_request.approve',
        targetType: 'owner_request',
        targetId: row.id,
        before: { status: row.status },
        after: { status: 'approved' },
      },
      now,
    );
    await platformRepository(tx).insertEvent('owner_request.approved', { request_id: row.id, user_id: row.userId });
    return updated;
  });
  await deps.sessions
    .broadcastUserChanged(approved.userId)
    .catch((err) => deps.log.warn({ err }, 'could not broadcast the role change'));
  publishAfterCommit(deps);
  return toOwnerRequestView(approved, (await ownerRequestsRepository(deps.db).applicant(approved.userId))!);
}
