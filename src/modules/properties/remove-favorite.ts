// DELETE /properties/{id}/favorite: removes the listing from the caller's favorites (idempotent).
import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { favoritesRepository } from './favorites.repository.ts';
import { loadVisibleProperty } from './property-access.ts';

export async function removeFavorite(
  deps: Deps,
  caller: AuthUser,
  propertyId: number,
): Promise<{ is_favorite: boolean; like_count: number }> {
  await loadVisibleProperty(deps.db, propertyId, caller);
  const likeCount = await deps.db.transaction(async (tx) => {
    const repo = favoritesRepository(tx);
    // Only the transaction whose DELETE removed the row moves the counter.
    if (await repo.remove(caller.id, propertyId)) return repo.bumpLikeCount(propertyId, -1);
    return repo.likeCount(propertyId);
  });
  return { is_favorite: false, like_count: likeCount };
}
