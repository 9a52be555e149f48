// PUT /user/update: a user changes their own profile; admin and support change other accounts.
// E-mail, phone and password are credentials: changing one needs the caller's proof
// (credential-proof.ts). A new password or a new address ends the account's other sessions (all
// of them when staff change another account's address), and a new address tells the old one,
// with a link that undoes the change (email-change-notice.ts).
import type { Executor } from '../../db/connection.ts';
import type { Deps } from '../../kernel/deps.ts';
import { AppError, forbidden, invalidField, notFound } from '../../platform/errors.ts';
import type { UploadedFile } from '../../platform/uploads.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { recordAudit } from '../audit/index.ts';
import { afterCommit } from '../../platform/after-commit.ts';
import { removeStoredFiles, storeFilesThen, type FileToStore } from '../../platform/stored-files.ts';
import { accountHooks } from './account-hooks.ts';
import { prepareAvatar, storedAvatarKey } from './avatars.ts';
import { assertMayManage, isStaff, lockTargetKeepingAnAdmin } from './user-access.ts';
import { KYC_IDENTITY_FIELDS, parseFlag, profileChanges, type ChangeSet } from './user-changes.ts';
import { toFlatProfile } from './user-profile.ts';
import { usersRepository, type UserRow } from './users.repository.ts';
import type { UpdateUserBody } from './users.schemas.ts';
import { duplicateField, taken } from './unique-fields.ts';
import { assertCredentialProof } from './credential-proof.ts';
import { emailChangesRepository } from './email-changes.repository.ts';
import { mailEmailChangeNotice, recordEmailChange, sameAddress } from './email-change-notice.ts';

// The body carries the file as parsed by the multipart plugin.
export type UpdateUserInput = Omit<UpdateUserBody, 'avatar'> & { avatar?: UploadedFile };

function assertCallerMaySend(caller: AuthUser, input: UpdateUserInput): void {
  if (input.role !== undefined)
    throw forbidden('role cannot be changed here; an admin changes roles with PUT /user/{id}/role');
  if (isStaff(caller.role)) return;
  if (input.user_id !== undefined && input.user_id !== caller.id)
    throw forbidden('Only admin and support may change another account');
  if (input.is_active !== undefined) throw forbidden('Only admin and support may activate or deactivate an account');
}

async function assertKycUnlocked(deps: Deps, caller: AuthUser, target: UserRow, set: ChangeSet): Promise<void> {
  if (caller.id !== target.id || isStaff(caller.role)) return;
  const locked = KYC_IDENTITY_FIELDS.filter((f) => f in set.after);
  if (locked.length === 0) return;
  const status = await accountHooks(deps, 'ownerRequests').latestStatus(deps.db, target.id);
  if (status === 'pending' || status === 'approved') {
    throw new AppError(
      'CONFLICT',
      `${locked.join(', ')} cannot change while your owner request is ${status}; contact support`,
    );
  }
}

async function assertUnique(deps: Deps, target: UserRow, set: ChangeSet): Promise<void> {
  const repo = usersRepository(deps.db);
  if (set.changes.email !== undefined) {
    const other = await repo.findByEmail(set.changes.email);
    if (other && other.id !== target.id) throw taken('email');
    // An address another account may still take back by its undo link is not free either.
    if (await emailChangesRepository(deps.db).isHeld(set.changes.email, deps.clock.now(), target.id))
      throw taken('email');
  }
  if (set.changes.username !== undefined) {
    const other = await repo.findByUsername(set.changes.username);
    if (other && other.id !== target.id) throw taken('username');
  }
}

/** The credential members the change touches, in API names. */
function credentialsChanged(set: ChangeSet, input: UpdateUserInput): string[] {
  return [
    set.changes.email !== undefined && 'email',
    set.changes.phone !== undefined && 'phone',
    input.password !== undefined && 'password',
  ].filter((f): f is string => f !== false);
}

async function assertProved(
  deps: Deps,
  caller: AuthUser,
  { target, input, set }: { target: UserRow; input: UpdateUserInput; set: ChangeSet },
) {
  const callerRow = caller.id === target.id ? target : await usersRepository(deps.db).findLiveById(caller.id);
  if (!callerRow) throw notFound('User');
  await assertCredentialProof(deps, caller, {
    callerRow,
    changing: credentialsChanged(set, input),
    currentPassword: input.current_password,
  });
}

function noteChange(set: ChangeSet, field: string, before: unknown, after: unknown): void {
  set.before[field] = before;
  set.after[field] = after;
}

interface Plan {
  target: UserRow;
  set: ChangeSet;
  passwordHash?: string;
  avatar?: FileToStore;
  /** The account moves to another mailbox (not a change of case only). */
  movesAddress: boolean;
}

