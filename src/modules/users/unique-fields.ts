// E-mail and username are unique (case-insensitively, by index); both routes that set them
// answer a clash with the same 409, whether found up front or lost in a race at insert time.
import { AppError } from '../../platform/errors.ts';

export function taken(field: 'email' | 'username'): AppError {
  return new AppError(field === 'email' ? 'EMAIL_TAKEN' : 'USERNAME_TAKEN', `This ${field} is already registered`, {
    [field]: ['is already taken'],
  });
}

/** Which unique field a database error is about, or null when it is another error. */
export function duplicateField(err: unknown): 'email' | 'username' | null {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pg = e.cause ?? e;
  if (pg.code !== '23505') return null;
  if (pg.constraint?.includes('username')) return 'username';
  if (pg.constraint?.includes('email')) return 'email';
  return null;
}
