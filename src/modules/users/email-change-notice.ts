// The old address of an e-mail change is told of it, with a link that undoes it for 7 days
// (contract §3b): whoever holds a stolen session and the password cannot move the account's mail
// away without its owner hearing of it and being able to take it back (undo-email-change.ts).
import type { Executor } from '../../db/connection.ts';
import type { Deps } from '../../kernel/deps.ts';
import { clientLink } from '../../platform/client-links.ts';
import { sendEmail } from '../emails/index.ts';
import { emailChangesRepository } from './email-changes.repository.ts';
import type { UserRow } from './users.repository.ts';

export const EMAIL_CHANGE_UNDO_SECONDS = 7 * 24 * 3600;

/** Whether two addresses name the same mailbox (the unique index compares them case-insensitively). */
export const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export interface EmailChange {
  /** The account as it was before the change (its address and verification are what an undo restores). */
  before: UserRow;
  newEmail: string;
  now: Date;
}

/** Records the undo of an e-mail change on `db`, in the change's transaction; returns the plain token, to mail after commit. */
export async function recordEmailChange(deps: Deps, db: Executor, change: EmailChange): Promise<string> {
  const token = deps.secrets.newToken();
  await emailChangesRepository(db).insert({
    userId: change.before.id,
    oldEmail: change.before.email,
    oldEmailVerifiedAt: change.before.emailVerifiedAt,
    newEmail: change.newEmail,
    tokenHash: deps.secrets.hashToken('email_change_undo', token),
    expiresAt: new Date(change.now.getTime() + EMAIL_CHANGE_UNDO_SECONDS * 1000),
    createdAt: change.now,
  });
  return token;
}

/**
 * "a***@example.com": enough for the owner to recognise an address of theirs or not, without
 * handing a former mailbox (an old employer's) the account's new address.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 1 ? '***' : `${email.slice(0, 1)}***${email.slice(at)}`;
}

/** Mails the old address, in the account's language, after the change committed. */
export async function mailEmailChangeNotice(
  deps: Deps,
  notice: { oldEmail: string; user: UserRow; token: string; changedAt: Date },
): Promise<void> {
  const { user } = notice;
  await sendEmail(deps, {
    to: notice.oldEmail,
    template: 'email-changed',
    locale: user.locale,
    timeZone: user.timeZone,
    vars: {
      name: user.firstName || user.username,
      new_email: maskEmail(user.email),
      changed_at: { date: notice.changedAt.toISOString() },
      valid_for: { duration: { seconds: EMAIL_CHANGE_UNDO_SECONDS } },
      link: clientLink(deps.config, 'undoEmailChange', { token: notice.token }),
    },
  });
}