// Load, check permission, check state: everything that can refuse the request runs before any write.
async function plan(deps: Deps, caller: AuthUser, input: UpdateUserInput): Promise<Plan> {
  assertCallerMaySend(caller, input);
  const target = await usersRepository(deps.db).findLiveById(input.user_id ?? caller.id);
  if (!target) throw notFound('User');
  assertMayManage(caller, target);
  if (input.password !== undefined && target.id !== caller.id)
    throw forbidden('A password can only be changed by its owner');
  const activate = input.is_active === undefined ? undefined : parseFlag(input.is_active);
  if (activate === false && target.id === caller.id)
    throw new AppError('CONFLICT', 'You cannot deactivate your own account');

  if (input.password !== undefined && input.password !== input.password_confirmation)
    throw invalidField('password_confirmation', 'does not match password');

  const set = profileChanges(input, target);
  if (activate !== undefined && activate !== target.isActive) {
    set.changes.isActive = activate;
    noteChange(set, 'is_active', target.isActive, activate);
  }
  // Before the checks that read other accounts, so an unproved caller learns nothing of them.
  await assertProved(deps, caller, { target, input, set });
  await assertKycUnlocked(deps, caller, target, set);
  await assertUnique(deps, target, set);
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  // Re-encoded here, stored only with the change (updateUser).
  const avatar = input.avatar ? await prepareAvatar(input.avatar) : undefined;
  if (avatar) {
    set.changes.avatar = avatar.url;
    noteChange(set, 'avatar', target.avatar, avatar.url);
  }
  const movesAddress = set.changes.email !== undefined && !sameAddress(set.changes.email, target.email);
  if (movesAddress) set.changes.emailVerifiedAt = null;
  return { target, set, passwordHash, avatar, movesAddress };
}

interface Revocation {
  caller: AuthUser;
  plan: Plan;
  movedAddress: boolean;
  now: Date;
}

// Ends the sessions the change calls for: every one on deactivation; on a new password or address,
// all but the caller's (the caller's own session is not the account's when staff change it).
async function revokeFor(deps: Deps, tx: Executor, { caller, plan, movedAddress, now }: Revocation) {
  const auth = accountHooks(deps, 'auth');
  const id = plan.target.id;
  if (plan.set.changes.isActive === false) return auth.revokeSessions(tx, id, 'deactivated', now);
  if (!plan.passwordHash && !movedAddress) return [];
  const reason = plan.passwordHash ? 'password_changed' : 'email_changed';
  return auth.revokeSessions(tx, id, reason, now, caller.id === id ? caller.sessionId : undefined);
}

async function persist(deps: Deps, caller: AuthUser, plan: Plan) {
  const { target, set, passwordHash } = plan;
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const deactivating = set.changes.isActive === false;
    const locked = deactivating
      ? await lockTargetKeepingAnAdmin(tx, target.id, true, 'deactivated')
      : await usersRepository(tx).lockLiveById(target.id);
    if (!locked) throw notFound('User');
    const user = (await usersRepository(tx).update(
      target.id,
      { ...set.changes, ...(passwordHash ? { passwordHash } : {}) },
      now,
    ))!;
    const code = plan.movesAddress ? await accountHooks(deps, 'auth').createEmailCode(deps, user, tx) : undefined;
    // The locked row's address, not the planned one: a concurrent change may have moved it since.
    const movedAddress = plan.movesAddress && !sameAddress(locked.email, user.email);
    const undoToken = movedAddress
      ? await recordEmailChange(deps, tx, { before: locked, newEmail: user.email, now })
      : undefined;
    const notice = undoToken ? { oldEmail: locked.email, user, token: undoToken, changedAt: now } : undefined;
    const revoked = await revokeFor(deps, tx, { caller, plan, movedAddress, now });
    if (caller.id !== target.id) {
      await recordAudit(
        tx,
        caller,
        { action: 'user.update', targetType: 'user', targetId: target.id, before: set.before, after: set.after },
        now,
      );
    }
    // The avatar replaced is the locked row's: a concurrent update may have replaced the one planned with.
    const replacedAvatar = set.changes.avatar !== undefined ? storedAvatarKey(locked.avatar) : null;
    return { user, code, notice, revoked, replacedAvatar };
  });
}

/** Applies the changes the caller may make; answers the updated flat profile. */
export async function updateUser(deps: Deps, caller: AuthUser, input: UpdateUserInput) {
  const change = await plan(deps, caller, input);
  if (Object.keys(change.set.changes).length === 0 && change.passwordHash === undefined)
    return toFlatProfile(change.target);
  let result: Awaited<ReturnType<typeof persist>>;
  try {
    result = await storeFilesThen(deps, change.avatar ? [change.avatar] : [], () => persist(deps, caller, change));
  } catch (err) {
    const field = duplicateField(err);
    throw field ? taken(field) : err;
  }
  await afterCommit(deps, 'session broadcast', async () => {
    await deps.sessions.broadcastRevoked(result.revoked);
    if (change.set.changes.isActive !== undefined) await deps.sessions.broadcastUserChanged(change.target.id);
  });
  // A lost code mail is recoverable: POST /auth/resend-verification sends another.
  const { code, notice } = result;
  if (code)
    await afterCommit(deps, 'verification mail', () =>
      accountHooks(deps, 'auth').mailEmailCode(deps, result.user, code),
    );
  if (notice) await afterCommit(deps, 'e-mail change notice', () => mailEmailChangeNotice(deps, notice));
  await removeStoredFiles(deps, [result.replacedAvatar]);
  return toFlatProfile(result.user);
}
