// What the OpenAPI document says of the owner-onboarding routes where a summary is not enough.
import { MULTIPART_RULES } from '../../platform/uploads.ts';
export const APPROVAL_RULES =
  'Refused with 409 while missing_documents is not empty, or when the application is no longer pending (the row is locked, so of two ' +
  "concurrent decisions one wins and the other gets 409). Sets the applicant's role to owner in the same transaction (a client only; " +
  "an account made staff meanwhile keeps its role); the applicant's current token carries the owner role from its next request. " +
  'Audited as owner_request.approve; writes the outbox event owner_request.approved {request_id, user_id}.';

const REJECTION_RULES =
  'Rejects with the reason (1–1000 characters, shown to the applicant); 409 when the application is no longer pending. The applicant may apply ' +
  'again. The files and the KYC members copied onto the profile are kept. Audited as owner_request.reject; outbox event owner_request.rejected ' +
  '{request_id, user_id, reason}.';

/** Operation descriptions that say more than a line, by operationId (the routes stay short). */
export const DESCRIPTIONS = {
  submitOwnerRequest:
    'Clients only: an owner gets 409, support and admin 403. One open application per user (409). id_expiry_date must be a real date, ' +
    'today or later (422). The ID files and company_document: JPEG, PNG, WebP or PDF by content, ≤ 5 MB each (413 / 415 naming the field); ' +
    'they are kept as sent (an ID document must stay legible to the reviewer) under random keys, downloadable only by the applicant, ' +
    'support and admin, always as an attachment. A company application without ' +
    'company_document (the known client defect) is accepted with missing_documents ["company_document"]; send it with ' +
    'POST /user/owner-request/documents before approval. company_name is optional (the spec form does not send it): a company without it ' +
    'keeps the name given at owner registration; for individuals it is ignored. The KYC and address members are copied onto the profile, ' +
    'and its id_photo_path becomes the download path of the ID front. Members other than the listed ones (status, user_id, …) are ignored. ' +
    `Answers 201 with the whole application. ${MULTIPART_RULES}`,
  addOwnerRequestDocument:
    'Not in the interface spec (contract §4). Replaces an earlier company document (its file is deleted once the change is made) and ' +
    'removes it from missing_documents. 404 when the caller has no pending application; 409 if it was decided meanwhile. Answers the ' +
    `whole application. ${MULTIPART_RULES}`,
  approveOwnerRequest: `{id} is the applicant's user id; 404 when that user never applied; 409 when their application was already decided. Answers the whole application (the spec does not show this response). ${APPROVAL_RULES}`,
  rejectOwnerRequest: `{id} is the applicant's user id; 404 when that user never applied; 409 when their application was already decided. Answers the whole application. ${REJECTION_RULES}`,
  getOwnerRequestFile:
    'field: id_reco_path, id_verso_path or company_document. Anyone other than the applicant, support and admin gets 404, as for an unknown ' +
    'application or field. Served with the type checked at upload, Content-Disposition attachment, nosniff, a sandboxing CSP and Cache-Control private, no-store.',
};
