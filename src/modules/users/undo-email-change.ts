// Undoing an e-mail change with the link mailed to the old address (contract §3b).
//
// Decisions:
// - The link is the proof: it reached the old mailbox. It works once, for 7 days.
// - The old address comes back as verified as it was before the change.
// - Every session of the account ends, the password is removed and so are the Google and
//   Facebook links. Whoever made the change knew the password (it was asked for), and after
//   verifying the new address could have linked a sign-in provider of theirs to it; leaving
//   either would hand the account straight back. The person gets in again by password reset to
//   the restored address (the answer and the page say so) or by signing in with their own
//   provider account, which links again through the verified address.
// - The account's other pending undos are retired: they would put back an address this one
//   replaced, which is what an attacker changing the address twice would keep in hand.
// - The old address is held while the undo lives (email-changes.repository.ts isHeld), so it is
//   free to come back; a clash anyway (a race) is 409 and leaves the link usable.
import type { Deps } from '../../kernel/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { afterCommit } from '../../platform/after-commit.ts';
import { accountHooks } from './account-hooks.ts';
import { emailChangesRepository } from './email-changes.repository.ts';
import { usersRepository } from './users.repository.ts';
import { duplicateField } from './unique-fields.ts';

const invalidToken = () =>
  new AppError('INVALID_TOKEN', 'The link is invalid, expired or already used', {
    token: ['is invalid, expired or already used'],
  });

/** Restores the address an e-mail change replaced; answers the restored address. */
export async function undoEmailChange(deps: Deps, token: string): Promise<{ email: string }> {
  const now = deps.clock.now();
  const tokenHash = deps.secrets.hashToken('email_change_undo', token);
  let done: { email: string; userId: number; revoked: string[] };
  try {
    done = await deps.db.transaction(async (tx) => {
      const undo = await emailChangesRepository(tx).consume(tokenHash, now);
      if (!undo) throw invalidToken();
      const user = await usersRepository(tx).lockLiveById(undo.userId);
      if (!user) throw invalidToken();
      await emailChangesRepository(tx).retireForUser(user.id, now);
      const restored = await usersRepository(tx).update(
        user.id,
        {
          email: undo.oldEmail,
          emailVerifiedAt: undo.oldEmailVerifiedAt,
          passwordHash: null,
          googleSub: null,
          facebookId: null,
        },
        now,
      );
      if (!restored) throw invalidToken();
      const revoked = await accountHooks(deps, 'auth').revokeSessions(tx, user.id, 'email_change_undone', now);
      return { email: restored.email, userId: user.id, revoked };
    });
  } catch (err) {
    if (duplicateField(err) === 'email')
      throw new AppError('EMAIL_TAKEN', 'The old address now belongs to another account; contact support', {
        token: ['its address now belongs to another account'],
      });
    throw err;
  }
  deps.log.info({ userId: done.userId }, 'e-mail change undone from the old address');
  await afterCommit(deps, 'session broadcast', () => deps.sessions.broadcastRevoked(done.revoked));
  return { email: done.email };
}
