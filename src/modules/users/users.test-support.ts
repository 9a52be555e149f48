// Shared by the users tests: multipart bodies built with the platform's FormData, tiny real images.
import type { TestApp } from '../../../test/helpers/test-app.ts';
import { bearer } from '../../../test/helpers/factories.ts';
import { usersRepository } from './users.repository.ts';

/** A real 1×1 PNG (67 bytes). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** A real 1×1 GIF. */
export const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export interface FilePart {
  data: Buffer;
  name: string;
  type?: string;
}

export function form(fields: Record<string, string | FilePart>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v === 'string') fd.append(k, v);
    else fd.append(k, new Blob([new Uint8Array(v.data)], { type: v.type ?? 'application/octet-stream' }), v.name);
  }
  return fd;
}

/** PUT /api/user/update as multipart/form-data, the way the web client sends it. */
export function updateForm(t: TestApp, token: string, fields: Record<string, string | FilePart>) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/user/update',
    payload: form(fields) as never,
    headers: bearer(token),
  });
}

export function updateJson(t: TestApp, token: string, body: Record<string, unknown>) {
  return t.app.inject({ method: 'PUT', url: '/api/user/update', payload: body, headers: bearer(token) });
}

export const rowOf = async (t: TestApp, id: number) => (await usersRepository(t.deps.db).findById(id))!;

export async function auditEntries(t: TestApp, adminToken: string, targetId: number, action: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/audit-log?target_type=user&target_id=${targetId}&action=${action}`,
    headers: bearer(adminToken),
  });
  if (res.statusCode !== 200) throw new Error(`audit-log: ${res.statusCode} ${res.body}`);
  return res.json().data as Array<{
    actor_id: number;
    actor_role: string;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
  }>;
}
