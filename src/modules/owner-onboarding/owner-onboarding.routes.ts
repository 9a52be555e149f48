// Thin handlers: validated input → one use case → envelope.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../../kernel/deps.ts';
import { currentUser } from '../../platform/auth.ts';
import { errorResponses, ok, okPage } from '../../platform/envelope.ts';
import { MULTIPART_RULES, sendStoredFile } from '../../platform/uploads.ts';
import * as S from './owner-onboarding.schemas.ts';
import { submitOwnerRequest } from './submit-owner-request.ts';
import { addCompanyDocument } from './add-company-document.ts';
import { listOwnerRequests } from './list-owner-requests.ts';
import { approveOwnerRequest } from './approve-owner-request.ts';
import { rejectOwnerRequest } from './reject-owner-request.ts';
import { getOwnerRequestStatus } from './get-owner-request-status.ts';
import { getOwnerRequestFile } from './get-owner-request-file.ts';
import { DESCRIPTIONS } from './owner-onboarding.docs.ts';

const tags = ['owner-onboarding'];
const security = [{ bearer: [] }];
const multipart = ['multipart/form-data'];
const staff = ['support', 'admin'] as const;

const APPROVAL_RULES =
  'Refused with 409 while missing_documents is not empty, or when the application is no longer pending (the row is locked, so of two ' +
  "concurrent decisions one wins and the other gets 409). Sets the applicant's role to owner in the same transaction (a client only; " +
  "an account made staff meanwhile keeps its role); the applicant's current token carries the owner role from its next request. " +
  'Audited as owner_request.approve; writes the outbox event owner_request.approved {request_id, user_id}.';
const REJECTION_RULES =
  'Rejects with the reason (1–1000 characters, shown to the applicant); 409 when the application is no longer pending. The applicant may apply ' +
  'again. The files and the KYC members copied onto the profile are kept. Audited as owner_request.reject; outbox event owner_request.rejected ' +
  '{request_id, user_id, reason}.';

