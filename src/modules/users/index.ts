import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../kernel/deps.ts';
import { usersRoutes } from './users.routes.ts';
import { usersAdminRoutes } from './users-admin.routes.ts';

/** Profiles, account administration, staff accounts and support assignment. */
export async function usersModule(app: FastifyInstance, opts: { deps: Deps }) {
  await app.register(usersRoutes, opts);
  await app.register(usersAdminRoutes, opts);
}
