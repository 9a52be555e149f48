// Fixtures of the booking scenarios, written straight into the run's database before the server
// starts (no public route creates an owner's listings without a support approval, nor thousands
// of signed-in guests in seconds).
//
// Every booking of a run must succeed, so each takes a slot of its own: booking k stays on
// listing k mod L for the two nights starting FIRST_DAY + 2·⌊k / L⌋ days from today, and is made
// by guest k mod G. The nights of two bookings never overlap (no 409), the few requests in flight
// at once touch different listings and different guests (no waiting on each other's row locks),
// and no guest gets more than MAX_PENDING_PER_GUEST bookings (the unpaid-hold limit; holds last
// 30 minutes and the server runs no expiry job during a benchmark). Each guest has a real session
// row and an access token signed with the server's key, exactly what a login would give.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import path from 'node:path';
import { openDatabase, runMigrations, type Db } from '../src/db/connection.ts';
import { properties, sessions, users } from '../src/db/schema/index.ts';
import { seedReferenceData } from '../src/modules/catalog/seed-reference-data.ts';
import { TokenService } from '../src/modules/auth/tokens.ts';
import { MAX_PENDING_PER_GUEST } from '../src/modules/reservations/create-reservation.ts';
import { addDays } from '../src/kernel/calendar-dates.ts';
import type { ServerTarget } from './server-process.ts';

/** Bookings per second each scenario's fixtures are sized for; faster, and slots would run out (422/409 errors). */
export const HTTP_MAX_RATE = 1000;
export const SQL_MAX_RATE = 5000;
export const STAY_NIGHTS = 2;
const FIRST_DAY = 30;
// At most this many stays per listing, so the calendar stays within a couple of years.
const MAX_STAYS_PER_LISTING = 300;
const CHUNK = 1000;
export const PRICE_MINOR = 12_000;
export const CLEANING_MINOR = 3_000;
export const CAPACITY = 4;

export interface FixtureTarget extends ServerTarget {
  /** Seconds of load the scenario gets over the whole run (warm-ups and rounds). */
  loadSeconds: number;
}

export interface SlotPlan {
  listingIds: number[];
  /** How many guests there are. */
  guests: number;
  firstNight: string;
  /** Bookings the plan has room for. */
  slots: number;
}

export interface Slot {
  listingId: number;
  guest: number;
  checkin: string;
  checkout: string;
}

/** Hands out the run's booking slots in order (one process, so a plain counter is enough). */
export class Slots {
  private next = 0;
  constructor(private readonly plan: SlotPlan) {}

  take(): Slot {
    const k = this.next++;
    const { listingIds, guests, firstNight } = this.plan;
    const checkin = addDays(firstNight, STAY_NIGHTS * Math.floor(k / listingIds.length));
    return {
      listingId: listingIds[k % listingIds.length]!,
      guest: k % guests,
      checkin,
      checkout: addDays(checkin, STAY_NIGHTS),
    };
  }

  get used(): number {
    return this.next;
  }
}

export interface HttpBookingFixtures extends SlotPlan {
  /** One access token per guest, in guest order. */
  tokens: string[];
}

/** What a history writer is told: the plan's rows, and the nights from firstNight on its slots may take on each listing. */
export interface HistoryPlan {
  ownerId: number;
  listingIds: number[];
  guestIds: number[];
  firstNight: string;
  slotNights: number;
}

export interface SqlBookingFixtures extends SlotPlan {
  databaseUrl: string;
  guestIds: number[];
  /** Each guest's live session (the booking's guest lock checks it, as for a caller not in the session cache). */
  sessionIds: string[];
  /** The owner of every listing (named in the booking's outbox event, as the service does). */
  ownerId: number;
}

async function withDatabase<T>(target: ServerTarget, work: (db: Db) => Promise<T>): Promise<T> {
  const database = await openDatabase({
    url: target.databaseUrl,
    dataDir: path.join(target.dataDir, 'pgdata'),
    poolSize: 2,
  });
  try {
    await runMigrations(database, target.databaseUrl);
    await seedReferenceData(database.db);
    const result = await work(database.db);
    // Thousands of rows written a moment before the run: without fresh statistics PostgreSQL
    // plans on the migrated database's (near-empty tables, sequential scans of users) until
    // autovacuum's next pass, which a short run may never see. A database in service has them.
    await database.db.execute(sql`ANALYZE`);
    return result;
  } finally {
    await database.close();
  }
}

function sizes(rate: number, loadSeconds: number) {
  // +2 s: the preflight request and the ramp-up of each run.
  const slots = Math.ceil(rate * (loadSeconds + 2));
  return {
    slots,
    guests: Math.ceil(slots / MAX_PENDING_PER_GUEST),
    listings: Math.max(64, Math.ceil(slots / MAX_STAYS_PER_LISTING)),
  };
}

async function insertChunked<T, R>(rows: T[], insert: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(...(await insert(rows.slice(i, i + CHUNK))));
  return out;
}

