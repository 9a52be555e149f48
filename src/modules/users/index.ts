import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../kernel/deps.ts';
import { usersRoutes } from './users.routes.ts';
import { usersAdminRoutes } from './users-admin.routes.ts';

export type { UserRow, NewUser } from './users.repository.ts';
export { FlatProfile, toFlatProfile } from './user-profile.ts';
export {
  findUserById,
  findUserByEmail,
  findUserByUsername,
  findUserByLogin,
  findUserBySocialSubject,
  insertUser,
  updateAccountAccess,
  copyKycOntoProfile,
  promoteClientToOwner,
  type AccountAccessChanges,
  type KycProfileColumns,
} from './user-records.ts';
export { provideAccountHooks, type AuthAccountHooks, type OwnerRequestAccountHooks } from './account-hooks.ts';
export { EMAIL_CHANGE_UNDO_SECONDS } from './email-change-notice.ts';
export { isEmailHeld } from './user-records.ts';
// The page the old address's undo link opens by default (outside /api).
export { emailChangePages } from './email-change-pages.routes.ts';

/** Profiles, account administration, staff accounts and support assignment. */
export async function usersModule(app: FastifyInstance, opts: { deps: Deps }) {
  await app.register(usersRoutes, opts);
  await app.register(usersAdminRoutes, opts);
}
