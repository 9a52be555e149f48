import type { Deps } from '../../kernel/deps.ts';
import { findUserByEmail, findUserByUsername, insertUser } from '../users/index.ts';
import { hashPassword } from '../../platform/passwords.ts';

/** Creates the first admin from ADMIN_EMAIL / ADMIN_PASSWORD when no account has that e-mail. */
export async function ensureFirstAdmin(deps: Deps): Promise<void> {
  const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = deps.config;
  if (!email || !password) return;
  if (await findUserByEmail(deps.db, email)) return;
  const now = deps.clock.now();
  const base =
    email
      .split('@')[0]!
      .replace(/[^A-Za-z0-9_.-]/g, '')
      .slice(0, 24) || 'admin';
  const username = (await findUserByUsername(deps.db, base)) ? `${base}_admin` : base;
  const created = await insertUser(deps.db, {
    username,
    email,
    passwordHash: await hashPassword(password),
    role: 'admin',
    firstName: 'Admin',
    emailVerifiedAt: now,
    createdAt: now,
    updatedAt: now,
  }).then(
    () => true,
    async (err) => {
      // Another instance starting at the same moment created it first: that one says so.
      if (!(await findUserByEmail(deps.db, email))) throw err;
      return false;
    },
  );
  if (created) deps.log.info({ email }, 'first admin account created');
}
