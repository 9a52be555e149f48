// kill -9 between a booking's commit and its webhook (issue 52): the server dies right after the
// booking commits (FAULT_POINT reservation.after-commit: before the relay publishes, before any
// delivery is queued or sent); restarted on the same database, it delivers the event once,
// signed as Standard Webhooks says, to the listing owner's endpoint. Then around the post itself:
// dead after the attempt was claimed (webhook.after-claim), the attempt is made once its claim
// runs out; dead after the receiver answered 2xx but before the success was written
// (webhook.after-post), the receiver gets it a second time: at least once, with the same
// webhook-id and body both times. Every server runs with WEBHOOKS_TIMEOUT_MS=2000, which makes a
// claim, and the delivery job's lease, last claimMs(2000) = 19 s rather than the default's 135 s:
// a server killed while its delivery job runs holds the job that long (under the suite's load a
// kill often lands in a run), and the next server waits it out. Servers a test is done with are
// stopped with SIGTERM, which ends the job's run and frees it.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../src/config.ts';
import { closeContainer, createContainer } from '../../src/container.ts';
import type { Deps } from '../../src/kernel/deps.ts';
import { jobs, reservations, webhookDeliveries } from '../../src/db/schema/index.ts';
import { claimMs } from '../../src/modules/webhooks/deliver-webhooks.ts';
import type { FaultPoint } from '../../src/platform/fault-points.ts';
import { createUser } from '../helpers/factories.ts';
import { createProperty } from '../helpers/catalog-factories.ts';
import { createTestDatabase, onPostgres, type TestDatabase } from '../helpers/test-database.ts';
import { fetchAsClient, killServer, startServer, type ServerProcess } from '../helpers/server-process.ts';
import { type Received, startWebhookReceiver, type WebhookReceiver } from '../fakes/webhook-receiver.ts';

const why = onPostgres
  ? false
  : 'PostgreSQL only: the test works on the database beside the server, and PGlite admits one process';
const SECRET = 'webhook-crash-test-secret-0123456789abcdef';
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const TIMEOUT_MS = 2000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** SIGTERM: the server drains, ends its jobs' runs (freeing their leases) and exits. */
const stopServer = async (server: ServerProcess) => {
  server.child.kill('SIGTERM');
  await server.exited;
};

