import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../kernel/deps.ts';
import { ownerOnboardingRoutes } from './owner-onboarding.routes.ts';
import { provideOwnerRequestAccountHooks } from './account-hooks.ts';

/** Owner applications (KYC): submission, documents, moderation by support, private files. */
export async function ownerOnboardingModule(app: FastifyInstance, opts: { deps: Deps }) {
  provideOwnerRequestAccountHooks(opts.deps);
  await app.register(ownerOnboardingRoutes, opts);
}
