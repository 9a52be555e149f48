import { randomBytes } from 'node:crypto';
import type { Deps } from '../../kernel/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { InvalidSocialToken, SocialProviderUnavailable, SocialProviderNotConfigured, type SocialIdentity } from '../../ports/identity-providers.ts';
import { findUserByEmail, findUserBySocialSubject, insertUser, updateAccountAccess, type UserRow } from '../users/index.ts';
import { assertLoginTypeAllows, issueSession, type LoginType, type RequestMeta } from './session-issuer.ts';
import { DEFAULT_LOCALE } from '../emails/index.ts';

type Provider = 'google' | 'facebook';

async function verify(deps: Deps, provider: Provider, token: string): Promise<SocialIdentity> {
  try {
    return provider === 'google' ? await deps.google.verifyIdToken(token) : await deps.facebook.verifyAccessToken(token);
  } catch (err) {
    if (err instanceof InvalidSocialToken) throw new AppError('TOKEN_INVALID', `The ${provider} token was rejected`);
    if (err instanceof SocialProviderNotConfigured) throw new AppError('SOCIAL_PROVIDER_NOT_CONFIGURED', err.message);
    if (err instanceof SocialProviderUnavailable) throw new AppError('SOCIAL_PROVIDER_UNAVAILABLE', err.message);
    throw err;
  }
}

// A readable, unique-enough username; a clash is retried with a new suffix.
function usernameFrom(identity: SocialIdentity): string {
  const base = (identity.email?.split('@')[0] ?? `${identity.firstName}${identity.lastName}`).replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 20) || 'user';
  return `${base}_${randomBytes(3).toString('hex')}`;
}

async function findOrCreate(deps: Deps, provider: Provider, identity: SocialIdentity, meta: RequestMeta): Promise<UserRow> {
  const link = provider === 'google' ? { googleSub: identity.subject } : { facebookId: identity.subject };
  const linked = await findUserBySocialSubject(deps.db, provider, identity.subject);
  if (linked) return linked;
  if (!identity.email || !identity.emailVerified) {
    throw new AppError('VALIDATION_FAILED', `Your ${provider} account has no verified e-mail address to sign in with`, { email: ['no verified e-mail from the provider'] });
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
    return (await updateAccountAccess(deps.db, byEmail.id, { ...link, emailVerifiedAt: byEmail.emailVerifiedAt ?? now }, now))!;
  }
  for (let attempt = 0; ; attempt++) {
    try {
      return await insertUser(deps.db, {
        ...link,
        username: usernameFrom(identity),
        email: identity.email,
        firstName: identity.firstName,
        lastName: identity.lastName,
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

/** Signs in with a Google ID token or a Facebook access token, linking or creating the account. */
export async function socialLogin(deps: Deps, provider: Provider, token: string, type: LoginType | undefined, meta: RequestMeta) {
  const identity = await verify(deps, provider, token);
  const user = await findOrCreate(deps, provider, identity, meta);
  // A deleted account stays linked to its subject, so the lookup by subject can still find it.
  if (user.deletedAt) throw new AppError('ACCOUNT_INACTIVE', 'This account has been deleted');
  if (!user.isActive) throw new AppError('ACCOUNT_INACTIVE', 'This account has been deactivated');
  const loginType = type ?? 'client';
  assertLoginTypeAllows(loginType, user.role);
  return issueSession(deps, user, loginType, meta);
}