describe('kill -9 between commit and webhook delivery, then restart', { skip: why }, () => {
  let database: TestDatabase;
  let deps: Deps;
  let dataDir: string;
  let rx: WebhookReceiver;
  let server: ServerProcess | null = null;
  let env: Record<string, string>;
  const receivers: WebhookReceiver[] = [];
  before(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), 'stays-webhook-crash-'));
    rx = await startWebhookReceiver();
    env = {
      DATABASE_URL: database.url!,
      DATA_DIR: dataDir,
      JWT_SECRET: SECRET,
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      JOBS_INTERVAL_MS: '200',
      LOG_LEVEL: 'warn',
      WEBHOOKS_TIMEOUT_MS: String(TIMEOUT_MS),
    };
    deps = await createContainer(loadConfig({ NODE_ENV: 'test', ...env, JOBS_ENABLED: 'false', LOG_LEVEL: 'silent' }), {
      database,
    });
  });
  after(async () => {
    if (server) await killServer(server);
    await closeContainer(deps, { keepDatabase: true });
    await database?.close();
    await rx?.close();
    for (const r of receivers) await r.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const call = (method: string, url: string, token: string, body?: unknown) =>
    fetchAsClient(`${server!.url}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });

  it('delivers the booking committed just before the crash, once, after the restart', async () => {
    const owner = await createUser(deps, { role: 'owner' });
    const ownerToken = (await deps.sessions.start(owner, 'owner')).token;
    const guest = await createUser(deps);
    const guestToken = (await deps.sessions.start(guest, 'client')).token;
    const p = await createProperty(deps, owner.id);

    server = await startServer({ ...env, FAULT_POINT: 'reservation.after-commit' });
    const created = await call('POST', '/api/webhook-endpoints', ownerToken, {
      url: rx.url,
      events: ['reservation.created'],
    });
    assert.equal(created.status, 201);
    const endpoint = (await created.json()).data as { id: number; secret: string };
    const secret = endpoint.secret;
    const answer = await call('POST', '/api/reservations', guestToken, {
      property_id: p.id,
      checkin_date: day(40),
      checkout_date: day(43),
      guests: { adults: 2 },
    }).then(
      (r) => `answered ${r.status}`,
      () => 'no answer',
    );
    assert.equal(answer, 'no answer');
    assert.equal((await server.exited).signal, 'SIGKILL');
    const kept = await deps.db.select().from(reservations).where(eq(reservations.propertyId, p.id));
    assert.equal(kept.length, 1, 'the booking committed');
    assert.equal(rx.received.length, 0, 'nothing was delivered before the crash');

    server = await startServer(env);
    const [got] = await rx.waitFor(1, claimMs(TIMEOUT_MS) + 30_000);
    assert.equal(got!.json.type, 'reservation.created');
    assert.ok(rx.verifies(got!, secret), 'the reference verifier accepts it');
    assert.equal((got!.json.data as { id: number }).id, kept[0]!.id);
    const list = await (await call('GET', `/api/webhook-endpoints/${endpoint.id}/deliveries`, ownerToken)).json();
    assert.equal(list.meta.total, 1, 'one delivery queued for the one event');
    await stopServer(server);
    server = null;
    assert.equal(rx.received.filter((r) => r.json.type === 'reservation.created').length, 1);
  });

  /** A listing owner subscribed with a receiver of their own, a server set to die at `point`, and a booking. */
  async function crashAfterBooking(point: FaultPoint) {
    const owner = await createUser(deps, { role: 'owner' });
    const ownerToken = (await deps.sessions.start(owner, 'owner')).token;
    const guest = await createUser(deps);
    const guestToken = (await deps.sessions.start(guest, 'client')).token;
    const p = await createProperty(deps, owner.id);
    const receiver = await startWebhookReceiver();
    receivers.push(receiver);
    server = await startServer({ ...env, FAULT_POINT: point });
    const created = await call('POST', '/api/webhook-endpoints', ownerToken, {
      url: receiver.url,
      events: ['reservation.created'],
    });
    assert.equal(created.status, 201);
    const endpoint = (await created.json()).data as { id: number; secret: string };
    // Answered or not: the server may die before or after the answer leaves.
    await call('POST', '/api/reservations', guestToken, {
      property_id: p.id,
      checkin_date: day(50),
      checkout_date: day(52),
      guests: { adults: 1 },
    }).catch(() => null);
    const exit = await Promise.race([server.exited, sleep(60_000).then(() => null)]);
    assert.equal(exit?.signal, 'SIGKILL', `${point}: the server did not die there\n${server.output().slice(-2000)}`);
    assert.equal((await deps.db.select().from(reservations).where(eq(reservations.propertyId, p.id))).length, 1);
    const rows = await deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    assert.equal(rows.length, 1, 'one delivery queued');
    const row = rows[0]!;
    assert.equal(row.status, 'sending', 'claimed by the dead server');
    assert.equal(row.attempts, 1);
    assert.ok(row.body, 'its body kept before the post');
    return { receiver, endpoint, row };
  }

  /** Restarts the server clean and waits for the delivery's success to be written. */
  async function restartUntilSucceeded(deliveryId: number, receiver: WebhookReceiver, arrivals: number) {
    server = await startServer(env);
    const restarted = server;
    await receiver.waitFor(arrivals, claimMs(TIMEOUT_MS) + 30_000).catch(async (err: Error) => {
      const held = await deps.db.select().from(jobs);
      const rows = await deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
      throw new Error(
        `${err.message}\njobs: ${JSON.stringify(held)}\ndelivery: ${JSON.stringify(rows)}\n${restarted.output().slice(-3000)}`,
      );
    });
    const deadline = Date.now() + 30_000;
    let row = (await deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId)))[0]!;
    while (row.status !== 'succeeded' && Date.now() < deadline) {
      await sleep(200);
      row = (await deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId)))[0]!;
    }
    await stopServer(server);
    server = null;
    return row;
  }

  it('makes an attempt claimed by a server that died before posting once its claim runs out', async () => {
    const { receiver, endpoint, row } = await crashAfterBooking('webhook.after-claim');
    assert.equal(receiver.received.length, 0, 'nothing was posted before the crash');
    const done = await restartUntilSucceeded(row.id, receiver, 1);
    assert.equal(done.status, 'succeeded');
    assert.equal(done.attempts, 2, 'the dead attempt, then the one after the restart');
    assert.equal(receiver.received.length, 1);
    const got = receiver.received[0]!;
    assert.equal(got.id, row.messageId, 'the webhook-id queued');
    assert.equal(got.body, row.body, 'the body kept before the crash');
    assert.ok(receiver.verifies(got, endpoint.secret), 'the reference verifier accepts it');
    assert.equal(got.json.type, 'reservation.created');
  });

  it('posts again, same webhook-id and body, what was received but not recorded before the crash', async () => {
    const { receiver, endpoint, row } = await crashAfterBooking('webhook.after-post');
    assert.equal(receiver.received.length, 1, 'received once before the crash');
    const done = await restartUntilSucceeded(row.id, receiver, 2);
    assert.equal(done.status, 'succeeded');
    assert.equal(receiver.received.length, 2, 'at least once: twice here, never lost');
    const [first, second] = receiver.received as [Received, Received];
    assert.equal(first.id, row.messageId);
    assert.equal(second.id, first.id, 'the same webhook-id, so the receiver can drop the repeat');
    assert.equal(second.body, first.body);
    assert.equal(second.body, row.body);
    assert.ok(receiver.verifies(first, endpoint.secret) && receiver.verifies(second, endpoint.secret));
  });
});
