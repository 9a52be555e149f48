// Shared set-up of the outbound channel tests: the local Channex-speaking server, an app wired to
// it through the real adapter (clock fixed mid-day in Paris, so "today" is known), users of every
// role, and short helpers for the routes and the remote calls.
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import { startChannexFake, type ChannexFake } from '../../../test/fakes/channex-server.ts';
import { properties, ratePlans, roomTypes } from '../../db/schema/index.ts';
import { addDays } from '../../kernel/calendar-dates.ts';

/** 11:00 in Paris: today there is TODAY for the whole file, however far the tests move the clock. */
export const START = new Date('2031-03-10T10:00:00Z');
export const TODAY = '2031-03-10';
export const day = (n: number) => addDays(TODAY, n);

export interface Ctx {
  fake: ChannexFake;
  t: TestApp;
  ownerId: number;
  owner: Awaited<ReturnType<typeof createUser>>;
  tok: Record<'owner' | 'other' | 'client' | 'admin' | 'support', string>;
}

/** What Channex needs before a listing's first channel connection and our property lacks (sent with the link). */
export const CONTACT = {
  email: 'host@example.test',
  phone: '+33 1 23 45 67 89',
  zip_code: '75001',
  city: 'Paris',
  state: 'Ile-de-France',
};

export async function setUp(env: Record<string, string> = {}): Promise<Ctx> {
  // The Channex server reads the app's clock: "today" for past dates, the per-minute limit, the 24 h rule.
  let app: TestApp | undefined;
  const fake = await startChannexFake({ now: () => app?.clock.now() ?? START });
  const t = (app = await createTestApp({
    start: START,
    env: {
      CHANNEL_MANAGER: 'channex',
      CHANNEX_API_BASE: fake.apiBase,
      CHANNEX_API_KEY: fake.apiKey,
      CHANNEX_CALLS_PER_MINUTE: '10',
      ...env,
    },
  }));
  const owner = await createUser(t.deps, { role: 'owner' });
  const tok = {
    owner: await loginAs(t.app, owner),
    other: await loginAs(t.app, await createUser(t.deps, { role: 'owner' })),
    client: await loginAs(t.app, await createUser(t.deps, { role: 'client' })),
    admin: await loginAs(t.app, await createUser(t.deps, { role: 'admin' })),
    support: await loginAs(t.app, await createUser(t.deps, { role: 'support' })),
  };
  return { fake, t, ownerId: owner.id, owner, tok };
}

/** A new owner token, for a test that moved the clock past the old one's life. */
export async function reloginOwner(c: Ctx): Promise<void> {
  c.tok.owner = await loginAs(c.t.app, c.owner);
}

export async function tearDown(c: Ctx | undefined): Promise<void> {
  await c?.t.close();
  await c?.fake.close();
}

type Who = keyof Ctx['tok'] | 'anonymous';
const auth = (c: Ctx, who: Who) => (who === 'anonymous' ? {} : bearer(c.tok[who]));

/** Links a listing (POST …/channel/sync), sending the contact fields unless told otherwise. */
export const sync = (c: Ctx, id: number, who: Who = 'owner', body: object = CONTACT) =>
  c.t.app.inject({ method: 'POST', url: `/api/properties/${id}/channel/sync`, headers: auth(c, who), payload: body });
export const status = (c: Ctx, id: number, who: Who = 'owner') =>
  c.t.app.inject({ method: 'GET', url: `/api/properties/${id}/channel/status`, headers: auth(c, who) });
export async function statusData(c: Ctx, id: number) {
  const res = await status(c, id);
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data;
}

/** Sends a JSON request as `who` (a role of the file, or a token) and checks the status. */
export async function call(
  c: Ctx,
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload: unknown,
  expect: number,
  who: Who | { token: string } = 'owner',
) {
  const headers = typeof who === 'object' ? bearer(who.token) : auth(c, who);
  const res = await c.t.app.inject({ method, url: `/api${url}`, headers, payload: payload as object });
  assert.equal(res.statusCode, expect, res.body);
  return res.json();
}

/** A traveller of their own (one may hold only 5 unpaid bookings at once). */
export async function guest(c: Ctx): Promise<{ token: string }> {
  return { token: await loginAs(c.t.app, await createUser(c.t.deps, { role: 'client' })) };
}

/** Runs the outbox relay to the end, as the running service would after a commit. */
export async function drain(c: Ctx): Promise<void> {
  await c.t.deps.outbox.idle();
  await c.t.deps.outbox.drain();
}

export const calls = (c: Ctx, method: string, path: string) =>
  c.fake.calls.filter((x) => x.method === method && x.path === path);
export const propertyRow = async (c: Ctx, id: number) =>
  (await c.t.deps.db.select().from(properties).where(eq(properties.id, id)))[0]!;
export const roomTypeRow = async (c: Ctx, id: number) =>
  (await c.t.deps.db.select().from(roomTypes).where(eq(roomTypes.id, id)))[0]!;
export const ratePlanRow = async (c: Ctx, id: number) =>
  (await c.t.deps.db.select().from(ratePlans).where(eq(ratePlans.id, id)))[0]!;

/** Remote availability of a room type per night over [from, to]. */
export function remoteNights(c: Ctx, roomTypeId: string, from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => c.fake.availability.get(`${roomTypeId}|${day(from + i)}`)!);
}
