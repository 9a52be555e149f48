// The account record as other modules may read and write it (through index.ts): lookups,
// creation, and the few column groups another module decides — how an account signs in (auth),
// the KYC copy and the owner role (owner onboarding). Each takes the executor it runs on, so a
// caller inside a transaction keeps it.
import type { Executor } from '../../db/connection.ts';
import { usersRepository, type NewUser, type UserRow } from './users.repository.ts';
import { emailChangesRepository } from './email-changes.repository.ts';

export const findUserById = (db: Executor, id: number): Promise<UserRow | undefined> =>
  usersRepository(db).findById(id);

/** Case-insensitive; deleted accounts included (their address is anonymised). */
export const findUserByEmail = (db: Executor, email: string): Promise<UserRow | undefined> =>
  usersRepository(db).findByEmail(email);

/** Case-insensitive; deleted accounts included. */
export const findUserByUsername = (db: Executor, username: string): Promise<UserRow | undefined> =>
  usersRepository(db).findByUsername(username);

/** A live (not deleted) account by e-mail or username, case-insensitively; the e-mail wins a tie. */
export const findUserByLogin = (db: Executor, login: string): Promise<UserRow | undefined> =>
  usersRepository(db).findByLogin(login);

/** The account linked to a social sign-in subject, deleted or not. */
export function findUserBySocialSubject(
  db: Executor,
  provider: 'google' | 'facebook',
  subject: string,
): Promise<UserRow | undefined> {
  return provider === 'google'
    ? usersRepository(db).findByGoogleSub(subject)
    : usersRepository(db).findByFacebookId(subject);
}

/**
 * Whether an address is held for the undo of an e-mail change (its account may take it back for 7
 * days): a new account must not take it, as if it were registered.
 */
export const isEmailHeld = (db: Executor, email: string, now: Date): Promise<boolean> =>
  emailChangesRepository(db).isHeld(email, now);

/** Inserts an account; a clash on e-mail or username surfaces as the database's unique violation. */
export const insertUser = (db: Executor, user: NewUser): Promise<UserRow> => usersRepository(db).insert(user);

/** The columns that decide and record how an account signs in. */
export type AccountAccessChanges = Partial<
  Pick<NewUser, 'passwordHash' | 'emailVerifiedAt' | 'googleSub' | 'facebookId' | 'lastLogin' | 'isActive'>
>;

/** Sets sign-in columns (password, verified e-mail, social links, last login, active flag); the row after. */
export const updateAccountAccess = (
  db: Executor,
  id: number,
  changes: AccountAccessChanges,
  now: Date,
): Promise<UserRow | undefined> => usersRepository(db).update(id, changes, now);

/** The KYC and address members an owner application copies onto the profile. */
export type KycProfileColumns = Partial<
  Pick<
    NewUser,
    | 'userType'
    | 'companyName'
    | 'countryRegion'
    | 'idType'
    | 'idNumber'
    | 'idExpiryDate'
    | 'idPhotoPath'
    | 'placeType'
    | 'placeDetails'
    | 'address'
    | 'city'
    | 'state'
    | 'postalCode'
    | 'country'
    | 'latitude'
    | 'longitude'
  >
>;

export const copyKycOntoProfile = (
  db: Executor,
  id: number,
  kyc: KycProfileColumns,
  now: Date,
): Promise<UserRow | undefined> => usersRepository(db).update(id, kyc, now);

/** Makes the account an owner if it is a client; an account made staff meanwhile keeps its role. */
export async function promoteClientToOwner(db: Executor, id: number, now: Date): Promise<void> {
  const users = usersRepository(db);
  const account = await users.findById(id);
  if (account?.role === 'client') await users.update(id, { role: 'owner' }, now);
}
