import type { Deps } from '../../kernel/deps.ts';
import { AppError } from '../../platform/errors.ts';
import {
  findUserByEmail,
  findUserByUsername,
  insertUser,
  isEmailHeld,
  toFlatProfile,
  type UserRow,
} from '../users/index.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { assertPasswordsMatch } from './session-issuer.ts';
import { createCode, mailCode } from './send-code.ts';
import { DEFAULT_LOCALE, type Locale } from '../emails/index.ts';

export interface RegisterInput {
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  phone?: string;
  password: string;
  password_confirmation: string;
  /** Owner registration: the account becomes an owner only once support approves its KYC. */
  owner?: { user_type: 'individual' | 'company'; company_name?: string };
  /** The language of the account's e-mails (the route negotiates it from Accept-Language). */
  locale?: Locale;
}

function taken(field: 'email' | 'username'): AppError {
  return new AppError(field === 'email' ? 'EMAIL_TAKEN' : 'USERNAME_TAKEN', `This ${field} is already registered`);
}

// The unique indexes are the real guard; this maps a lost race to the same 409.
function duplicateField(err: unknown): 'email' | 'username' | null {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pg = e.cause ?? e;
  if (pg.code !== '23505') return null;
  return pg.constraint?.includes('username') ? 'username' : 'email';
}

/** Creates a client account with an unverified e-mail and mails a 6-digit code. */
export async function registerAccount(deps: Deps, input: RegisterInput) {
  assertPasswordsMatch(input.password, input.password_confirmation);
  if (input.owner?.user_type === 'company' && !input.owner.company_name?.trim()) {
    throw new AppError('VALIDATION_FAILED', 'company_name is required for a company', {
      company_name: ['is required for a company'],
    });
  }
  if (await findUserByEmail(deps.db, input.email)) throw taken('email');
  // Held for the undo of an e-mail change: its account may take it back.
  if (await isEmailHeld(deps.db, input.email, deps.clock.now())) throw taken('email');
  if (await findUserByUsername(deps.db, input.username)) throw taken('username');
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  let user: UserRow;
  let code: string;
  try {
    ({ user, code } = await deps.db.transaction(async (tx) => {
      const created = await insertUser(tx, {
        username: input.username,
        email: input.email.trim(),
        firstName: input.first_name.trim(),
        lastName: input.last_name.trim(),
        phone: input.phone ?? null,
        passwordHash,
        role: 'client',
        wantsOwnerRole: Boolean(input.owner),
        locale: input.locale ?? DEFAULT_LOCALE,
        userType: input.owner?.user_type ?? null,
        companyName: input.owner?.company_name?.trim() || null,
        createdAt: now,
        updatedAt: now,
      });
      return { user: created, code: await createCode(deps, created, 'email_verification', tx) };
    }));
  } catch (err) {
    const field = duplicateField(err);
    if (field) throw taken(field);
    throw err;
  }
  await mailCode(deps, user, 'email_verification', code);
  return { user: toFlatProfile(user) };
}
