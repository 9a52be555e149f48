// POST /properties/{id}/favorite: adds the listing to the caller's favorites (idempotent).
import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { favoritesRepository } from './favorites.repository.ts';
import { loadVisibleProperty } from './property-access.ts';

export async function addFavorite(
  deps: Deps,
  caller: AuthUser,
  propertyId: number,
): Promise<{ is_favorite: boolean; like_count: number }> {
  await loadVisibleProperty(deps.db, propertyId, caller);
  const likeCount = await deps.db.transaction(async (tx) => {
    const repo = favoritesRepository(tx);
    // The counter moves only by the row this transaction inserted, so racing adds count once.
    if (await repo.add(caller.id, propertyId, deps.clock.now())) return repo.bumpLikeCount(propertyId, 1);
    return repo.likeCount(propertyId);
  });
  return { is_favorite: true, like_count: likeCount };
}
