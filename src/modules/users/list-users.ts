import type { Deps } from '../../kernel/deps.ts';
import { pageWindow } from '../../platform/pagination.ts';
import { parseFlag } from './user-changes.ts';
import { toFlatProfile } from './user-profile.ts';
import { usersRepository } from './users.repository.ts';
import type { ListQuery } from './users.schemas.ts';

/** Live accounts for admin and support, newest first; `userType` narrows to individuals or companies. */
export async function listUsers(deps: Deps, query: ListQuery, userType?: 'individual' | 'company') {
  const { page, perPage, offset } = pageWindow(query);
  const q = query.q?.trim() || undefined;
  const isActive = query.is_active === undefined ? undefined : parseFlag(query.is_active);
  const { rows, total } = await usersRepository(deps.db).list(
    { q, role: query.role, isActive, userType },
    perPage,
    offset,
  );
  return { data: rows.map(toFlatProfile), meta: { current_page: page, per_page: perPage, total } };
}
