// PUT /user/update: a user changes their own profile; admin and support change other accounts.
import type { Deps } from '../../kernel/deps.ts';
import { AppError, forbidden, invalidField, notFound } from '../../platform/errors.ts';
import type { UploadedFile } from '../../platform/uploads.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
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

/** A session younger than this may change its password without the current one. */
export const FRESH_SESSION_MS = 10 * 60 * 1000;

// The body carries the file as parsed by the multipart plugin.
export type UpdateUserInput = Omit<UpdateUserBody, 'avatar'> & { avatar?: UploadedFile };

function assertCallerMaySend(caller: AuthUser, input: UpdateUserInput): void {
  if (input.role !== undefined) throw forbidden('role cannot be changed here; an admin changes roles with PUT /user/{id}/role');
  if (isStaff(caller.role)) return;
  if (input.user_id !== undefined && input.user_id !== caller.id) throw forbidden('Only admin and support may change another account');
  if (input.is_active !== undefined) throw forbidden('Only admin and support may activate or deactivate an account');
}

async function assertKycUnlocked(deps: Deps, caller: AuthUser, target: UserRow, set: ChangeSet): Promise<void> {
  if (caller.id !== target.id || isStaff(caller.role)) return;
  const locked = KYC_IDENTITY_FIELDS.filter((f) => f in set.after);
  if (locked.length === 0) return;
  const status = await accountHooks(deps, 'ownerRequests').latestStatus(deps.db, target.id);
  if (status === 'pending' || status === 'approved') {
    throw new AppError('CONFLICT', `${locked.join(', ')} cannot change while your owner request is ${status}; contact support`);
  }
}

async function assertUnique(deps: Deps, target: UserRow, set: ChangeSet): Promise<void> {
  const repo = usersRepository(deps.db);
  if (set.changes.email !== undefined) {
    const other = await repo.findByEmail(set.changes.email);
    if (other && other.id !== target.id) throw taken('email');
  }
  if (set.changes.username !== undefined) {
    const other = await repo.findByUsername(set.changes.username);
    if (other && other.id !== target.id) throw taken('username');
  }
}

// Returns the new hash, or undefined when no password is being set.
async function newPasswordHash(deps: Deps, caller: AuthUser, target: UserRow, input: UpdateUserInput): Promise<string | undefined> {
  if (input.password === undefined) return undefined;
  if (input.password !== input.password_confirmation) throw invalidField('password_confirmation', 'does not match password');
  const fresh = deps.clock.now().getTime() - caller.sessionCreatedAt.getTime() < FRESH_SESSION_MS;
  if (input.current_password !== undefined ? !(await verifyPassword(target.passwordHash, input.current_password)) : !fresh) {
    const msg = input.current_password !== undefined ? 'is incorrect' : 'is required: your session is more than 10 minutes old';
    throw new AppError('FORBIDDEN', `current_password ${msg}`, { current_password: [msg] });
  }
  return hashPassword(input.password);
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
}

// Load, check permission, check state: everything that can refuse the request runs before any write.
async function plan(deps: Deps, caller: AuthUser, input: UpdateUserInput): Promise<Plan> {
  assertCallerMaySend(caller, input);
  const target = await usersRepository(deps.db).findLiveById(input.user_id ?? caller.id);
  if (!target) throw notFound('User');
  assertMayManage(caller, target);
  if (input.password !== undefined && target.id !== caller.id) throw forbidden('A password can only be changed by its owner');
  const activate = input.is_active === undefined ? undefined : parseFlag(input.is_active);
  if (activate === false && target.id === caller.id) throw new AppError('CONFLICT', 'You cannot deactivate your own account');

  const set = profileChanges(input, target);
  if (activate !== undefined && activate !== target.isActive) {
    set.changes.isActive = activate;
    noteChange(set, 'is_active', target.isActive, activate);
  }
  await assertKycUnlocked(deps, caller, target, set);
  await assertUnique(deps, target, set);
  const passwordHash = await newPasswordHash(deps, caller, target, input);
  // Re-encoded here, stored only with the change (updateUser).
  const avatar = input.avatar ? await prepareAvatar(input.avatar) : undefined;
  if (avatar) {
    set.changes.avatar = avatar.url;
    noteChange(set, 'avatar', target.avatar, avatar.url);
  }
  if (set.changes.email !== undefined && set.changes.email.toLowerCase() !== target.email.toLowerCase()) set.changes.emailVerifiedAt = null;
  return { target, set, passwordHash, avatar };
}

async function persist(deps: Deps, caller: AuthUser, { target, set, passwordHash }: Plan) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const deactivating = set.changes.isActive === false;
    const locked = deactivating ? await lockTargetKeepingAnAdmin(tx, target.id, true, 'deactivated') : await usersRepository(tx).lockLiveById(target.id);
    if (!locked) throw notFound('User');
    const user = (await usersRepository(tx).update(target.id, { ...set.changes, ...(passwordHash ? { passwordHash } : {}) }, now))!;
    const auth = accountHooks(deps, 'auth');
    const code = set.changes.emailVerifiedAt === null ? await auth.createEmailCode(deps, user, tx) : undefined;
    const revoked = deactivating
      ? await auth.revokeSessions(tx, target.id, 'deactivated', now)
      : passwordHash
        ? await auth.revokeSessions(tx, target.id, 'password_changed', now, caller.sessionId)
        : [];
    if (caller.id !== target.id) {
      await recordAudit(tx, caller, { action: 'user.update', targetType: 'user', targetId: target.id, before: set.before, after: set.after }, now);
    }
    // The avatar replaced is the locked row's: a concurrent update may have replaced the one planned with.
    const replacedAvatar = set.changes.avatar !== undefined ? storedAvatarKey(locked.avatar) : null;
    return { user, code, revoked, replacedAvatar };
  });
}

/** Applies the changes the caller may make; answers the updated flat profile. */
export async function updateUser(deps: Deps, caller: AuthUser, input: UpdateUserInput) {
  const p = await plan(deps, caller, input);
  if (Object.keys(p.set.changes).length === 0 && p.passwordHash === undefined) return toFlatProfile(p.target);
  let result: Awaited<ReturnType<typeof persist>>;
  try {
    result = await storeFilesThen(deps, p.avatar ? [p.avatar] : [], () => persist(deps, caller, p));
  } catch (err) {
    const field = duplicateField(err);
    throw field ? taken(field) : err;
  }
  await afterCommit(deps, 'session broadcast', async () => {
    await deps.sessions.broadcastRevoked(result.revoked);
    if (p.set.changes.isActive !== undefined) await deps.sessions.broadcastUserChanged(p.target.id);
  });
  // A lost code mail is recoverable: POST /auth/resend-verification sends another.
  const code = result.code;
  if (code) await afterCommit(deps, 'verification mail', () => accountHooks(deps, 'auth').mailEmailCode(deps, result.user, code));
  await removeStoredFiles(deps, [result.replacedAvatar]);
  return toFlatProfile(result.user);
}
