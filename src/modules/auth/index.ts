import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../container.ts';
import { authRoutes } from './auth.routes.ts';

/** Accounts and sessions: login, refresh, registration, verification, resets, social sign-in. */
export async function authModule(app: FastifyInstance, opts: { deps: Deps }) {
  await app.register(authRoutes, opts);
}
