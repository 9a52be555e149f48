// argon2id password hashing (OWASP's recommended parameters are the library defaults): plumbing
// shared by the modules that set or check passwords (auth, users) and by the seeds and tests.
import { hash, verify } from '@node-rs/argon2';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: 2 });
}

// Compared against when the account does not exist, so timing does not reveal which logins exist.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
