// PUT /properties/{id}/<rules>/{itemId}: a partial change, checked as a whole item again.
import type { Deps } from '../../kernel/deps.ts';
import { notFound } from '../../platform/errors.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { propertyRulesRepository, type RuleColumns, type RuleTable } from './property-rules.repository.ts';
import type { RuleKind } from './rule-kind.ts';
import { loadForChange, writeUnderLock } from './rule-access.ts';

export async function updateRule<T extends RuleTable, I extends object, V>(
  deps: Deps,
  caller: AuthUser,
  kind: RuleKind<T, I, V>,
  item: { propertyId: number; itemId: number },
  patch: Partial<I>,
): Promise<V> {
  const { propertyId, itemId } = item;
  const { decimals } = await loadForChange(deps, propertyId, caller);
  let cols: RuleColumns<T> | undefined;
  try {
    // The stored item is read under the lock, so the merge starts from what is committed now
    // (a promo code's used_count included).
    const row = await writeUnderLock(deps, propertyId, async (tx) => {
      const repo = propertyRulesRepository(tx);
      const current = await repo.find(kind.table, propertyId, itemId);
      if (!current) throw notFound(kind.noun);
      cols = kind.toColumns(kind.merge(kind.toInput(current, decimals), patch), decimals, current);
      await kind.assertNoConflict?.(tx, propertyId, cols, itemId);
      return (await repo.update(kind.table, propertyId, itemId, cols))!;
    });
    return kind.view(row, decimals);
  } catch (err) {
    throw (cols && kind.duplicateError?.(err, cols)) || err;
  }
}
