import type { Deps } from '../../kernel/deps.ts';
import type { Executor } from '../../db/connection.ts';
import { AppError } from '../../platform/errors.ts';
import { findUserByEmail, findUserById, type UserRow } from '../users/index.ts';
import { authRepository } from './auth.repository.ts';
import type { SecretPurpose } from './one-time-secrets.ts';

const invalid = () =>
  new AppError('INVALID_CODE', 'The code is wrong, expired or already used', {
    code: ['is wrong, expired or already used'],
  });

/**
 * Checks a 6-digit code for the account with this e-mail and uses it up. Every try spends one
 * of its 5 attempts first, so guessing in parallel gains nothing; an unknown e-mail gets the
 * same answer as a wrong code.
 */
export async function consumeCode(deps: Deps, email: string, purpose: SecretPurpose, code: string): Promise<UserRow> {
  const user = await findUserByEmail(deps.db, email);
  if (!user || user.deletedAt) throw invalid();
  const repo = authRepository(deps.db);
  const secret = await repo.findLiveSecret(user.id, purpose, deps.clock.now());
  if (!secret || !(await repo.spendAttempt(secret.id))) throw invalid();
  if (!deps.secrets.same(secret.secretHash, deps.secrets.hashCode(purpose, user.id, code))) throw invalid();
  if (!(await repo.consumeSecret(secret.id, deps.clock.now()))) throw invalid();
  return user;
}

/** Uses up a link token; returns its account. */
export async function consumeLinkToken(
  deps: Deps,
  db: Executor,
  purpose: SecretPurpose,
  token: string,
  field: string,
): Promise<UserRow> {
  const repo = authRepository(db);
  const secret = await repo.findLiveSecretByHash(purpose, deps.secrets.hashToken(purpose, token), deps.clock.now());
  const bad = new AppError('INVALID_TOKEN', `The ${field} is invalid, expired or already used`, {
    [field]: ['is invalid, expired or already used'],
  });
  if (!secret || !(await repo.consumeSecret(secret.id, deps.clock.now()))) throw bad;
  const user = await findUserById(db, secret.userId);
  if (!user || user.deletedAt) throw bad;
  return user;
}
