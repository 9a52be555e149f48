// The service behind a real PgBouncer 1.18 in transaction pooling mode (contract §13,
// DATABASE_POOLER=transaction): each transaction may run on any server connection, there are no
// protocol-level prepared statements and no session state. Previews, racing bookings, a payment,
// the outbox relay and migrations from several instances at once must all work through it.
// PostgreSQL only, and only where the pgbouncer binary is (.ci/run installs it); otherwise skipped,
// saying why.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import {
  createTestDatabase,
  recycleTestDatabase,
  testDatabaseUrl,
  type TestDatabase,
} from './helpers/test-database.ts';
import { pgbouncerUnavailable, startPgBouncer, type PgBouncer } from './helpers/pgbouncer.ts';
import { bearer, createUser, loginAs } from './helpers/factories.ts';
import { openCheckout } from './helpers/booking-flow.ts';
import { createProperty } from './helpers/catalog-factories.ts';
import { migrationsFolder, openDatabase, runMigrations, type Database } from '../src/db/connection.ts';
import { inventoryDrift, reservationById } from '../src/modules/reservations/reservations.test-support.ts';
import { platformRepository } from '../src/platform/platform.repository.ts';

const why = await pgbouncerUnavailable();
if (why) console.log(`# pooler tests skipped: ${why}`);

const START = new Date('2030-03-10T12:00:00Z');

