// Builds accounts straight through the repositories (the routes under test stay the subject).
import type { Deps } from '../../src/kernel/deps.ts';
import { hashPassword } from '../../src/platform/passwords.ts';
import { usersRepository, type UserRow } from '../../src/modules/users/users.repository.ts';
import type { App } from '../../src/app.ts';
import type { Role } from '../../src/kernel/caller.ts';

let seq = 0;
export const DEFAULT_PASSWORD = 'correct-horse-42';
let cachedHash: Promise<string> | undefined;

export async function createUser(
  deps: Deps,
  over: Partial<{
    role: Role;
    email: string;
    username: string;
    password: string | null;
    isActive: boolean;
    verified: boolean;
  }> = {},
): Promise<UserRow> {
  seq += 1;
  const tag = `${process.pid}${seq}`;
  const password = over.password === undefined ? DEFAULT_PASSWORD : over.password;
  const passwordHash =
    password === null
      ? null
      : password === DEFAULT_PASSWORD
        ? await (cachedHash ??= hashPassword(DEFAULT_PASSWORD))
        : await hashPassword(password);
  const now = deps.clock.now();
  return usersRepository(deps.db).insert({
    username: over.username ?? `user${tag}`,
    email: over.email ?? `user${tag}@example.test`,
    firstName: 'Test',
    lastName: `User${tag}`,
    passwordHash,
    role: over.role ?? 'client',
    isActive: over.isActive ?? true,
    emailVerifiedAt: over.verified === false ? null : now,
    createdAt: now,
    updatedAt: now,
  });
}

const TYPE_FOR_ROLE: Record<Role, string> = { client: 'client', owner: 'client', admin: 'admin', support: 'support' };

/** Logs in through the real route and returns the token. */
export async function loginAs(app: App, user: UserRow, password = DEFAULT_PASSWORD): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { login: user.email, password, type: TYPE_FOR_ROLE[user.role as Role] },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().data.token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
