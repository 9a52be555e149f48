// auth's part of the users module's account use cases (users/account-hooks.ts): ending an
// account's sessions when it is deactivated, deleted or given a new password or e-mail address,
// the password that proves a credential change, the code that proves a changed e-mail address,
// and the first-password link of an account an admin created.
import type { Deps } from '../../kernel/deps.ts';
import { provideAccountHooks } from '../users/index.ts';
import { authRepository } from './auth.repository.ts';
import { createCode, mailCode } from './send-code.ts';
import { sendInitialPasswordLink } from './set-initial-password.ts';
import { checkCurrentPassword } from './check-current-password.ts';

export function provideAuthAccountHooks(deps: Deps): void {
  provideAccountHooks(deps, 'auth', {
    revokeSessions: (db, userId, reason, now, exceptSessionId) =>
      authRepository(db).revokeUserSessions(userId, reason, now, exceptSessionId),
    checkCurrentPassword,
    createEmailCode: (d, user, db) => createCode(d, user, 'email_verification', db),
    mailEmailCode: (d, user, code) => mailCode(d, user, 'email_verification', code),
    sendInitialPasswordLink,
  });
}
