// Avatars: stored under a generated key, served from a public URL derived from that key. The
// client's file name never reaches the file system.
import { randomUUID } from 'node:crypto';
import type { Deps } from '../../container.ts';
import { checkUpload, type UploadedFile } from '../../platform/uploads.ts';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
const URL_PREFIX = '/api/user/avatars/';
const NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|gif)$/;
const MIME: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif' };

/** The storage key and type of a served avatar name; null for any name we could not have made. */
export function avatarFile(name: string): { key: string; mime: string } | null {
  const m = NAME.exec(name);
  return m ? { key: `avatars/${name}`, mime: MIME[m[1]!]! } : null;
}

/** The storage key behind a profile's avatar URL, when it is one of ours (not a social picture). */
export function storedAvatarKey(url: string | null): string | null {
  if (!url?.startsWith(URL_PREFIX)) return null;
  return avatarFile(url.slice(URL_PREFIX.length))?.key ?? null;
}

/** Checks the upload (jpeg/png/gif by content, ≤ 2 MB) and stores it; returns key and public URL. */
export async function storeAvatar(deps: Deps, upload: UploadedFile): Promise<{ key: string; url: string }> {
  const checked = await checkUpload(upload, 'avatar', ['jpeg', 'png', 'gif'], AVATAR_MAX_BYTES);
  const name = `${randomUUID()}.${checked.ext}`;
  await deps.storage.put(`avatars/${name}`, checked.data);
  return { key: `avatars/${name}`, url: `${URL_PREFIX}${name}` };
}

/** Deletes stored files after the change that dropped them committed; a failure is only logged. */
export async function deleteStoredFiles(deps: Deps, keys: Array<string | null>): Promise<void> {
  for (const key of keys) {
    if (!key) continue;
    await deps.storage.delete(key).catch((err: unknown) => deps.log.warn({ err, key }, 'could not delete a stored file'));
  }
}
