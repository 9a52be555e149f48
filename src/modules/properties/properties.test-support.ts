// Shared by the listing tests: a test app with one account per role and request helpers.
import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import { payloadRefs, propertySteps, type PayloadRefs } from '../../../test/helpers/property-payloads.ts';
import { auditLog, properties } from '../../db/schema/index.ts';
import type { UserRow } from '../users/users.repository.ts';

export type Who = 'anonymous' | 'client' | 'owner' | 'otherOwner' | 'admin' | 'support';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface World {
  t: TestApp;
  users: Record<Exclude<Who, 'anonymous'>, UserRow>;
  tokens: Record<Who, string | undefined>;
  refs: PayloadRefs;
  req(method: Method, url: string, who: Who, payload?: unknown): Promise<LightMyRequestResponse>;
  /** A full valid body (all 8 steps) with overrides. */
  full(over?: Record<string, unknown>): Record<string, unknown>;
  /** Creates a listing through POST /properties and returns its read form. */
  create(who: Who, body: Record<string, unknown>): Promise<Record<string, any>>;
  row(id: number): Promise<typeof properties.$inferSelect | undefined>;
  audits(targetId: number): Promise<Array<typeof auditLog.$inferSelect>>;
  close(): Promise<void>;
}

export async function world(opts: { start?: Date } = {}): Promise<World> {
  const t = await createTestApp({ start: opts.start });
  const users = {
    client: await createUser(t.deps, { role: 'client' }),
    owner: await createUser(t.deps, { role: 'owner' }),
    otherOwner: await createUser(t.deps, { role: 'owner' }),
    admin: await createUser(t.deps, { role: 'admin' }),
    support: await createUser(t.deps, { role: 'support' }),
  };
  const tokens = { anonymous: undefined } as Record<Who, string | undefined>;
  for (const [who, u] of Object.entries(users)) tokens[who as Who] = await loginAs(t.app, u);
  const refs = await payloadRefs(t.deps);
  const req: World['req'] = (method, url, who, payload) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: tokens[who] ? bearer(tokens[who]!) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    t,
    users,
    tokens,
    refs,
    req,
    full: (over = {}) => Object.assign({}, ...propertySteps(refs), over),
    async create(who, body) {
      const res = await req('POST', '/properties', who, body);
      if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
      return res.json().data;
    },
    async row(id) {
      const [r] = await t.deps.db.select().from(properties).where(eq(properties.id, id));
      return r;
    },
    audits: (targetId) =>
      t.deps.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetType, 'property'), eq(auditLog.targetId, String(targetId))))
        .orderBy(asc(auditLog.id)),
    close: () => t.close(),
  };
}

/** The field names a 422 answer reports. */
export function errorFields(res: { statusCode: number; json(): any }): string[] {
  return Object.keys(res.json().errors ?? {});
}
