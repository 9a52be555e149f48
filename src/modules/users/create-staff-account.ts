// POST /user/create: an admin opens an account for someone, who then chooses a password.
import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { recordAudit } from '../audit/index.ts';
import { afterCommit } from '../../platform/after-commit.ts';
import { accountHooks } from './account-hooks.ts';
import { toFlatProfile } from './user-profile.ts';
import { usersRepository, type UserRow } from './users.repository.ts';
import type { CreateUserBody } from './users.schemas.ts';
import { duplicateField, taken } from './unique-fields.ts';
import { emailChangesRepository } from './email-changes.repository.ts';

/**
 * Creates an account with no password and an unverified e-mail, and mails it a single-use link
 * for POST /auth/set-initial-password (which also proves the address).
 */
export async function createStaffAccount(deps: Deps, caller: AuthUser, input: CreateUserBody) {
  const repo = usersRepository(deps.db);
  if (await repo.findByEmail(input.email)) throw taken('email');
  if (await emailChangesRepository(deps.db).isHeld(input.email, deps.clock.now())) throw taken('email');
  if (await repo.findByUsername(input.username)) throw taken('username');
  const now = deps.clock.now();
  let user: UserRow;
  try {
    user = await deps.db.transaction(async (tx) => {
      const created = await usersRepository(tx).insert({
        username: input.username,
        email: input.email.trim(),
        firstName: input.first_name.trim(),
        lastName: input.last_name.trim(),
        phone: input.phone?.trim() || null,
        role: input.role,
        passwordHash: null,
        emailVerifiedAt: null,
        createdAt: now,
        updatedAt: now,
      });
      const after = { username: created.username, email: created.email, role: created.role };
      await recordAudit(tx, caller, { action: 'user.create', targetType: 'user', targetId: created.id, after }, now);
      return created;
    });
  } catch (err) {
    const field = duplicateField(err);
    throw field ? taken(field) : err;
  }
  const mailed = await afterCommit(deps, 'initial password mail', () =>
    accountHooks(deps, 'auth').sendInitialPasswordLink(deps, user),
  );
  return { profile: toFlatProfile(user), mailed };
}
