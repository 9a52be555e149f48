import type { Deps } from '../../kernel/deps.ts';
import { AppError, forbidden, invalidField, notFound } from '../../platform/errors.ts';
import { platformRepository } from '../../platform/platform.repository.ts';
import type { CheckedFile } from '../../platform/uploads.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { copyKycOntoProfile, findUserById } from '../users/index.ts';
import { checkKycFile, columnsOf, kycDownloadPath, newKycFolder, planKycFiles, type KycField } from './kyc-files.ts';
import { storeFilesThen } from '../../platform/stored-files.ts';
import type { BecomeOwnerBody, OwnerRequestView } from './owner-onboarding.schemas.ts';
import { isOnePendingViolation, ownerRequestsRepository } from './owner-requests.repository.ts';
import { toOwnerRequestView } from './owner-request-view.ts';
import { publishAfterCommit } from '../../platform/after-commit.ts';

const pendingConflict = () => new AppError('CONFLICT', 'You already have an owner application awaiting review');

/** An ID that has already expired cannot prove anything; today is still valid. */
function checkExpiryDate(value: string, now: Date): void {
  const parsed = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== value) {
    throw invalidField('id_expiry_date', 'must be a real date (YYYY-MM-DD)');
  }
  if (value < now.toISOString().slice(0, 10)) throw invalidField('id_expiry_date', 'must not be in the past');
}

function checkApplicant(user: { role: string; deleted: boolean } | undefined): void {
  if (!user || user.deleted) throw notFound('User');
  if (user.role === 'admin' || user.role === 'support') throw forbidden('Staff accounts cannot apply to become owners');
  if (user.role === 'owner') throw new AppError('CONFLICT', 'You are already an owner');
}

const blankToNull = (v: string | undefined) => (v?.trim() ? v.trim() : null);

/**
 * Files an owner (KYC) application for a client. Only the members listed here are read from
 * the form, so a client cannot set its status, reviewer or another user's id. The files are
 * written first and removed again if anything after that fails.
 */
export async function submitOwnerRequest(
  deps: Deps,
  caller: Pick<AuthUser, 'id'>,
  input: BecomeOwnerBody,
): Promise<OwnerRequestView> {
  const user = await findUserById(deps.db, caller.id);
  checkApplicant(user && { role: user.role, deleted: user.deletedAt !== null });
  if (!user) throw notFound('User');
  const now = deps.clock.now();
  checkExpiryDate(input.id_expiry_date, now);
  const checked: Partial<Record<KycField, CheckedFile>> = {
    id_reco_path: await checkKycFile(input.id_reco_path, 'id_reco_path'),
    id_verso_path: await checkKycFile(input.id_verso_path, 'id_verso_path'),
  };
  if (input.company_document) checked.company_document = await checkKycFile(input.company_document, 'company_document');
  if (await ownerRequestsRepository(deps.db).findPendingByUser(user.id)) throw pendingConflict();

  const isCompany = input.user_type === 'company';
  // The spec's form never sends company_name, so a company keeps the one given at registration.
  const companyName = isCompany ? (blankToNull(input.company_name) ?? user.companyName) : null;
  const kyc = {
    userType: input.user_type,
    companyName,
    countryRegion: input.country_region.trim(),
    idType: input.id_type,
    idNumber: input.id_number.trim(),
    idExpiryDate: input.id_expiry_date,
    placeType: input.place_type.trim(),
    placeDetails: blankToNull(input.place_details),
    address: input.address.trim(),
    city: input.city.trim(),
    state: blankToNull(input.state),
    postalCode: input.postal_code.trim(),
    country: input.country.trim(),
  };

  const { stored, files } = planKycFiles(newKycFolder(), checked);
  let row;
  try {
    row = await storeFilesThen(deps, files, () =>
      deps.db.transaction(async (tx) => {
        // Serialises with a concurrent approval, which makes the applicant an owner.
        checkApplicant(await ownerRequestsRepository(tx).lockApplicant(user.id));
        const created = await ownerRequestsRepository(tx).insert({
          ...kyc,
          userId: user.id,
          status: 'pending',
          latitude: String(input.latitude),
          longitude: String(input.longitude),
          ...columnsOf('id_reco_path', stored.id_reco_path!),
          ...columnsOf('id_verso_path', stored.id_verso_path!),
          ...columnsOf('company_document', stored.company_document ?? null),
          missingDocuments: isCompany && !stored.company_document ? ['company_document'] : [],
          createdAt: now,
          updatedAt: now,
        });
        await copyKycOntoProfile(
          tx,
          user.id,
          {
            ...kyc,
            latitude: String(input.latitude),
            longitude: String(input.longitude),
            idPhotoPath: kycDownloadPath(created.id, 'id_reco_path'),
          },
          now,
        );
        await platformRepository(tx).insertEvent('owner_request.submitted', {
          request_id: created.id,
          user_id: user.id,
          user_type: created.userType,
          missing_documents: created.missingDocuments,
        });
        return created;
      }),
    );
  } catch (err) {
    // The partial unique index decides a race between two submissions of one user.
    if (isOnePendingViolation(err)) throw pendingConflict();
    throw err;
  }
  publishAfterCommit(deps);
  return toOwnerRequestView(row, (await ownerRequestsRepository(deps.db).applicant(user.id))!);
}
