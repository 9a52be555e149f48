// Three server processes behind a real balancer (Debian's HAProxy, configured as scripts/lib/
// haproxy.ts recommends) on one PostgreSQL, one Redis and one S3 bucket (issue 23): the instances
// migrate an empty database once between them; bookings race through the balancer with one winner
// per unit; WebSocket and SSE clients hear of a booking another instance took; a file uploaded
// through one instance is served by the others; and a rolling restart onto a build with one more
// migration, under a steady mixed load, loses no acknowledged write and answers nothing but 2xx,
// 4xx and 503s the client may retry, from an instance.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { eq, inArray, sql } from 'drizzle-orm';
import { WebSocket } from 'ws';
import { loadConfig } from '../../src/config.ts';
import { closeContainer, createContainer } from '../../src/container.ts';
import { MIGRATION_LOCK_ID, migrationsFolder, openDatabase } from '../../src/db/connection.ts';
import type { Deps } from '../../src/kernel/deps.ts';
import { reservations } from '../../src/db/schema/index.ts';
import { SSE_TYPE_OF, WS_TYPE_OF } from '../../src/modules/notifications/index.ts';
import { inventoryDrift } from '../../src/modules/reservations/reservations.test-support.ts';
import { openSse, until } from '../../src/modules/realtime/realtime.test-support.ts';
import { createUser } from '../helpers/factories.ts';
import { createProperty, createRoomType } from '../helpers/catalog-factories.ts';
import { freePort, killServer, startServer, type ServerProcess } from '../helpers/server-process.ts';
import { startS3Server, type S3Server } from '../helpers/s3-server.ts';
import { createPrivateRedis, type PrivateRedis } from '../helpers/private-redis.ts';
import { png } from '../helpers/image-files.ts';
import {
  buildWithExtraMigration,
  Client,
  createEmptyDatabase,
  unexpected,
  urlAs,
  whyNoBalancer,
  type Build,
  type Outcome,
} from '../helpers/balancer-world.ts';
import { drainDetectionMs, startBalancer, type Balancer } from '../../scripts/lib/haproxy.ts';

const why = whyNoBalancer();
if (why) console.log(`# balancer.test.ts skipped: ${why}`);

const SECRET = 'balancer-test-secret-0123456789abcdefgh';
const DRAIN_MS = 2000;
const NAMES = ['app1', 'app2', 'app3'];
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const ids = (os: Outcome[]) =>
  os
    .map(
      (o) =>
        `${new Date(o.sentAt).toISOString().slice(11, 23)}–${new Date(o.doneAt).toISOString().slice(11, 23)} ${o.method} ${o.url} → ${o.status}${o.error ? ` ${o.error}` : ''}${o.servedBy ? ` (${o.servedBy})` : ''} ${o.status === 'error' || Buffer.isBuffer(o.body) ? '' : JSON.stringify(o.body).slice(0, 160)}`,
    )
    .join('\n');

