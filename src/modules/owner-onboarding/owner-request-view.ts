// The response form of an application: snake_case, numbers for coordinates, download paths
// instead of storage keys.
import type { ApplicantSummary, OwnerRequestRow, OwnerRequestStatus } from './owner-requests.repository.ts';
import { kycDownloadPath, storedFileOf } from './kyc-files.ts';
import type { OwnerRequestView } from './owner-onboarding.schemas.ts';

export function toOwnerRequestView(r: OwnerRequestRow, applicant: ApplicantSummary): OwnerRequestView {
  const path = (field: 'id_reco_path' | 'id_verso_path' | 'company_document') =>
    storedFileOf(r, field) ? kycDownloadPath(r.id, field) : null;
  return {
    id: r.id,
    user_id: r.userId,
    status: r.status as OwnerRequestStatus,
    user_type: r.userType,
    company_name: r.companyName,
    country_region: r.countryRegion,
    id_type: r.idType,
    id_number: r.idNumber,
    id_expiry_date: r.idExpiryDate,
    place_type: r.placeType,
    place_details: r.placeDetails,
    address: r.address,
    city: r.city,
    state: r.state,
    postal_code: r.postalCode,
    country: r.country,
    latitude: Number(r.latitude),
    longitude: Number(r.longitude),
    missing_documents: r.missingDocuments,
    documents: {
      id_reco_path: path('id_reco_path'),
      id_verso_path: path('id_verso_path'),
      company_document: path('company_document'),
    },
    rejection_reason: r.rejectionReason,
    reviewed_by: r.reviewedBy,
    reviewed_at: r.reviewedAt ? r.reviewedAt.toISOString() : null,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    user: {
      id: applicant.id,
      username: applicant.username,
      first_name: applicant.firstName,
      last_name: applicant.lastName,
      email: applicant.email,
    },
  };
}
