import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { pageWindow, type PageQuery } from '../../platform/pagination.ts';
import { loadVisibleProperty } from '../properties/index.ts';
import { propertyMediaRepository } from './property-media.repository.ts';
import { mediaView } from './media-views.ts';

/** A listing's photos and videos in display order; anyone who may see the listing. */
export async function listMedia(deps: Deps, caller: AuthUser | null, propertyId: number, query: PageQuery) {
  const property = await loadVisibleProperty(deps.db, propertyId, caller);
  const { page, perPage, offset } = pageWindow(query);
  const { rows, total } = await propertyMediaRepository(deps.db).listByProperty(property.id, {
    offset,
    limit: perPage,
  });
  return { data: rows.map(mediaView), meta: { current_page: page, per_page: perPage, total } };
}
