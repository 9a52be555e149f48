// POST /properties/{id}/<rules>: the listing's owner or an admin adds a rule.
import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { propertyRulesRepository, type RuleTable } from './property-rules.repository.ts';
import type { RuleKind } from './rule-kind.ts';
import { loadForChange, writeUnderLock } from './rule-access.ts';

export async function createRule<T extends RuleTable, I extends object, V>(
  deps: Deps,
  caller: AuthUser,
  kind: RuleKind<T, I, V>,
  propertyId: number,
  body: Partial<I>,
): Promise<V> {
  const { decimals } = await loadForChange(deps, propertyId, caller);
  // Fields the kind does not know (used_count, id) are never read by toColumns.
  const cols = kind.toColumns({ ...kind.defaults, ...body } as I, decimals, null);
  try {
    const row = await writeUnderLock(deps, propertyId, async (tx) => {
      await kind.assertNoConflict?.(tx, propertyId, cols, null);
      return propertyRulesRepository(tx).insert(kind.table, propertyId, cols);
    });
    return kind.view(row, decimals);
  } catch (err) {
    throw kind.duplicateError?.(err, cols) ?? err;
  }
}
