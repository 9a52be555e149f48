// Shared by the pricing-rule tests: a test app with one account per role, listings, and
// request helpers for the rule routes.
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import { createProperty, ensureCurrency, type PropertyOverrides } from '../../../test/helpers/catalog-factories.ts';
import { promoCodes } from '../../db/schema/index.ts';
import type { UserRow } from '../users/users.repository.ts';

export type Who = 'anonymous' | 'client' | 'otherOwner' | 'owner' | 'admin' | 'support';

export interface RulesWorld {
  t: TestApp;
  users: Record<Exclude<Who, 'anonymous'>, UserRow>;
  tokens: Record<Who, string | undefined>;
  /** An active, visible listing of `users.owner` in EUR. */
  listing: { id: number };
  listing2: { id: number };
  req(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    who: Who,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
  /** A listing of the owner with overrides (currency, time zone, status...). */
  newListing(over?: PropertyOverrides): Promise<{ id: number }>;
  /** Logs everyone in again (tokens expire when a test moves the clock far). */
  relogin(): Promise<void>;
  close(): Promise<void>;
}

export async function rulesWorld(opts: { start?: Date } = {}): Promise<RulesWorld> {
  const t = await createTestApp({ start: opts.start });
  await ensureCurrency(t.deps, 'EUR', 2);
  await ensureCurrency(t.deps, 'JPY', 0);
  const users = {
    client: await createUser(t.deps, { role: 'client' }),
    otherOwner: await createUser(t.deps, { role: 'owner' }),
    owner: await createUser(t.deps, { role: 'owner' }),
    admin: await createUser(t.deps, { role: 'admin' }),
    support: await createUser(t.deps, { role: 'support' }),
  };
  const tokens: Record<Who, string | undefined> = { anonymous: undefined } as Record<Who, string | undefined>;
  const relogin = async () => {
    for (const [who, u] of Object.entries(users)) tokens[who as Who] = await loginAs(t.app, u);
  };
  await relogin();
  const newListing = (over: PropertyOverrides = {}) => createProperty(t.deps, users.owner.id, over);
  return {
    t,
    users,
    tokens,
    listing: await newListing(),
    listing2: await newListing(),
    req: (method, url, who, payload) =>
      t.app.inject({
        method,
        url: `/api${url}`,
        headers: tokens[who] ? bearer(tokens[who]!) : {},
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    newListing,
    relogin,
    close: () => t.close(),
  };
}

/** A valid new item of each kind, for tests that need one and do not care which. */
export const SAMPLES = {
  seasons: {
    name: 'Summer',
    start_date: '2030-06-01',
    end_date: '2030-08-31',
    reduction_percent: 10,
    min_stay: 2,
    max_stay: 14,
  },
  offers: {
    name: 'Early bird',
    discount_type: 'percent',
    discount_value: 15,
    start_date: '2030-01-01',
    end_date: '2030-03-31',
    min_nights: 3,
  },
  packages: { name: 'Romance', price: 49.9, is_global: true },
  services: { name: 'Airport pickup', price: 35, type: 'per_stay' },
  'promo-codes': {
    code: 'WELCOME10',
    discount_type: 'percent',
    discount_value: 10,
    valid_from: '2030-01-01',
    valid_to: '2030-12-31',
    max_uses: 50,
    min_nights: 1,
  },
} as const;

export type Kind = keyof typeof SAMPLES;
export const KINDS = Object.keys(SAMPLES) as Kind[];

/** Seasons must not overlap and codes must differ, so repeated samples are shifted to stay valid. */
let n = 0;
export function sample(kind: Kind): Record<string, unknown> {
  n += 1;
  if (kind === 'seasons') return { ...SAMPLES.seasons, start_date: `${2100 + n}-06-01`, end_date: `${2100 + n}-08-31` };
  if (kind === 'promo-codes') return { ...SAMPLES['promo-codes'], code: `CODE${n}` };
  return { ...SAMPLES[kind] };
}

/** Creates an item as the listing's owner; fails the test when that does not work. */
export async function createItem(
  w: RulesWorld,
  listingId: number,
  kind: Kind,
  body: Record<string, unknown> = sample(kind),
) {
  const res = await w.req('POST', `/properties/${listingId}/${kind}`, 'owner', body);
  if (res.statusCode !== 201) throw new Error(`create ${kind}: ${res.statusCode} ${res.body}`);
  return res.json().data as Record<string, unknown> & { id: number };
}

/** Sets how often a promo code has been used (reservations do this in the product). */
export async function setUsedCount(w: RulesWorld, codeId: number, usedCount: number) {
  await w.t.deps.db.update(promoCodes).set({ usedCount }).where(eq(promoCodes.id, codeId));
}

/** The field names of a 422 answer. */
export const errorFields = (res: { json(): unknown }) =>
  Object.keys((res.json() as { errors?: Record<string, unknown> }).errors ?? {});
