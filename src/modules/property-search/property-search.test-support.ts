// Shared by the search tests: one user per role, GET helpers, and calendar/favorite rows written
// straight to the database (their own routes belong to other modules).
import type { TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import { favorites, propertyNights } from '../../db/schema/index.ts';
import type { UserRow } from '../users/users.repository.ts';
import type { Role } from '../../kernel/caller.ts';

export interface Actors {
  users: Record<Role, UserRow>;
  tokens: Record<Role, string>;
}

export async function actors(t: TestApp): Promise<Actors> {
  const users = {} as Record<Role, UserRow>;
  const tokens = {} as Record<Role, string>;
  for (const role of ['client', 'owner', 'support', 'admin'] as const) {
    users[role] = await createUser(t.deps, { role });
    tokens[role] = await loginAs(t.app, users[role]);
  }
  return { users, tokens };
}

export function getter(t: TestApp) {
  return (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
}

export interface Card {
  id: number;
  [k: string]: unknown;
}

/** The ids of a 200 list answer, in order; throws with the body otherwise. */
export async function idsOf(res: Promise<{ statusCode: number; body: string; json(): unknown }>): Promise<number[]> {
  const r = await res;
  if (r.statusCode !== 200) throw new Error(`expected 200, got ${r.statusCode}: ${r.body}`);
  return (r.json() as { data: Card[] }).data.map((c) => c.id);
}

export async function night(
  t: TestApp,
  propertyId: number,
  date: string,
  over: { roomTypeId?: number; booked?: number; availableRooms?: number | null; stopSell?: boolean } = {},
) {
  await t.deps.db.insert(propertyNights).values({
    propertyId,
    roomTypeId: over.roomTypeId ?? 0,
    night: date,
    booked: over.booked ?? 0,
    availableRooms: over.availableRooms ?? null,
    stopSell: over.stopSell ?? false,
  });
}

export async function favorite(t: TestApp, userId: number, propertyId: number, at: Date) {
  await t.deps.db.insert(favorites).values({ userId, propertyId, createdAt: at });
}

/** YYYY-MM-DD `days` after the clock's today (UTC). */
export function day(t: TestApp, days: number): string {
  const d = new Date(t.clock.now());
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
