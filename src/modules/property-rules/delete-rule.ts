// DELETE /properties/{id}/<rules>/{itemId}. Reservations keep a snapshot of the rules they were
// priced with, so removing a rule never changes a booking already made.
import type { Deps } from '../../kernel/deps.ts';
import { notFound } from '../../platform/errors.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { propertyRulesRepository, type RuleTable } from './property-rules.repository.ts';
import type { RuleKind } from './rule-kind.ts';
import { loadForChange, writeUnderLock } from './rule-access.ts';

export async function deleteRule<T extends RuleTable, I extends object, V>(
  deps: Deps,
  caller: AuthUser,
  kind: RuleKind<T, I, V>,
  item: { propertyId: number; itemId: number },
): Promise<void> {
  const { propertyId, itemId } = item;
  await loadForChange(deps, propertyId, caller);
  await writeUnderLock(deps, propertyId, async (tx) => {
    if (!(await propertyRulesRepository(tx).delete(kind.table, propertyId, itemId))) throw notFound(kind.noun);
  });
}
