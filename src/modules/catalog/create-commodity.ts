import type { Deps } from '../../kernel/deps.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { commodityView } from './catalog-views.ts';
import { commoditiesRepository } from './commodities.repository.ts';
import { isUniqueViolation } from './db-errors.ts';

export const commodityNameTaken = () => new AppError('CONFLICT', 'An amenity with this name already exists', { name: ['is already taken'] });

/** Adds an amenity (admin); names are unique whatever their case. */
export async function createCommodity(deps: Deps, caller: AuthUser, input: { name: string; type: string }) {
  const now = deps.clock.now();
  try {
    const row = await deps.db.transaction(async (tx) => {
      const created = await commoditiesRepository(tx).insert({ name: input.name.trim(), type: input.type, createdAt: now });
      await recordAudit(tx, caller, { action: 'commodity.create', targetType: 'commodity', targetId: created.id, after: { name: created.name, type: created.type } }, now);
      return created;
    });
    return commodityView(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw commodityNameTaken();
    throw err;
  }
}
