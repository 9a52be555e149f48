// GET /properties/{id}/favorite: whether the caller has the listing in their favorites.
import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { favoritesRepository } from './favorites.repository.ts';
import { loadVisibleProperty } from './property-access.ts';

export async function getFavorite(deps: Deps, caller: AuthUser, propertyId: number): Promise<{ is_favorite: boolean }> {
  await loadVisibleProperty(deps.db, propertyId, caller);
  return { is_favorite: await favoritesRepository(deps.db).isFavorite(caller.id, propertyId) };
}