export async function ownerOnboardingRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.post(
    '/user/become-owner',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'submitOwnerRequest',
        tags,
        security,
        consumes: multipart,
        summary: 'Apply to become an owner (KYC form)',
        description:
          'Clients only: an owner gets 409, support and admin 403. One open application per user (409). id_expiry_date must be a real date, ' +
          'today or later (422). The ID files and company_document: JPEG, PNG, WebP or PDF by content, ≤ 5 MB each (413 / 415 naming the field); ' +
          'they are kept as sent (an ID document must stay legible to the reviewer) under random keys, downloadable only by the applicant, ' +
          'support and admin, always as an attachment. A company application without ' +
          'company_document (the known client defect) is accepted with missing_documents ["company_document"]; send it with ' +
          'POST /user/owner-request/documents before approval. company_name is optional (the spec form does not send it): a company without it ' +
          'keeps the name given at owner registration; for individuals it is ignored. The KYC and address members are copied onto the profile, ' +
          'and its id_photo_path becomes the download path of the ID front. Members other than the listed ones (status, user_id, …) are ignored. ' +
          `Answers 201 with the whole application. ${MULTIPART_RULES}`,
        body: S.BecomeOwnerBody,
        response: { 201: S.OwnerRequestResponse, ...errorResponses(401, 403, 404, 409, 413, 415) },
      },
    },
    async (req, reply) => {
      const view = await submitOwnerRequest(deps, currentUser(req), req.body);
      return reply.code(201).send(ok(view, 'Owner application submitted'));
    },
  );

  routes.post(
    '/user/owner-request/documents',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'addOwnerRequestDocument',
        tags,
        security,
        consumes: multipart,
        summary: "Add the company document to the caller's pending application",
        description:
          'Not in the interface spec (contract §4). Replaces an earlier company document (its file is deleted once the change is made) and ' +
          'removes it from missing_documents. 404 when the caller has no pending application; 409 if it was decided meanwhile. Answers the ' +
          `whole application. ${MULTIPART_RULES}`,
        body: S.CompanyDocumentBody,
        response: { 200: S.OwnerRequestResponse, ...errorResponses(401, 404, 409, 413, 415) },
      },
    },
    async (req) => ok(await addCompanyDocument(deps, currentUser(req), req.body.company_document), 'Document added'),
  );

  routes.get(
    '/user/owner-requests',
    {
      config: { roles: staff },
      schema: {
        operationId: 'listOwnerRequests',
        tags,
        security,
        summary: 'Owner applications to review (support, admin)',
        description:
          'All applications, pending first, then newest; filter with status. Each item is the whole application with its applicant.',
        querystring: S.ListQuery,
        response: { 200: S.OwnerRequestPage, ...errorResponses(401, 403) },
      },
    },
    async (req) => {
      const page = await listOwnerRequests(deps, req.query);
      return okPage(page.data, page.meta);
    },
  );

  routes.post(
    '/user/:id/approve-owner',
    {
      config: { roles: staff },
      schema: {
        operationId: 'approveOwnerRequest',
        tags,
        security,
        summary: 'Approve the pending application of a user (support, admin)',
        description: `{id} is the applicant's user id; 404 when that user never applied; 409 when their application was already decided. Answers the whole application (the spec does not show this response). ${APPROVAL_RULES}`,
        params: S.UserIdParams,
        response: { 200: S.OwnerRequestResponse, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (req) =>
      ok(await approveOwnerRequest(deps, currentUser(req), { userId: req.params.id }), 'Owner application approved'),
  );

  routes.post(
    '/user/accept-owner-request/:id',
    {
      config: { roles: staff },
      schema: {
        operationId: 'acceptOwnerRequest',
        tags,
        security,
        summary: 'Approve an application by its id (support, admin); returns the whole application',
        description: `{id} is the application id; 404 when unknown. ${APPROVAL_RULES}`,
        params: S.RequestIdParams,
        response: { 200: S.OwnerRequestResponse, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (req) =>
      ok(await approveOwnerRequest(deps, currentUser(req), { requestId: req.params.id }), 'Owner application approved'),
  );

  routes.post(
    '/user/:id/reject-owner',
    {
      config: { roles: staff },
      schema: {
        operationId: 'rejectOwnerRequest',
        tags,
        security,
        summary: 'Reject the pending application of a user (support, admin)',
        description: `{id} is the applicant's user id; 404 when that user never applied; 409 when their application was already decided. Answers the whole application. ${REJECTION_RULES}`,
        params: S.UserIdParams,
        body: S.RejectBody,
        response: { 200: S.OwnerRequestResponse, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (req) =>
      ok(
        await rejectOwnerRequest(deps, currentUser(req), { userId: req.params.id }, req.body.reason),
        'Owner application rejected',
      ),
  );

  routes.get(
    '/user/owner-request-status',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'getOwnerRequestStatus',
        tags,
        security,
        summary: "Status of the caller's latest owner application, as a plain string",
        description:
          'data is none (never applied), pending, approved or rejected; after a rejection and a new application, the new one counts.',
        response: { 200: S.StatusResponse, ...errorResponses(401) },
      },
    },
    async (req) => ok(await getOwnerRequestStatus(deps, currentUser(req))),
  );

  routes.get(
    '/user/owner-requests/:id/files/:field',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'getOwnerRequestFile',
        tags,
        security,
        summary: 'Download a KYC file of an application (applicant, support, admin)',
        description: DESCRIPTIONS.getOwnerRequestFile,
        params: S.FileParams,
        response: { 200: S.FileResponse, ...errorResponses(401, 404) },
      },
    },
    async (req, reply) => {
      const file = await getOwnerRequestFile(deps, currentUser(req), req.params.id, req.params.field);
      return sendStoredFile(reply, deps.storage, file.key, file.mime, {
        inline: false,
        downloadName: file.downloadName,
        cache: 'private',
      });
    },
  );
}
