// Account administration: staff accounts, roles, lists, detail and statistics.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../../kernel/deps.ts';
import { errorResponses, ok, okPage } from '../../platform/envelope.ts';
import { currentUser } from '../../platform/auth.ts';
import * as S from './users.schemas.ts';
import { STAFF_ROLES } from './user-access.ts';
import { createStaffAccount } from './create-staff-account.ts';
import { changeRole } from './change-role.ts';
import { listUsers } from './list-users.ts';
import { showUser } from './show-user.ts';
import { getUserStats } from './get-user-stats.ts';
import { DESCRIPTIONS } from './users.docs.ts';

const tags = ['users'];
const security = [{ bearer: [] }];
const LIST_NOTE =
  'Admin and support. Live (non-deleted) accounts, newest first; items are flat profiles. Filters: q (username, e-mail, first or last name, case-insensitive), role, is_active (1/0/true/false).';

export async function usersAdminRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.post(
    '/user/create',
    {
      config: { roles: ['admin'] },
      schema: {
        operationId: 'createUser',
        tags,
        summary: 'Create an account for someone (admin)',
        security,
        description: DESCRIPTIONS.createUser,
        body: S.CreateUserBody,
        response: { 201: S.ProfileResponse, ...errorResponses(401, 403, 409) },
      },
    },
    async (req, reply) => {
      const { profile, mailed } = await createStaffAccount(deps, currentUser(req), req.body);
      reply.code(201);
      return ok(
        profile,
        mailed
          ? 'Account created; a link to set the password was e-mailed'
          : 'Account created, but the e-mail could not be sent; the person can use password reset',
      );
    },
  );

  routes.put(
    '/user/:id/role',
    {
      config: { roles: ['admin'] },
      schema: {
        operationId: 'changeUserRole',
        tags,
        summary: "Change an account's role (admin)",
        security,
        description: DESCRIPTIONS.changeUserRole,
        params: S.IdParams,
        body: S.RoleBody,
        response: { 200: S.ProfileResponse, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (req) => ok(await changeRole(deps, currentUser(req), req.params.id, req.body.role), 'Role changed'),
  );

  const lists = [
    { url: '/user/list', operationId: 'listUsers', summary: 'List accounts', userType: undefined },
    {
      url: '/user/individuals',
      operationId: 'listIndividualUsers',
      summary: 'List accounts whose user_type is individual',
      userType: 'individual' as const,
    },
    {
      url: '/user/companies',
      operationId: 'listCompanyUsers',
      summary: 'List accounts whose user_type is company',
      userType: 'company' as const,
    },
  ];
  for (const l of lists) {
    routes.get(
      l.url,
      {
        config: { roles: STAFF_ROLES },
        schema: {
          operationId: l.operationId,
          tags,
          summary: l.summary,
          description: LIST_NOTE,
          security,
          querystring: S.ListQuery,
          response: { 200: S.ProfilePage, ...errorResponses(401, 403) },
        },
      },
      async (req) => {
        const { data, meta } = await listUsers(deps, req.query, l.userType);
        return okPage(data, meta);
      },
    );
  }

  routes.get(
    '/user/:id',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'getUser',
        tags,
        summary: "An account's flat profile",
        security,
        description:
          'Self, admin and support. Anyone else, an unknown id or a deleted account → 404 (never 403, so ids cannot be probed).',
        params: S.IdParams,
        response: { 200: S.ProfileResponse, ...errorResponses(401, 404) },
      },
    },
    async (req) => ok(await showUser(deps, currentUser(req), req.params.id)),
  );

  routes.get(
    '/user/:userId/stats',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'getUserStats',
        tags,
        summary: 'Statistics of an account',
        security,
        description: DESCRIPTIONS.getUserStats,
        params: S.UserIdParams,
        response: { 200: S.StatsResponse, ...errorResponses(401, 404) },
      },
    },
    async (req) => ok(await getUserStats(deps, currentUser(req), req.params.userId)),
  );
}
