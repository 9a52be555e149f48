import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { invalidField } from '../../platform/errors.ts';
import { loadPropertyForWrite } from '../properties/index.ts';
import { propertyMediaRepository } from './property-media.repository.ts';
import { mediaView } from './media-views.ts';

/** Puts a listing's media in the order given; `ids` must be exactly the listing's media ids. */
export async function reorderMedia(deps: Deps, caller: AuthUser, propertyId: number, ids: number[]) {
  const property = await loadPropertyForWrite(deps.db, propertyId, caller);
  const rows = await deps.db.transaction(async (tx) => {
    const repo = propertyMediaRepository(tx);
    await repo.lockProperty(property.id);
    const current = new Set((await repo.allOf(property.id)).map((m) => m.id));
    const sent = new Set(ids);
    if (sent.size !== ids.length || sent.size !== current.size || ids.some((id) => !current.has(id))) {
      throw invalidField('ids', `must list each of the listing's ${current.size} media ids exactly once`);
    }
    await repo.setOrder(property.id, ids);
    return repo.allOf(property.id);
  });
  return rows.map(mediaView);
}