describe('three instances behind HAProxy', { skip: why }, () => {
  let database: Awaited<ReturnType<typeof createEmptyDatabase>>;
  let deps: Deps;
  let s3: S3Server;
  let redis: PrivateRedis;
  let work: string;
  let balancer: Balancer;
  let build: Build | undefined;
  const servers: ServerProcess[] = [];
  const ports: number[] = [];
  const env = (i: number, version: string): Record<string, string> => ({
    DATABASE_URL: urlAs(database.url, `stays-${NAMES[i]}-${version}`),
    REDIS_URL: redis.url,
    JWT_SECRET: SECRET,
    PUBLIC_BASE_URL: `http://127.0.0.1:${balancerPort}`,
    TRUST_PROXY: 'true',
    DATA_DIR: path.join(work, NAMES[i]!),
    SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    LOG_LEVEL: 'warn',
    ...s3.env,
  });
  let balancerPort: number;
  // What the three instances' concurrent start on an empty database showed (asserted below).
  const start = { waiting: [] as string[] };

  before(async () => {
    assert.ok(drainDetectionMs() < DRAIN_MS, 'the health checks must take an instance out before its drain ends');
    s3 = await startS3Server();
    // A Redis of its own: the event bus's one channel would otherwise carry the events of test
    // files running beside this one, whose outbox ids (per database) the hubs would take for
    // ones they had already delivered.
    redis = await createPrivateRedis();
    work = await mkdtemp(path.join(tmpdir(), 'stays-balancer-'));
    database = await createEmptyDatabase();
    balancerPort = await freePort();
    for (let i = 0; i < 3; i++) ports.push(await freePort());
    // Hold the migration lock while the three start, so they all meet it taken: then release it
    // and let them sort it out between themselves.
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    let starting: Array<Promise<ServerProcess>> = [];
    try {
      await holder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      starting = [0, 1, 2].map((i) => startServer(env(i, 'v1'), { port: ports[i] }));
      for (const p of starting) p.catch(() => {});
      await until(
        async () => {
          const { rows } = await holder.query(
            `SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
           WHERE l.locktype = 'advisory' AND l.objid::text = $1 AND NOT l.granted AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
            [String(MIGRATION_LOCK_ID)],
          );
          start.waiting = rows.map((r) => r.application_name as string).sort();
          return start.waiting.length === 3;
        },
        'three instances waiting for the migration lock',
        60_000,
      );
      await holder.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
      servers.push(...(await Promise.all(starting)));
    } catch (err) {
      // Let the ones still waiting go, then stop whichever started.
      await holder.end().catch(() => {});
      await Promise.all(starting.map((p) => p.then(killServer, () => {})));
      throw err;
    } finally {
      await holder.end().catch(() => {});
    }
    const db = await openDatabase({ url: database.url, poolSize: 5 });
    deps = await createContainer(
      loadConfig({
        NODE_ENV: 'test',
        DATABASE_URL: database.url,
        REDIS_URL: redis.url,
        JWT_SECRET: SECRET,
        DATA_DIR: work,
        JOBS_ENABLED: 'false',
        LOG_LEVEL: 'silent',
      }),
      { database: db },
    );
    balancer = await startBalancer({
      dir: work,
      host: '127.0.0.1',
      port: balancerPort,
      statsSocket: path.join(work, 'haproxy.sock'),
      servedByHeader: true,
      log: 'abnormal',
      servers: NAMES.map((name, i) => ({ name, host: '127.0.0.1', port: ports[i]! })),
    });
    await balancer.until('UP', NAMES);
  });

  after(async () => {
    await Promise.all(servers.map(killServer));
    await balancer?.stop();
    if (deps) await closeContainer(deps);
    await database?.drop();
    await s3?.close();
    await redis?.kill();
    if (build) await rm(build.dir, { recursive: true, force: true });
    if (work) await rm(work, { recursive: true, force: true });
  });

  const guest = async () => {
    const user = await createUser(deps);
    return { user, token: (await deps.sessions.start(user, 'client')).token };
  };

  it('starts three instances at once on an empty database: all three wait for the migration lock, one migrates, each migration is applied once', async () => {
    assert.deepEqual(
      start.waiting,
      NAMES.map((n) => `stays-${n}-v1`),
    );
    const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    const { rows } = (await deps.db.execute(
      sql.raw('SELECT count(*)::int AS n, count(DISTINCT hash)::int AS hashes FROM drizzle.__drizzle_migrations'),
    )) as unknown as { rows: Array<{ n: number; hashes: number }> };
    assert.deepEqual(rows[0], { n: journal.entries.length, hashes: journal.entries.length });
    for (const s of servers) assert.equal(s.child.exitCode, null, s.output());
  });

  it('races bookings for the same nights through the balancer: one winner per unit, on every instance', async () => {
    await balancer.until('UP', NAMES);
    const client = new Client(balancer.url);
    const owner = await createUser(deps, { role: 'owner' });
    const whole = await createProperty(deps, owner.id);
    const hotel = await createProperty(deps, owner.id);
    const rt = await createRoomType(deps, hotel.id, { countOfRooms: 3 });
    const guests = await Promise.all(Array.from({ length: 24 }, guest));
    const stay = { checkin_date: day(40), checkout_date: day(43), guests: { adults: 1 } };
    const answers = await Promise.all(
      guests.map((g, k) =>
        k % 2 === 0
          ? client.sendRetrying('book', 'POST', '/api/reservations', {
              token: g.token,
              body: { property_id: whole.id, ...stay },
            })
          : client.sendRetrying('book', 'POST', '/api/reservations', {
              token: g.token,
              body: {
                property_id: hotel.id,
                ...stay,
                rooms: [{ room_type_id: rt.roomType.id, rate_plan_id: rt.ratePlan.id, rooms_count: 1 }],
              },
            }),
      ),
    );
    assert.deepEqual(
      unexpected(answers, (o) => o.status === 201 || o.status === 409),
      [],
      ids(answers),
    );
    const won = (i: number) => answers.filter((a, k) => k % 2 === i && a.status === 201).length;
    assert.equal(won(0), 1, 'the whole listing: one winner');
    assert.equal(won(1), 3, 'three rooms: three winners');
    assert.deepEqual(
      new Set(answers.map((a) => a.servedBy)),
      new Set(NAMES),
      'the balancer spread the race over the three instances',
    );
    const held = await deps.db
      .select({ id: reservations.id, status: reservations.status })
      .from(reservations)
      .where(inArray(reservations.propertyId, [whole.id, hotel.id]));
    assert.equal(held.length, 4);
    assert.deepEqual(await inventoryDrift(deps, whole.id), []);
    assert.deepEqual(await inventoryDrift(deps, hotel.id), []);
    const { rows } = (await deps.db.execute(
      sql`SELECT max(booked)::int AS most FROM property_nights WHERE property_id = ${hotel.id}`,
    )) as unknown as { rows: Array<{ most: number }> };
    assert.equal(rows[0]!.most, 3, 'a night sold beyond its three rooms');
  });

  it('tells WebSocket and SSE clients connected through the balancer of a booking another instance took', async () => {
    await balancer.until('UP', NAMES);
    const client = new Client(balancer.url);
    const owner = await createUser(deps, { role: 'owner' });
    const token = (await deps.sessions.start(owner, 'client')).token;
    const listing = await createProperty(deps, owner.id);
    const host = balancer.url.replace('http://', '');
    const ws = new WebSocket(`ws://${host}/api/ws/notifications?token=${encodeURIComponent(token)}`);
    const frames: any[] = [];
    let wsServer = '';
    ws.on('upgrade', (res) => (wsServer = String(res.headers['x-served-by'])));
    ws.on('message', (data) => frames.push(JSON.parse(String(data))));
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    const sse = await openSse(host, { token });
    try {
      const sseServer = String(sse.headers['x-served-by']);
      assert.ok(NAMES.includes(wsServer) && NAMES.includes(sseServer), `${wsServer} ${sseServer}`);
      // Bookings (one night each, another guest each) until one was taken by an instance other
      // than the WebSocket's and one by an instance other than the stream's.
      const booked: Outcome[] = [];
      for (
        let n = 0;
        n < 12 && !(booked.some((b) => b.servedBy !== wsServer) && booked.some((b) => b.servedBy !== sseServer));
        n++
      ) {
        const g = await guest();
        const o = await client.sendRetrying('book', 'POST', '/api/reservations', {
          token: g.token,
          body: {
            property_id: listing.id,
            checkin_date: day(60 + n),
            checkout_date: day(61 + n),
            guests: { adults: 1 },
          },
        });
        assert.equal(o.status, 201, ids([o]));
        booked.push(o);
      }
      const forWs = booked.find((b) => b.servedBy !== wsServer)!;
      const forSse = booked.find((b) => b.servedBy !== sseServer)!;
      assert.ok(
        forWs && forSse,
        `every booking went to the clients' instances: ${booked.map((b) => b.servedBy).join(', ')}`,
      );
      const got = () =>
        `; bookings ${booked.map((b) => `${b.body.data.id} on ${b.servedBy}`).join(', ')}; WebSocket frames ${JSON.stringify(frames)}; SSE ${sse.body()}`;
      const wait = (check: () => boolean, what: string) =>
        until(check, what, 15_000).catch((err: Error) => assert.fail(err.message + got()));
      await wait(
        () => frames.some((f) => f.type === WS_TYPE_OF.new_reservation && f.data.reservation_id === forWs.body.data.id),
        `the WebSocket on ${wsServer} hearing of the booking on ${forWs.servedBy}`,
      );
      await wait(
        () =>
          sse.events.some(
            (e) =>
              e.event === SSE_TYPE_OF.new_reservation &&
              JSON.parse(e.data!).data.metadata.reservation_id === forSse.body.data.id,
          ),
        `the SSE stream on ${sseServer} hearing of the booking on ${forSse.servedBy}`,
      );
      // Once each, although three relays run.
      await wait(() => frames.length >= booked.length && sse.events.length >= booked.length, 'every booking on both');
      await sleep(500);
      assert.equal(frames.length, booked.length, got());
      assert.equal(sse.events.length, booked.length, got());
    } finally {
      ws.close();
      sse.close();
    }
  });

  it('serves a photo uploaded through one instance from the others (one bucket, no local copy)', async () => {
    await balancer.until('UP', NAMES);
    const client = new Client(balancer.url);
    const owner = await createUser(deps, { role: 'owner' });
    const token = (await deps.sessions.start(owner, 'client')).token;
    const listing = await createProperty(deps, owner.id);
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(await png(320, 200))], { type: 'image/png' }), 'room.png');
    const up = await client.sendRetrying('other', 'POST', `/api/properties/${listing.id}/medias`, { token, form });
    assert.equal(up.status, 201, ids([up]));
    const media = up.body.data[0] as { url: string; thumbnail_url: string };
    const first = new Map<string, Buffer>();
    const servedBy = new Set<string>();
    for (let n = 0; n < 12 && servedBy.size < 3; n++) {
      for (const url of [media.url, media.thumbnail_url]) {
        const o = await client.sendRetrying('read', 'GET', url, { token });
        assert.equal(o.status, 200, ids([o]));
        if (!first.has(url)) first.set(url, o.body);
        assert.ok(first.get(url)!.equals(o.body), `${url} differs on ${o.servedBy}`);
        servedBy.add(o.servedBy!);
      }
    }
    assert.deepEqual(servedBy, new Set(NAMES), 'every instance served the files');
    assert.ok((await s3.keys()).length >= 2, 'the photo and its thumbnail are in the bucket');
  });

  it('restarts the instances one at a time onto a build with one more migration, under load: no acknowledged write lost, only retryable 503s, no connection error', async () => {
    await balancer.until('UP', NAMES);
    build = await buildWithExtraMigration();
    const client = new Client(balancer.url);
    const owner = await createUser(deps, { role: 'owner' });
    const hotel = await createProperty(deps, owner.id);
    const rt = await createRoomType(deps, hotel.id, { countOfRooms: 2 });
    const reader = await guest();
    const acked = { booked: [] as number[], cancelled: [] as number[] };
    let stop = false;
    const loops: Array<Promise<void>> = [];
    // Bookers: book two nights somewhere in a 12-night window (two rooms: conflicts are common),
    // then cancel what they got; half of the requests carry an Idempotency-Key.
    for (let b = 0; b < 4; b++) {
      loops.push(
        (async () => {
          const g = await guest();
          for (let n = 0; !stop; n++) {
            const first = 100 + ((n * 5 + b * 3) % 12);
            const o = await client.send('book', 'POST', '/api/reservations', {
              token: g.token,
              idempotent: n % 2 === 0,
              body: {
                property_id: hotel.id,
                checkin_date: day(first),
                checkout_date: day(first + 2),
                guests: { adults: 1 },
                rooms: [{ room_type_id: rt.roomType.id, rate_plan_id: rt.ratePlan.id, rooms_count: 1 }],
              },
            });
            if (o.status !== 201) {
              if (o.status === 503) await sleep(100);
              continue;
            }
            acked.booked.push(o.body.data.id);
            const c = await client.sendRetrying(
              'cancel',
              'POST',
              `/api/reservations/${o.body.data.id}/cancel`,
              { token: g.token, body: {}, idempotent: n % 4 < 2 },
              100,
            );
            if (c.status === 200) acked.cancelled.push(o.body.data.id);
            else return;
          }
        })(),
      );
    }
    // Readers: a listing, a search page, the guest's reservations.
    for (let r = 0; r < 2; r++) {
      loops.push(
        (async () => {
          const urls = [`/api/properties/${hotel.id}`, '/api/properties/public?per_page=10', '/api/reservations'];
          for (let n = r; !stop; n++) {
            const o = await client.send('read', 'GET', urls[n % urls.length]!, { token: reader.token });
            await sleep(o.status === 503 ? 100 : 5);
          }
        })(),
      );
    }

    await sleep(1500);
    const restarts: Array<{ name: string; at: string; outMs: number; stopMs: number; startMs: number }> = [];
    const began = Date.now();
    let rollingMs = 0;
    // The loops end whatever happens: left running after a failed assertion, they spun against
    // the stopped balancer, piling up refused requests, and the test process never exited (CI
    // hung until killed, 2026-11-28).
    try {
      for (let i = 0; i < 3; i++) {
        const t0 = Date.now();
        restarts.push({
          name: NAMES[i]!,
          at: new Date(t0).toISOString().slice(11, 23),
          outMs: -1,
          stopMs: -1,
          startMs: -1,
        });
        servers[i]!.child.kill('SIGTERM');
        const out = balancer.until('DOWN', [NAMES[i]!]).then(() => Date.now());
        const exit = await servers[i]!.exited;
        assert.equal(exit.code, 0, `${NAMES[i]} after SIGTERM:\n${servers[i]!.output().slice(-3000)}`);
        // The instance left the rotation (its /readyz answered 503 while draining) before it stopped listening.
        const outAt = await out;
        assert.ok(outAt <= exit.at, `${NAMES[i]} was still in the balancer's rotation when it exited`);
        servers[i] = await startServer(env(i, 'v2'), { port: ports[i], entry: build.entry });
        await balancer.until('UP', [NAMES[i]!]);
        Object.assign(restarts[i]!, { outMs: outAt - t0, stopMs: exit.at - t0, startMs: Date.now() - exit.at });
      }
      rollingMs = Date.now() - began;
      await sleep(1000);
    } finally {
      stop = true;
      await Promise.all(loops);
    }

    const all = client.outcomes;
    const bad = unexpected(all, (o) =>
      o.kind === 'read'
        ? o.status === 200
        : o.kind === 'book'
          ? o.status === 201 || o.status === 409
          : o.status === 200,
    );
    assert.deepEqual(
      bad,
      [],
      `answers outside the rule:\n${ids(bad.slice(0, 20))}\nrestarts ${JSON.stringify(restarts)}\nbalancer:\n${balancer.output().slice(-20_000)}`,
    );
    assert.ok(
      acked.booked.length > 10 && all.filter((o) => o.kind === 'read').length > 50,
      `too little load: ${acked.booked.length} bookings`,
    );

    // Every acknowledged booking is there; every acknowledged cancellation holds.
    const rows = await deps.db
      .select({ id: reservations.id, status: reservations.status })
      .from(reservations)
      .where(eq(reservations.propertyId, hotel.id));
    const status = new Map(rows.map((r) => [r.id, r.status]));
    assert.deepEqual(
      acked.booked.filter((id) => !status.has(id)),
      [],
      'an acknowledged booking is missing',
    );
    assert.deepEqual(
      acked.cancelled.filter((id) => status.get(id) !== 'cancelled'),
      [],
      'an acknowledged cancellation did not hold',
    );
    assert.deepEqual(await inventoryDrift(deps, hotel.id), []);

    // The new build's migration ran once, on the first instance restarted; the others found it done.
    const probe = (await deps.db.execute(sql.raw('SELECT applied_by FROM deploy_probe'))) as unknown as {
      rows: Array<{ applied_by: string }>;
    };
    assert.deepEqual(
      probe.rows.map((r) => r.applied_by),
      ['stays-app1-v2'],
    );

    const stats = await balancer.servers();
    const sum = (col: string) => stats.reduce((n, r) => n + Number(r[col] || 0), 0);
    const served503 = all.filter((o) => o.status === 503).length;
    const figures = {
      requests: all.length,
      reads: all.filter((o) => o.kind === 'read').length,
      bookings: all.filter((o) => o.kind === 'book').length,
      acknowledgedBookings: acked.booked.length,
      cancellations: acked.cancelled.length,
      retryable503: served503,
      errors: all.filter((o) => o.status === 'error').length,
      haproxy: {
        connectionErrors: sum('econ'),
        responseErrors: sum('eresp'),
        retries: sum('wretr'),
        redispatches: sum('wredis'),
      },
      restarts,
      rollingMs,
    };
    console.log(`# rolling restart behind HAProxy: ${JSON.stringify(figures)}`);
    assert.equal(
      figures.haproxy.connectionErrors,
      0,
      'the balancer sent a request to an instance that no longer listened',
    );
    assert.equal(figures.haproxy.responseErrors, 0, 'an instance broke off a response');
  });
});
