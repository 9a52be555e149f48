import type { Deps } from '../../kernel/deps.ts';
import { invalidField } from '../../platform/errors.ts';
import { pageWindow, type PageQuery } from '../../platform/pagination.ts';
import { usersRepository } from './users.repository.ts';

/** Finds active accounts by username or name; answers their public members only. */
export async function searchUsers(deps: Deps, query: PageQuery & { q: string }) {
  const q = query.q.trim();
  if (q.length < 2) throw invalidField('q', 'must have at least 2 characters');
  const { page, perPage, offset } = pageWindow(query);
  const { rows, total } = await usersRepository(deps.db).searchPublic(q, perPage, offset);
  const data = rows.map((u) => ({
    id: u.id,
    username: u.username,
    first_name: u.firstName,
    last_name: u.lastName,
    avatar: u.avatar,
    role: u.role,
  }));
  return { data, meta: { current_page: page, per_page: perPage, total } };
}
