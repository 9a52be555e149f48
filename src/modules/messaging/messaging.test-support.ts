// Shared by the messaging and chatbot tests: a cast of callers, multipart sends, outbox reads,
// and travel-platform threads stored the way the channel manager will store them.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import { createProperty } from '../../../test/helpers/catalog-factories.ts';
import { messages, outboxEvents, users } from '../../db/schema/index.ts';
import type { UserRow } from '../users/users.repository.ts';
import { seedReservation } from '../reservations/reservations.test-support.ts';
import { messagesRepository } from './messages.repository.ts';

export type Who = 'client' | 'client2' | 'owner' | 'owner2' | 'support' | 'admin';

export interface Cast {
  users: Record<Who, UserRow>;
  tokens: Record<Who, string>;
  headers(who: Who | 'anonymous'): Record<string, string>;
}

export async function makeCast(t: TestApp): Promise<Cast> {
  const roles: Record<Who, UserRow['role']> = {
    client: 'client',
    client2: 'client',
    owner: 'owner',
    owner2: 'owner',
    support: 'support',
    admin: 'admin',
  };
  const usersByWho = {} as Record<Who, UserRow>;
  const tokens = {} as Record<Who, string>;
  for (const [who, role] of Object.entries(roles) as Array<[Who, UserRow['role']]>) {
    usersByWho[who] = await createUser(t.deps, { role: role as never });
    tokens[who] = await loginAs(t.app, usersByWho[who]);
  }
  return { users: usersByWho, tokens, headers: (who) => (who === 'anonymous' ? {} : bearer(tokens[who])) };
}

/** A signed-in user of its own, for tests that need a fresh conversation. */
export async function freshUser(t: TestApp, role: 'client' | 'owner' | 'support' | 'admin' = 'client') {
  const user = await createUser(t.deps, { role });
  return { user, headers: bearer(await loginAs(t.app, user)) };
}

export interface FilePart {
  data: Buffer;
  name: string;
  type?: string;
}

export function form(fields: Record<string, string | number | FilePart | undefined>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined) continue;
    if (typeof v === 'object')
      fd.append(k, new Blob([new Uint8Array(v.data)], { type: v.type ?? 'application/octet-stream' }), v.name);
    else fd.append(k, String(v));
  }
  return fd;
}

export function send(
  t: TestApp,
  headers: Record<string, string>,
  fields: Record<string, string | number | FilePart | undefined>,
) {
  return t.app.inject({ method: 'POST', url: '/api/chats/send_messages', headers, payload: form(fields) as never });
}

export function get(t: TestApp, headers: Record<string, string>, url: string) {
  return t.app.inject({ method: 'GET', url: `/api${url}`, headers });
}

/** Outbox events of a topic whose payload member `key` equals `value`. */
export async function events(t: TestApp, topic: string, key: string, value: number | string) {
  const rows = await t.deps.db
    .select()
    .from(outboxEvents)
    .where(and(eq(outboxEvents.topic, topic), sql`${outboxEvents.payload}->>${key} = ${String(value)}`))
    .orderBy(asc(outboxEvents.id));
  return rows.map((r) => r.payload as Record<string, unknown>);
}

export async function messageRows(t: TestApp) {
  return t.deps.db.select().from(messages).orderBy(asc(messages.id));
}

/** A listing of `ownerId` booked by `guestId` (a reservation in common). */
export async function bookedListing(
  t: TestApp,
  ownerId: number,
  guestId: number,
  over: {
    status?: 'pending' | 'confirmed' | 'completed' | 'cancelled' | 'expired';
    checkin?: string;
    checkout?: string;
  } = {},
) {
  const property = await createProperty(t.deps, ownerId);
  const reservation = await seedReservation(t.deps, {
    propertyId: property.id,
    guestId,
    status: over.status ?? 'confirmed',
    checkin: over.checkin ?? '2031-03-01',
    checkout: over.checkout ?? '2031-03-04',
  });
  return { property, reservation };
}

/** A guest's message on a travel platform, stored as the channel manager does; returns the thread id. */
export async function externalMessage(
  t: TestApp,
  propertyId: number,
  over: { threadId?: string; content?: string; guest?: string; provider?: 'OtaA' | 'OtaB'; at?: Date } = {},
) {
  const threadId = over.threadId ?? `thread-${randomUUID()}`;
  const provider = over.provider ?? 'OtaA';
  const row = await messagesRepository(t.deps.db).insertExternalMessage({
    source: provider === 'OtaA' ? 'channel_ota_a' : 'channel_ota_b',
    provider,
    externalThreadId: threadId,
    externalMessageId: randomUUID(),
    externalGuestName: over.guest ?? 'Jane Guest',
    bookingId: 4242,
    propertyId,
    content: over.content ?? 'Hello, is early check-in possible?',
    createdAt: over.at ?? t.clock.now(),
  });
  return { threadId, row: row! };
}

export async function setPhone(t: TestApp, userId: number, phone: string) {
  await t.deps.db.update(users).set({ phone }).where(eq(users.id, userId));
}

/** A 1×1 PNG and a one-page PDF that pass the content check as what they are. */
export { SAMPLE_PNG, SAMPLE_PDF } from '../owner-onboarding/sample-kyc-files.ts';
