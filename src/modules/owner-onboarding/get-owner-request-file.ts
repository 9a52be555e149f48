import type { Deps } from '../../kernel/deps.ts';
import { notFound } from '../../platform/errors.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { extensionOf, isKycField, storedFileOf } from './kyc-files.ts';
import { ownerRequestsRepository } from './owner-requests.repository.ts';

/**
 * Finds a KYC file the caller may download: the applicant's own, or any for support and admin.
 * Everyone else gets the same 404 as for a file that does not exist, so ids reveal nothing.
 */
export async function getOwnerRequestFile(deps: Deps, caller: AuthUser, requestId: number, field: string) {
  if (!isKycField(field)) throw notFound('File');
  const row = await ownerRequestsRepository(deps.db).findById(requestId);
  const staff = caller.role === 'support' || caller.role === 'admin';
  if (!row || (!staff && row.userId !== caller.id)) throw notFound('File');
  const file = storedFileOf(row, field);
  if (!file) throw notFound('File');
  return { key: file.key, mime: file.mime, downloadName: `owner-request-${row.id}-${field}.${extensionOf(file.mime)}` };
}
