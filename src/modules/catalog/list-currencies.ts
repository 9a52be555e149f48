import type { Deps } from '../../kernel/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { pageWindow, type PageQuery } from '../../platform/pagination.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { currenciesRepository } from './currencies.repository.ts';
import { currencyModelView } from './currency-views.ts';

/** Active currencies for everyone; with `all`, inactive ones too, for admins only. */
export async function listCurrencies(deps: Deps, caller: AuthUser | null, query: PageQuery & { all?: string }) {
  const all = query.all === '1' || query.all === 'true';
  if (all && !caller) throw new AppError('UNAUTHENTICATED', 'Authentication required to list inactive currencies');
  if (all && caller!.role !== 'admin') throw new AppError('FORBIDDEN', 'Only admins may list inactive currencies');
  const { page, perPage, offset } = pageWindow(query);
  const { rows, total } = await currenciesRepository(deps.db).list(!all, perPage, offset);
  return { data: rows.map(currencyModelView), meta: { current_page: page, per_page: perPage, total } };
}