/** An owner and `count` public listings sold whole (one unit a night), priced alike. */
export async function listings(db: Db, tag: string, count: number): Promise<{ ownerId: number; listingIds: number[] }> {
  const [owner] = await db
    .insert(users)
    .values({
      username: `bench_${tag}_owner`,
      email: `bench-${tag}-owner@example.com`,
      firstName: 'Bench',
      lastName: 'Owner',
      role: 'owner',
    })
    .returning({ id: users.id });
  const rows = Array.from({ length: count }, (_, i) => ({
    ownerId: owner!.id,
    status: 'active',
    visibility: true,
    whoAreYou: 'individual',
    internalName: `${tag} ${i}`,
    publicName: `Bookable stay ${i}`,
    description: 'A listing of the booking benchmark.',
    countryCode: 'FR',
    address: `${i + 1} Bench Street`,
    latitude: 48.85 + i / 10_000,
    longitude: 2.35,
    timezone: 'UTC',
    currencyCode: 'EUR',
    basePrice: PRICE_MINOR,
    pricePerNight: PRICE_MINOR,
    pricing: String(PRICE_MINOR / 100),
    cleaningFee: CLEANING_MINOR,
    taxRate: '10',
    capacity: CAPACITY,
    checkInTime: '15:00:00',
    checkInTimeEnd: '21:00:00',
    checkOutTime: '11:00:00',
    rules: ['No smoking'],
    cancellationPolicy: ['moderate'],
    completedSteps: [1, 2, 3, 4, 5, 6, 7, 8],
  }));
  const listingIds = (
    await insertChunked(rows, (c) => db.insert(properties).values(c).returning({ id: properties.id }))
  ).map((r) => r.id);
  return { ownerId: owner!.id, listingIds };
}

async function guests(db: Db, tag: string, count: number): Promise<number[]> {
  const rows = Array.from({ length: count }, (_, i) => ({
    username: `bench_${tag}_${i}`,
    email: `bench-${tag}-${i}@example.com`,
    firstName: 'Guest',
    lastName: String(i),
    role: 'client',
    emailVerifiedAt: new Date(),
  }));
  return (await insertChunked(rows, (c) => db.insert(users).values(c).returning({ id: users.id }))).map((r) => r.id);
}

/** A live session (a day long) for each guest, as a login opens it. */
async function openSessions(db: Db, guestIds: number[]) {
  const now = new Date();
  const expiresAt = new Date(now.getTime() + 86_400_000);
  const rows = guestIds.map((userId) => ({ id: randomUUID(), userId, loginType: 'client', createdAt: now, expiresAt }));
  await insertChunked(rows, (c) => db.insert(sessions).values(c).returning({ id: sessions.id }));
  return { now, expiresAt, rows };
}

const firstNight = () => addDays(new Date().toISOString().slice(0, 10), FIRST_DAY);

/** Listings, guests, sessions and tokens for POST /api/reservations. */
export const httpBookingFixtures = (target: FixtureTarget): Promise<HttpBookingFixtures> =>
  bookingFixtures(target, 'booking');

/**
 * The same, for listings and guests that `history` gives a past (and a future) before the run:
 * it is handed the plan's listings, guests and owner, and the night the first slot starts on.
 */
export async function bookingFixtures(
  target: FixtureTarget,
  tag: string,
  history?: (db: Db, plan: HistoryPlan) => Promise<void>,
): Promise<HttpBookingFixtures> {
  const size = sizes(HTTP_MAX_RATE, target.loadSeconds);
  return withDatabase(target, async (db) => {
    const { ownerId, listingIds } = await listings(db, tag, size.listings);
    const guestIds = await guests(db, tag === 'booking' ? 'guest' : `${tag}_guest`, size.guests);
    const slotNights = Math.ceil(size.slots / listingIds.length) * STAY_NIGHTS;
    if (history) await history(db, { ownerId, listingIds, guestIds, firstNight: firstNight(), slotNights });
    const { now, expiresAt, rows: sessionRows } = await openSessions(db, guestIds);
    // The server's own token format and key (container.ts: JWT_SECRET's bytes).
    const signer = new TokenService(new TextEncoder().encode(target.jwtSecret), 86_400);
    const tokens: string[] = [];
    for (const s of sessionRows)
      tokens.push(
        (await signer.sign({ userId: s.userId, role: 'client', sessionId: s.id, now, sessionExpiresAt: expiresAt }))
          .token,
      );
    return { listingIds, guests: guestIds.length, firstNight: firstNight(), slots: size.slots, tokens };
  });
}

/** Listings and guests of their own for the raw-SQL baseline; null on PGlite, which only the server process can open. */
export async function sqlBookingFixtures(target: FixtureTarget): Promise<SqlBookingFixtures | null> {
  if (!target.databaseUrl) return null;
  const databaseUrl = target.databaseUrl;
  const size = sizes(SQL_MAX_RATE, target.loadSeconds);
  return withDatabase(target, async (db) => {
    const { ownerId, listingIds } = await listings(db, 'rawsql', size.listings);
    const guestIds = await guests(db, 'rawsql_guest', size.guests);
    const sessionIds = (await openSessions(db, guestIds)).rows.map((r) => r.id);
    return {
      listingIds,
      guests: guestIds.length,
      guestIds,
      sessionIds,
      ownerId,
      firstNight: firstNight(),
      slots: size.slots,
      databaseUrl,
    };
  });
}
