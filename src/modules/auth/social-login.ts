import { randomBytes } from 'node:crypto';
import type { Deps } from '../../kernel/deps.ts';
import { AppError } from '../../platform/errors.ts';
import {
  InvalidSocialToken,
  SocialProviderUnavailable,
  SocialProviderNotConfigured,
  type SocialIdentity,
} from '../../ports/identity-providers.ts';
import {
  findUserByEmail,
  findUserBySocialSubject,
  insertUser,
  isEmailHeld,
  updateAccountAccess,
  type UserRow,
} from '../users/index.ts';
import { assertLoginTypeAllows, issueSession, type LoginType, type RequestMeta } from './session-issuer.ts';
import { DEFAULT_LOCALE } from '../emails/index.ts';
import { toOneLine } from '../../platform/one-line.ts';
import { afterCommit } from '../../platform/after-commit.ts';
import { authRepository } from './auth.repository.ts';

/** The longest first or last name the profile routes accept (users.schemas.ts). */
const NAME_MAX = 100;

type Provider = 'google' | 'facebook';

async function verify(deps: Deps, provider: Provider, token: string): Promise<SocialIdentity> {
  try {
    return provider === 'google'
      ? await deps.google.verifyIdToken(token)
      : await deps.facebook.verifyAccessToken(token);
  } catch (err) {
    if (err instanceof InvalidSocialToken) throw new AppError('TOKEN_INVALID', `The ${provider} token was rejected`);
    if (err instanceof SocialProviderNotConfigured) throw new AppError('SOCIAL_PROVIDER_NOT_CONFIGURED', err.message);
    if (err instanceof SocialProviderUnavailable) throw new AppError('SOCIAL_PROVIDER_UNAVAILABLE', err.message);
    throw err;
  }
}

// A readable, unique-enough username; a clash is retried with a new suffix.
function usernameFrom(identity: SocialIdentity): string {
  const base =
    (identity.email?.split('@')[0] ?? `${identity.firstName}${identity.lastName}`)
      .replace(/[^A-Za-z0-9_.-]/g, '')
      .slice(0, 20) || 'user';
  return `${base}_${randomBytes(3).toString('hex')}`;
}

async function findOrCreate(
  deps: Deps,
  provider: Provider,
  identity: SocialIdentity,
  meta: RequestMeta,
): Promise<UserRow> {
  const link = provider === 'google' ? { googleSub: identity.subject } : { facebookId: identity.subject };
  const linked = await findUserBySocialSubject(deps.db, provider, identity.subject);
  if (linked) return linked;
  if (!identity.email || !identity.emailVerified) {
    throw new AppError('VALIDATION_FAILED', `Your ${provider} account has no verified e-mail address to sign in with`, {
      email: ['no verified e-mail from the provider'],
    });
  }
  const now = deps.clock.now();
  const byEmail = await findUserByEmail(deps.db, identity.email);
  if (byEmail) {
    if (byEmail.deletedAt) throw new AppError('ACCOUNT_INACTIVE', 'This account has been deleted');
    // Sign-in goes by subject; a second subject with the same address (a reassigned mailbox, a
    // new Facebook profile) must not take the account over and lock the first one out.
    if (provider === 'google' ? byEmail.googleSub : byEmail.facebookId) {
      throw new AppError('CONFLICT', `This e-mail address is already linked to another ${provider} account`);
    }
    // The provider vouches for the address, so the accounts are the same person's.
    if (byEmail.emailVerifiedAt) return (await updateAccountAccess(deps.db, byEmail.id, link, now))!;
    return linkUnverifiedAccount(deps, byEmail, link);
  }
  // An address held for the undo of an e-mail change belongs to the account that may take it back.
  if (await isEmailHeld(deps.db, identity.email, now)) {
    throw new AppError(
      'EMAIL_TAKEN',
      'This e-mail address was just moved off an account; use the link mailed to it to undo the change',
    );
  }
  for (let attempt = 0; ; attempt++) {
    try {
      return await insertUser(deps.db, {
        ...link,
        username: usernameFrom(identity),
        email: identity.email,
        // The provider's names skip our schemas: kept to the one line and length the routes allow.
        firstName: toOneLine(identity.firstName, NAME_MAX),
        lastName: toOneLine(identity.lastName, NAME_MAX),
        avatar: identity.picture,
        role: 'client',
        locale: meta.locale ?? DEFAULT_LOCALE,
        emailVerifiedAt: now,
        createdAt: now,
        updatedAt: now,
      });
    } catch (err) {
      const code = (err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
      if (code !== '23505' || attempt >= 2) throw err;
      // Lost a race with a concurrent first sign-in of the same person: take their row.
      const again = await findUserBySocialSubject(deps.db, provider, identity.subject);
      if (again) return again;
    }
  }
}

/**
 * Links the provider to an account whose address was never verified. Linking by address is the
 * proof the provider gives (the same a password reset asks for), but such an account may have
 * been opened by someone else with this address, to wait for its owner's first sign-in: its
 * password and sessions were never the address owner's, so they end here.
 */
async function linkUnverifiedAccount(
  deps: Deps,
  account: UserRow,
  link: { googleSub: string } | { facebookId: string },
): Promise<UserRow> {
  const now = deps.clock.now();
  const { user, revoked } = await deps.db.transaction(async (tx) => {
    const linked = await updateAccountAccess(
      tx,
      account.id,
      { ...link, emailVerifiedAt: now, passwordHash: null },
      now,
    );
    if (!linked) throw new AppError('NOT_FOUND', 'Account not found');
    return {
      user: linked,
      revoked: await authRepository(tx).revokeUserSessions(account.id, 'unverified_account_linked', now),
    };
  });
  await afterCommit(deps, 'session broadcast', () => deps.sessions.broadcastRevoked(revoked));
  return user;
}

/** Signs in with a Google ID token or a Facebook access token, linking or creating the account. */
export async function socialLogin(
  deps: Deps,
  provider: Provider,
  token: string,
  type: LoginType | undefined,
  meta: RequestMeta,
) {
  const identity = await verify(deps, provider, token);
  const user = await findOrCreate(deps, provider, identity, meta);
  // A deleted account stays linked to its subject, so the lookup by subject can still find it.
  if (user.deletedAt) throw new AppError('ACCOUNT_INACTIVE', 'This account has been deleted');
  if (!user.isActive) throw new AppError('ACCOUNT_INACTIVE', 'This account has been deactivated');
  const loginType = type ?? 'client';
  assertLoginTypeAllows(loginType, user.role);
  return issueSession(deps, user, loginType, meta);
}
