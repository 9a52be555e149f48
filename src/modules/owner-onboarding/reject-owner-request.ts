import type { Deps } from '../../kernel/deps.ts';
import { platformRepository } from '../../platform/platform.repository.ts';
import { recordAudit } from '../audit/index.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import type { OwnerRequestView } from './owner-onboarding.schemas.ts';
import { ownerRequestsRepository } from './owner-requests.repository.ts';
import { toOwnerRequestView } from './owner-request-view.ts';
import { lockPending, resolveRequestId, type RequestRef } from './owner-request-decision.ts';
import { publishAfterCommit } from '../../platform/after-commit.ts';

/**
 * Rejects a pending application with a reason the applicant sees. The files and the KYC data
 * copied on the profile stay (the decision must remain reviewable); the applicant may apply again.
 */
export async function rejectOwnerRequest(
  deps: Deps,
  actor: AuthUser,
  ref: RequestRef,
  reason: string,
): Promise<OwnerRequestView> {
  const requestId = await resolveRequestId(deps, ref);
  const now = deps.clock.now();
  const text = reason.trim();
  const rejected = await deps.db.transaction(async (tx) => {
    const row = await lockPending(tx, requestId);
    const updated = await ownerRequestsRepository(tx).update(row.id, {
      status: 'rejected',
      rejectionReason: text,
      reviewedBy: actor.id,
      reviewedAt: now,
      updatedAt: now,
    });
    await recordAudit(
      tx,
      actor,
      {
        action: 'owner_request.reject',
        targetType: 'owner_request',
        targetId: row.id,
        before: { status: row.status },
        after: { status: 'rejected', reason: text },
      },
      now,
    );
    await platformRepository(tx).insertEvent('owner_request.rejected', {
      request_id: row.id,
      user_id: row.userId,
      reason: text,
    });
    return updated;
  });
  publishAfterCommit(deps);
  return toOwnerRequestView(rejected, (await ownerRequestsRepository(deps.db).applicant(rejected.userId))!);
}
