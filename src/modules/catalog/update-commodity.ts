import type { Deps } from '../../kernel/deps.ts';
import { notFound } from '../../platform/errors.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { commodityView } from './catalog-views.ts';
import type { CommodityPatch } from './catalog.schemas.ts';
import { commoditiesRepository } from './commodities.repository.ts';
import { commodityNameTaken } from './create-commodity.ts';
import { isUniqueViolation } from './db-errors.ts';

/** Renames or regroups an amenity (admin); listings that offer it keep it. */
export async function updateCommodity(deps: Deps, caller: AuthUser, id: number, input: CommodityPatch) {
  const now = deps.clock.now();
  try {
    const row = await deps.db.transaction(async (tx) => {
      const repo = commoditiesRepository(tx);
      const current = await repo.lockById(id);
      if (!current) throw notFound('Amenity');
      const patch: { name?: string; type?: string } = {};
      if (input.name !== undefined && input.name.trim() !== current.name) patch.name = input.name.trim();
      if (input.type !== undefined && input.type !== current.type) patch.type = input.type;
      if (Object.keys(patch).length === 0) return current;
      const updated = await repo.update(id, patch);
      const before = Object.fromEntries(Object.keys(patch).map((k) => [k, current[k as keyof typeof patch]]));
      await recordAudit(tx, caller, { action: 'commodity.update', targetType: 'commodity', targetId: id, before, after: patch }, now);
      return updated;
    });
    return commodityView(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw commodityNameTaken();
    throw err;
  }
}
