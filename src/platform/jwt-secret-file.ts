// The signing key a deployment without JWT_SECRET keeps in DATA_DIR/jwt-secret: made once, read at
// every start, so restarts keep sessions and codes valid. `npm run cluster` makes it before its
// instances start, so that several instances on one DATA_DIR never each make their own.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const JWT_SECRET_FILE = 'jwt-secret';

/** The key in DATA_DIR/jwt-secret, made now when the file is missing or too short to be one. */
export async function storedJwtSecret(dataDir: string): Promise<{ secret: string; made: boolean }> {
  const file = path.join(dataDir, JWT_SECRET_FILE);
  const text = await readFile(file, 'utf8').then(
    (t) => t.trim(),
    () => '',
  );
  if (text.length >= 32) return { secret: text, made: false };
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return { secret, made: true };
}
