// Shared by the catalogue tests: one signed-in account per role, request helpers, audit reads.
import type { TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import type { Role } from '../../kernel/caller.ts';

export const ROLES = ['client', 'owner', 'support', 'admin'] as const;
export type Tokens = Record<Role, string>;

export async function tokensByRole(t: TestApp): Promise<Tokens> {
  const out = {} as Tokens;
  for (const role of ROLES) out[role] = await loginAs(t.app, await createUser(t.deps, { role }));
  return out;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function call(t: TestApp, method: Method, url: string, token: string | null, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api${url}`,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** Every item of a paginated list, page by page (per_page 100). */
export async function allPages<T = Record<string, unknown>>(
  t: TestApp,
  url: string,
  token: string | null = null,
): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; ; page++) {
    const res = await call(t, 'GET', `${url}${url.includes('?') ? '&' : '?'}per_page=100&page=${page}`, token);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    const body = res.json();
    out.push(...body.data);
    if (page >= body.meta.last_page) return out;
  }
}

export async function auditEntries(
  t: TestApp,
  adminToken: string,
  targetType: string,
  targetId: string | number,
  action?: string,
) {
  const q = `target_type=${targetType}&target_id=${targetId}${action ? `&action=${action}` : ''}`;
  const res = await call(t, 'GET', `/admin/audit-log?${q}`, adminToken);
  if (res.statusCode !== 200) throw new Error(`audit-log: ${res.statusCode} ${res.body}`);
  return res.json().data as Array<{
    action: string;
    actor_role: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }>;
}
