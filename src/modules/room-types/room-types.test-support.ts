// Shared by the room-type, rate-plan and calendar tests: one app with a cast of callers and
// helpers that reach the per-night table directly (bookings are another module's job).
import { and, eq, sql } from 'drizzle-orm';
import type { TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import { propertyNights } from '../../db/schema/index.ts';
import type { UserRow } from '../users/users.repository.ts';

export type Who = 'anonymous' | 'client' | 'otherOwner' | 'owner' | 'admin' | 'support';

export interface Cast {
  users: Record<Exclude<Who, 'anonymous'>, UserRow>;
  tokens: Record<Exclude<Who, 'anonymous'>, string>;
  headers(who: Who): Record<string, string>;
}

export async function makeCast(t: TestApp): Promise<Cast> {
  const users = {
    client: await createUser(t.deps, { role: 'client' }),
    otherOwner: await createUser(t.deps, { role: 'owner' }),
    owner: await createUser(t.deps, { role: 'owner' }),
    admin: await createUser(t.deps, { role: 'admin' }),
    support: await createUser(t.deps, { role: 'support' }),
  };
  const tokens = {} as Cast['tokens'];
  for (const [k, u] of Object.entries(users)) tokens[k as keyof typeof users] = await loginAs(t.app, u);
  return { users, tokens, headers: (who) => (who === 'anonymous' ? {} : bearer(tokens[who])) };
}

/** Sets how many units a night has sold, as the reservations module would. */
export async function setBooked(t: TestApp, propertyId: number, roomTypeId: number, night: string, booked: number) {
  await t.deps.db
    .insert(propertyNights)
    .values({ propertyId, roomTypeId, night, booked })
    .onConflictDoUpdate({
      target: [propertyNights.propertyId, propertyNights.roomTypeId, propertyNights.night],
      set: { booked },
    });
}

export async function nightRows(t: TestApp, propertyId: number, roomTypeId: number) {
  return t.deps.db
    .select()
    .from(propertyNights)
    .where(and(eq(propertyNights.propertyId, propertyId), eq(propertyNights.roomTypeId, roomTypeId)))
    .orderBy(sql`night`);
}

/** Start of the test clock: "today" is 2030-01-10 in Paris. */
export const START = new Date('2030-01-10T12:00:00Z');
