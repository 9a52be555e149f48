import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { notFound } from '../../platform/errors.ts';
import { canSee, findPropertyById, isPublic } from '../properties/index.ts';
import { propertyMediaRepository } from './property-media.repository.ts';

export interface MediaFile {
  key: string;
  mime: string;
  downloadName: string;
  /** Whether shared caches may keep it: only files of a public listing. */
  cache: 'public' | 'private';
}

/** The stored file (or thumbnail) of a media, for a caller who may see its listing; 404 otherwise. */
export async function getMediaFile(
  deps: Deps,
  caller: AuthUser | null,
  mediaId: number,
  which: 'file' | 'thumbnail',
): Promise<MediaFile> {
  const media = await propertyMediaRepository(deps.db).findById(mediaId);
  if (!media) throw notFound('Media');
  const property = await findPropertyById(deps.db, media.propertyId);
  if (!property || !canSee(property, caller)) throw notFound('Media');
  const cache = isPublic(property) ? 'public' : 'private';
  if (which === 'thumbnail') {
    if (!media.thumbnailKey) throw notFound('Thumbnail');
    return { key: media.thumbnailKey, mime: 'image/webp', downloadName: `media-${media.id}-thumbnail.webp`, cache };
  }
  const ext = media.storageKey.slice(media.storageKey.lastIndexOf('.') + 1);
  return { key: media.storageKey, mime: media.mime, downloadName: `media-${media.id}.${ext}`, cache };
}