describe('through PgBouncer in transaction pooling mode', { skip: why ?? false }, () => {
  let bouncer: PgBouncer;
  let direct: TestDatabase;
  let pooled: Database;
  let t: TestApp;
  let ownerId: number;

  before(async () => {
    // Fewer server connections than the app's pool: transactions must share them.
    bouncer = await startPgBouncer({ poolSize: 4 });
    direct = await createTestDatabase();
    const url = bouncer.urlFor(direct.url!);
    pooled = await openDatabase({ url, poolSize: 10, pooler: 'transaction' });
    t = await createTestApp({
      start: START,
      database: { ...pooled, url },
      env: { DATABASE_URL: url, DATABASE_POOLER: 'transaction' },
    });
    ownerId = (await createUser(t.deps, { role: 'owner' })).id;
  });
  after(async () => {
    await t?.close();
    await pooled?.close();
    await bouncer?.stop();
    if (direct) await recycleTestDatabase(direct);
  });

  const book = (token: string, propertyId: number, checkin: string, checkout: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: bearer(token),
      payload: { property_id: propertyId, checkin_date: checkin, checkout_date: checkout, guests: { adults: 1 } },
    });

  it('previews, and sells a listing to exactly one of twelve guests booking the same nights at once', async () => {
    const p = await createProperty(t.deps, ownerId);
    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/reservations/preview',
      payload: { property_id: p.id, checkin_date: '2030-04-01', checkout_date: '2030-04-04' },
    });
    assert.equal(preview.statusCode, 200, preview.body);
    const guests = await Promise.all(Array.from({ length: 12 }, async () => loginAs(t.app, await createUser(t.deps))));
    for (let round = 0; round < 3; round++) {
      const checkin = `2030-05-${String(1 + round * 5).padStart(2, '0')}`;
      const checkout = `2030-05-${String(4 + round * 5).padStart(2, '0')}`;
      const answers = await Promise.all(guests.map((g) => book(g, p.id, checkin, checkout)));
      const statuses = answers.map((a) => a.statusCode).sort();
      assert.deepEqual(statuses, [201, ...Array(11).fill(409)], answers.map((a) => a.body.slice(0, 200)).join('\n'));
    }
    assert.deepEqual(await inventoryDrift(t.deps, p.id), []);
  });

  it('takes a payment on the hosted page and confirms the stay; the relay projects and publishes its events', async () => {
    const p = await createProperty(t.deps, ownerId);
    const guest = await loginAs(t.app, await createUser(t.deps));
    const booked = await book(guest, p.id, '2030-09-01', '2030-09-03');
    assert.equal(booked.statusCode, 201, booked.body);
    const id = booked.json().data.id as number;
    const sessionId = (await openCheckout(t, { reservationId: id, tok: guest })).payment_details.id;
    const page = await t.app.inject({ method: 'GET', url: `/checkout/${sessionId}` });
    assert.equal(page.statusCode, 200, page.body);
    const token = /name="token" value="([^"]+)"/.exec(page.body)![1]!;
    const paid = await t.app.inject({
      method: 'POST',
      url: `/checkout/${sessionId}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${encodeURIComponent(token)}`,
    });
    assert.equal(paid.statusCode, 303, paid.body);
    assert.equal((await reservationById(t.deps, id)).status, 'confirmed');
    const verify = await t.app.inject({
      method: 'GET',
      url: `/api/subscription-payment/verify?session_id=${encodeURIComponent(sessionId)}`,
    });
    assert.equal(verify.statusCode, 200, verify.body);
    // The relay: locked batches (FOR UPDATE SKIP LOCKED), relaxed durability, projections, all in transactions.
    await Promise.all([t.deps.outbox.drain(), t.deps.outbox.drain()]);
    await t.deps.outbox.idle();
    assert.equal((await platformRepository(t.deps.db).unpublishedBacklog()).count, 0);
    const notes = await t.deps.db.execute(sql`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${ownerId}`);
    assert.ok((notes as unknown as { rows: Array<{ n: number }> }).rows[0]!.n > 0, 'the owner was notified');
  });

  // PgBouncer in front, DATABASE_POOLER left at none: the booking's statements go out named, and
  // a transaction landing on another server connection finds its statement missing (or another
  // client's already there). That connection stops naming and the transaction runs again.
  it('books through a pooler nobody declared: connections that lose their statements go unnamed', async () => {
    const url = bouncer.urlFor(direct.url!);
    const undeclared = await openDatabase({ url, poolSize: 6 });
    const u = await createTestApp({ start: START, database: { ...undeclared, url }, env: { DATABASE_URL: url } });
    try {
      const p = await createProperty(u.deps, ownerId);
      const guests = await Promise.all(Array.from({ length: 8 }, async () => loginAs(u.app, await createUser(u.deps))));
      for (let round = 0; round < 3; round++) {
        const answers = await Promise.all(
          guests.map((g, i) => {
            const night = 1 + round * 9 + i;
            const day = (n: number) => `2030-10-${String(n).padStart(2, '0')}`;
            return u.app.inject({
              method: 'POST',
              url: '/api/reservations',
              headers: bearer(g),
              payload: {
                property_id: p.id,
                checkin_date: day(night),
                checkout_date: day(night + 1),
                guests: { adults: 1 },
              },
            });
          }),
        );
        assert.deepEqual(
          answers.map((a) => a.statusCode),
          Array(8).fill(201),
          answers.map((a) => a.body.slice(0, 200)).join('\n'),
        );
      }
      assert.deepEqual(await inventoryDrift(u.deps, p.id), []);
    } finally {
      await u.close();
      await undeclared.close().catch(() => {});
    }
  });

  it('migrates an empty database from three instances starting at once: each migration applied once', async () => {
    const name = `stays_pool_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const serverUrl = new URL(testDatabaseUrl!);
    serverUrl.pathname = `/${name}`;
    const url = bouncer.urlFor(serverUrl.toString());
    const instances = await Promise.all([0, 1, 2].map(() => openDatabase({ url, poolSize: 2, pooler: 'transaction' })));
    try {
      const outcomes = await Promise.all(instances.map((db) => runMigrations(db, url)));
      const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
        entries: unknown[];
      };
      assert.deepEqual(outcomes.map((o) => o.applied).sort(), [0, 0, journal.entries.length]);
      const check = new pg.Client({ connectionString: serverUrl.toString() });
      await check.connect();
      const applied = await check.query(
        'SELECT count(*)::int AS n, count(DISTINCT hash)::int AS hashes FROM drizzle.__drizzle_migrations',
      );
      await check.end();
      assert.deepEqual(applied.rows[0], { n: journal.entries.length, hashes: journal.entries.length });
    } finally {
      await Promise.all(instances.map((db) => db.close()));
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {});
      await admin.end();
    }
  });
});
