// Thin handlers: validated input → one use case → envelope.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../../kernel/deps.ts';
import { currentUser } from '../../platform/auth.ts';
import { errorResponses, ok, okPage } from '../../platform/envelope.ts';
import { sendStoredFile } from '../../platform/uploads.ts';
import * as S from './owner-onboarding.schemas.ts';
import { submitOwnerRequest } from './submit-owner-request.ts';
import { addCompanyDocument } from './add-company-document.ts';
import { listOwnerRequests } from './list-owner-requests.ts';
import { approveOwnerRequest } from './approve-owner-request.ts';
import { rejectOwnerRequest } from './reject-owner-request.ts';
import { getOwnerRequestStatus } from './get-owner-request-status.ts';
import { getOwnerRequestFile } from './get-owner-request-file.ts';
import { DESCRIPTIONS, APPROVAL_RULES } from './owner-onboarding.docs.ts';

const tags = ['owner-onboarding'];
const security = [{ bearer: [] }];
const multipart = ['multipart/form-data'];
const staff = ['support', 'admin'] as const;

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
        description: DESCRIPTIONS.submitOwnerRequest,
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
        description: DESCRIPTIONS.addOwnerRequestDocument,
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
        description: DESCRIPTIONS.approveOwnerRequest,
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
        description: DESCRIPTIONS.rejectOwnerRequest,
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
