// Avatars: re-encoded (platform/images.ts: no metadata, no trailer, a pixel limit), stored under
// a generated key and served from a public URL derived from that key. The client's file name
// never reaches the file system.
import { randomUUID } from 'node:crypto';
import { checkAndReencode } from '../../platform/images.ts';
import type { FileToStore } from '../../platform/stored-files.ts';
import type { UploadedFile } from '../../platform/uploads.ts';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** Stored avatars fit in this square; profile pictures are never shown larger. */
export const AVATAR_MAX_EDGE = 1024;
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

/**
 * Checks the upload (jpeg/png/gif by content, ≤ 2 MB) and re-encodes it; returns the file to
 * store and its public URL. Nothing is written here: the caller stores it with its change.
 */
export async function prepareAvatar(upload: UploadedFile): Promise<FileToStore & { url: string }> {
  const checked = await checkAndReencode(upload, {
    field: 'avatar',
    allowed: ['jpeg', 'png', 'gif'],
    maxBytes: AVATAR_MAX_BYTES,
    maxEdge: AVATAR_MAX_EDGE,
  });
  const name = `${randomUUID()}.${checked.ext}`;
  return { key: `avatars/${name}`, data: checked.data, url: `${URL_PREFIX}${name}` };
}
