// What every successful sign-in answers: a new session's token, the role and the flat profile.
import type { Deps } from '../../kernel/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { toFlatProfile, updateAccountAccess, type UserRow } from '../users/index.ts';
import type { Locale } from '../emails/index.ts';

export type LoginType = 'client' | 'admin' | 'support';

/** Which roles each login type admits (contract §3). */
export const ROLES_BY_LOGIN_TYPE: Record<LoginType, readonly string[]> = {
  client: ['client', 'owner'],
  admin: ['admin', 'owner'],
  support: ['support', 'admin'],
};

/** The login type a role uses when it does not say (first login after setting a password). */
export function defaultLoginType(role: string): LoginType {
  return role === 'admin' ? 'admin' : role === 'support' ? 'support' : 'client';
}

export function assertLoginTypeAllows(type: LoginType, role: string): void {
  if (!ROLES_BY_LOGIN_TYPE[type].includes(role)) {
    throw new AppError('LOGIN_TYPE_NOT_ALLOWED', `A ${role} account cannot sign in with login type "${type}"`);
  }
}

export interface RequestMeta {
  ip?: string;
  userAgent?: string;
  /** The e-mail language of an account this request creates (social sign-in), from Accept-Language. */
  locale?: Locale;
}

export async function issueSession(deps: Deps, user: UserRow, loginType: LoginType, meta: RequestMeta) {
  const { token } = await deps.sessions.start(user, loginType, meta);
  const updated =
    (await updateAccountAccess(deps.db, user.id, { lastLogin: deps.clock.now() }, deps.clock.now())) ?? user;
  return { token, role: updated.role, user: toFlatProfile(updated), loginType };
}

export function assertPasswordsMatch(password: string, confirmation: string): void {
  if (password !== confirmation) {
    throw new AppError('VALIDATION_FAILED', 'password_confirmation does not match password', {
      password_confirmation: ['does not match password'],
    });
  }
}
