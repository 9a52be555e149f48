import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../kernel/deps.ts';
import { authRoutes } from './auth.routes.ts';
import { provideAuthAccountHooks } from './account-hooks.ts';

// The set-password and reset-password pages (outside /api), the default targets of the account e-mails.
export { accountPages } from './account-pages.routes.ts';
export { homePage } from './home-page.routes.ts';

/** Accounts and sessions: login, refresh, registration, verification, resets, social sign-in. */
export async function authModule(app: FastifyInstance, opts: { deps: Deps }) {
  provideAuthAccountHooks(opts.deps);
  await app.register(authRoutes, opts);
}
