// DELETE /user/delete: the caller erases their personal data. The row stays, anonymised, because
// reservations, payments and messages will keep pointing at it.
import type { Deps } from '../../kernel/deps.ts';
import { notFound } from '../../platform/errors.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { afterCommit } from '../../platform/after-commit.ts';
import { removeStoredFiles } from '../../platform/stored-files.ts';
import { accountHooks } from './account-hooks.ts';
import { storedAvatarKey } from './avatars.ts';
import { lockTargetKeepingAnAdmin } from './user-access.ts';
import { usersRepository, type NewUser } from './users.repository.ts';
import { emailChangesRepository } from './email-changes.repository.ts';

function anonymised(id: number, now: Date): Partial<NewUser> {
  return {
    username: `deleted_${id}`,
    email: `deleted+${id}@invalid.invalid`,
    firstName: '',
    lastName: '',
    phone: null,
    job: null,
    location: null,
    avatar: null,
    timeZone: null,
    userType: null,
    companyName: null,
    countryRegion: null,
    idType: null,
    idNumber: null,
    idExpiryDate: null,
    idPhotoPath: null,
    placeType: null,
    placeDetails: null,
    address: null,
    city: null,
    state: null,
    postalCode: null,
    country: null,
    latitude: null,
    longitude: null,
    passwordHash: null,
    googleSub: null,
    facebookId: null,
    phoneVerified: false,
    wantsOwnerRole: false,
    isActive: false,
    deletedAt: now,
  };
}

/** Anonymises the account, ends its sessions, then removes its files from storage. */
export async function deleteAccount(deps: Deps, caller: AuthUser): Promise<void> {
  const now = deps.clock.now();
  const out = await deps.db.transaction(async (tx) => {
    const user = await lockTargetKeepingAnAdmin(tx, caller.id, true, 'deleted');
    if (!user) throw notFound('User');
    const kycKeys = await accountHooks(deps, 'ownerRequests').eraseForUser(tx, user.id, now);
    await usersRepository(tx).update(user.id, anonymised(user.id, now), now);
    await usersRepository(tx).deleteAssignmentOf(user.id);
    // They hold the account's past addresses; an undo of a deleted account has nothing to restore.
    await emailChangesRepository(tx).deleteForUser(user.id);
    const revoked = await accountHooks(deps, 'auth').revokeSessions(tx, user.id, 'account_deleted', now);
    return { revoked, files: [storedAvatarKey(user.avatar), ...kycKeys] };
  });
  await afterCommit(deps, 'session broadcast', async () => {
    await deps.sessions.broadcastRevoked(out.revoked);
    await deps.sessions.broadcastUserChanged(caller.id);
  });
  await removeStoredFiles(deps, out.files);
}
