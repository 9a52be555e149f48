// GET /properties/{id}/<rules>: one page of a listing's rules of one kind.
import type { Deps } from '../../kernel/deps.ts';
import { pageWindow, type PageQuery } from '../../platform/pagination.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { propertyRulesRepository, type RuleTable } from './property-rules.repository.ts';
import type { RuleKind } from './rule-kind.ts';
import { loadForRead } from './rule-access.ts';

export async function listRules<T extends RuleTable, I extends object, V>(
  deps: Deps,
  caller: AuthUser | null,
  kind: RuleKind<T, I, V>,
  propertyId: number,
  query: PageQuery,
) {
  const { decimals } = await loadForRead(deps, propertyId, caller, !kind.listedByViewers);
  const { page, perPage, offset } = pageWindow(query);
  const repo = propertyRulesRepository(deps.db);
  const [rows, total] = await Promise.all([
    repo.list(kind.table, propertyId, perPage, offset),
    repo.count(kind.table, propertyId),
  ]);
  return { data: rows.map((r) => kind.view(r, decimals)), meta: { current_page: page, per_page: perPage, total } };
}
