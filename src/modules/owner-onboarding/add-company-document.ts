import type { Deps } from '../../kernel/deps.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { platformRepository } from '../../platform/platform.repository.ts';
import type { UploadedFile } from '../../platform/uploads.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { checkKycFile, columnsOf, folderOf, planKycFiles, storedFileOf } from './kyc-files.ts';
import { removeStoredFiles, storeFilesThen } from '../../platform/stored-files.ts';
import type { OwnerRequestView } from './owner-onboarding.schemas.ts';
import { ownerRequestsRepository } from './owner-requests.repository.ts';
import { toOwnerRequestView } from './owner-request-view.ts';
import { publishAfterCommit } from '../../platform/after-commit.ts';

/**
 * Adds (or replaces) the company document of the caller's pending application and takes it off
 * missing_documents — the way round the known client defect that never sends it.
 */
export async function addCompanyDocument(
  deps: Deps,
  caller: Pick<AuthUser, 'id'>,
  upload: UploadedFile,
): Promise<OwnerRequestView> {
  const pending = await ownerRequestsRepository(deps.db).findPendingByUser(caller.id);
  if (!pending) throw notFound('Pending owner application');
  const checked = await checkKycFile(upload, 'company_document');
  const { stored, files } = planKycFiles(folderOf(pending), { company_document: checked });
  const now = deps.clock.now();
  const result = await storeFilesThen(deps, files, () =>
    deps.db.transaction(async (tx) => {
      const repo = ownerRequestsRepository(tx);
      // Locked so a reviewer's decision cannot slip between this check and the update.
      const locked = await repo.lockById(pending.id);
      if (locked?.status !== 'pending') throw new AppError('CONFLICT', 'The application was decided meanwhile');
      const replaced = storedFileOf(locked, 'company_document');
      const updated = await repo.update(locked.id, {
        ...columnsOf('company_document', stored.company_document!),
        missingDocuments: locked.missingDocuments.filter((d) => d !== 'company_document'),
        updatedAt: now,
      });
      await platformRepository(tx).insertEvent('owner_request.document_added', {
        request_id: locked.id,
        user_id: locked.userId,
        document: 'company_document',
      });
      return { updated, replaced };
    }),
  );
  await removeStoredFiles(deps, [result.replaced?.key]);
  publishAfterCommit(deps);
  return toOwnerRequestView(result.updated, (await ownerRequestsRepository(deps.db).applicant(caller.id))!);
}
