import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { notFound } from '../../platform/errors.ts';
import { loadPropertyForWrite } from '../properties/index.ts';
import { propertyMediaRepository } from './property-media.repository.ts';
import { removeStoredFiles } from '../../platform/stored-files.ts';

/** Deletes one media of a listing; its files are removed once the row is gone for good. */
export async function deleteMedia(deps: Deps, caller: AuthUser, propertyId: number, mediaId: number): Promise<void> {
  const property = await loadPropertyForWrite(deps.db, propertyId, caller);
  const media = await deps.db.transaction(async (tx) => {
    const repo = propertyMediaRepository(tx);
    await repo.lockProperty(property.id);
    const media = await repo.findInProperty(property.id, mediaId);
    if (!media) throw notFound('Media');
    await repo.delete(media);
    return media;
  });
  await removeStoredFiles(deps, [media.storageKey, media.thumbnailKey]);
}
