// Self-service routes of the users module: profile, update, avatar files, search, deletion,
// support assignment. Thin handlers: validated input → one use case → envelope.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../../kernel/deps.ts';
import { MessageOnly, errorResponses, ok, okPage } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { SESSION_COOKIES, currentUser } from '../../platform/auth.ts';
import { sendStoredFile } from '../../platform/uploads.ts';
import * as S from './users.schemas.ts';
import { showUser } from './show-user.ts';
import { updateUser, type UpdateUserInput } from './update-user.ts';
import { avatarFile } from './avatars.ts';
import { searchUsers } from './search-users.ts';
import { deleteAccount } from './delete-account.ts';
import { assignSupportAgent } from './assign-support-agent.ts';
import { undoEmailChange } from './undo-email-change.ts';
import { UNDO_EMAIL_CHANGE_RULES, UPDATE_PROFILE_RULES, DESCRIPTIONS } from './users.docs.ts';

const tags = ['users'];
const security = [{ bearer: [] }];

export async function usersRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.get(
    '/user/profile',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'getProfile',
        tags,
        summary: "The caller's flat profile",
        security,
        response: { 200: S.ProfileResponse, ...errorResponses(401) },
      },
    },
    async (req) => {
      const caller = currentUser(req);
      return ok(await showUser(deps, caller, caller.id));
    },
  );

  routes.put(
    '/user/update',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'updateProfile',
        tags,
        summary: 'Update a profile (multipart/form-data or JSON)',
        security,
        description: UPDATE_PROFILE_RULES,
        consumes: ['multipart/form-data', 'application/json'],
        body: S.UpdateUserBody,
        response: { 200: S.ProfileResponse, ...errorResponses(401, 403, 404, 409, 413, 415) },
      },
    },
    async (req) => ok(await updateUser(deps, currentUser(req), req.body as UpdateUserInput), 'Profile updated'),
  );

  routes.post(
    '/user/undo-email-change',
    {
      config: { rateLimit: { max: 20, timeWindow: '15 minutes' } },
      schema: {
        operationId: 'undoEmailChange',
        tags,
        summary: 'Undo an e-mail change with the link mailed to the old address (no authentication)',
        description: UNDO_EMAIL_CHANGE_RULES,
        body: S.UndoEmailChangeBody,
        response: { 200: S.UndoEmailChangeResponse, ...errorResponses(409) },
      },
    },
    async (req) =>
      ok(
        await undoEmailChange(deps, req.body.token),
        'The e-mail change is undone and every session has ended; choose a new password with password reset',
      ),
  );

  routes.get(
    '/user/avatars/:name',
    {
      schema: {
        operationId: 'getAvatar',
        tags,
        summary: 'An uploaded avatar (public, no authentication)',
        description: DESCRIPTIONS.getAvatar,
        params: S.AvatarParams,
        response: { 200: S.AvatarFile, ...errorResponses(404) },
      },
    },
    async (req, reply) => {
      const file = avatarFile(req.params.name);
      if (!file) throw notFound('File');
      return sendStoredFile(reply, deps.storage, file.key, file.mime, {
        inline: true,
        downloadName: req.params.name,
        cache: 'public',
      });
    },
  );

  routes.get(
    '/user/search-user',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'searchUsers',
        tags,
        summary: 'Find people by username or name',
        security,
        description: DESCRIPTIONS.searchUsers,
        querystring: S.SearchQuery,
        response: { 200: S.SearchPage, ...errorResponses(401) },
      },
    },
    async (req) => {
      const { data, meta } = await searchUsers(deps, req.query);
      return okPage(data, meta);
    },
  );

  routes.delete(
    '/user/delete',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'deleteAccount',
        tags,
        summary: "Delete the caller's account",
        security,
        description: DESCRIPTIONS.deleteAccount,
        response: { 200: MessageOnly, ...errorResponses(401, 409) },
      },
    },
    async (req, reply) => {
      await deleteAccount(deps, currentUser(req));
      for (const name of SESSION_COOKIES) reply.clearCookie(name, { path: '/' });
      return ok(null, 'Account deleted');
    },
  );

  routes.post(
    '/user/admin-support/assign',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'assignSupportAgent',
        tags,
        summary: 'Assign a support agent to the caller',
        security,
        description: DESCRIPTIONS.assignSupportAgent,
        response: { 200: S.AgentResponse, ...errorResponses(401, 409) },
      },
    },
    async (req) => ok(await assignSupportAgent(deps, currentUser(req)), 'Support agent assigned'),
  );
}
