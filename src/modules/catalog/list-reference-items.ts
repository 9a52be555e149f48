// GET of a reference-data kind: one page in the kind's order.
import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { pageWindow, type PageQuery } from '../../platform/pagination.ts';
import { readDeps } from '../../platform/read-routing.ts';
import type { ReferenceKind } from './reference-kind.ts';

export async function listReferenceItems<R, V, Q extends PageQuery, B, P, K>(
  deps: Deps,
  caller: AuthUser | null,
  kind: ReferenceKind<R, V, Q, B, P, K>,
  query: Q,
) {
  deps = readDeps(deps, { callerId: caller?.id });
  const { page, perPage, offset } = pageWindow(query);
  const { rows, total } = await kind.list(deps.db, caller, query, perPage, offset);
  return { data: rows.map((r) => kind.view(r)), meta: { current_page: page, per_page: perPage, total } };
}
