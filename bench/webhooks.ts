// `npm run bench:webhooks`: outgoing webhooks (issue 52), in one process on the real wiring (the
// relay, the webhooks projector, the delivery kicker and job) with a local receiver over HTTP.
// The receiver runs in a child process (webhook-receiver.mjs), as an integrator's would elsewhere.
// 1. Delivery: WEBHOOK_EVENTS (10,000) message events committed in transactions of 500, all
//    subscribed by one endpoint; reports events/s (first commit → last arrival) and the p50/p99
//    of commit → arrival.
// 2. Booking: BOOKINGS bookings over app.inject at CONCURRENCY, without and with an active
//    endpoint subscribed to reservation.created (deliveries made as the bookings run), PAIRS
//    pairs of phases in the order without-with, with-without, … so a machine whose load drifts
//    during the run (it is shared) favours neither; reports bookings/s each way over all its
//    phases. One run, one machine: a figure, never a test.
// PGlite (a copy of the test template), or DATABASE_URL (a fresh database on that server). The
// figures go to bench/results/webhooks.json under the database's name, with the load average.
import { fork } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.ts';
import { closeContainer, createContainer } from '../src/container.ts';
import { buildApp } from '../src/app.ts';
import { createLogger } from '../src/platform/logger.ts';
import { platformRepository } from '../src/platform/platform.repository.ts';
import { createUser } from '../test/helpers/factories.ts';
import { createProperty } from '../test/helpers/catalog-factories.ts';

const EVENTS = Number(process.env.WEBHOOK_EVENTS ?? 10_000);
const BOOKINGS = Number(process.env.BOOKINGS ?? 600);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 16);
const PAIRS = Number(process.env.PAIRS ?? 2);
const TX = 500;
const loadAtStart = os.loadavg();

// Milliseconds since the epoch, as the receiver's process reads them too.
const now = () => performance.timeOrigin + performance.now();
const committedAt = new Map<number, number>();
const arrivals: Array<{ messageId: number; at: number }> = [];
let waiting: { n: number; resolve: () => void } | null = null;
const receiver = fork(path.join(import.meta.dirname, 'webhook-receiver.mjs'));
const port = await new Promise<number>((resolve) =>
  receiver.once('message', (m) => resolve((m as { port: number }).port)),
);
receiver.on('message', (m) => {
  if (!Array.isArray(m)) return;
  for (const [messageId, at] of m as Array<[number, number]>) arrivals.push({ messageId, at });
  if (waiting && arrivals.length >= waiting.n) waiting.resolve();
});
const url = `http://127.0.0.1:${port}/hooks`;
const arrived = (n: number) =>
  arrivals.length >= n ? Promise.resolve() : new Promise<void>((resolve) => (waiting = { n, resolve }));

// DATABASE_URL: a fresh copy of the test template on that PostgreSQL server (test-database.ts reads
// TEST_DATABASE_URL when it loads, hence the late import); else PGlite.
if (process.env.DATABASE_URL) process.env.TEST_DATABASE_URL ||= process.env.DATABASE_URL;
const { createTestDatabase } = await import('../test/helpers/test-database.ts');
const dataDir = await mkdtemp(path.join(tmpdir(), 'stays-bench-webhooks-'));
const database = await createTestDatabase();
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  JWT_SECRET: 'bench-webhooks-secret-0123456789abcdefghij',
  JOBS_ENABLED: 'true',
  WEBHOOKS_ALLOW_PRIVATE: 'true',
  PUBLIC_BASE_URL: 'http://bench.test',
  MAX_EVENT_LOOP_DELAY_MS: '0',
  MAX_REQUESTS_IN_FLIGHT: '0',
});
const deps = await createContainer(config, { database, log: createLogger('warn') });
const app = await buildApp(deps);
await app.ready();

const owner = await createUser(deps, { role: 'owner' });
const ownerToken = (await deps.sessions.start(owner, 'owner')).token;
const subscribe = async (events: string[]) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/webhook-endpoints',
    headers: { authorization: `Bearer ${ownerToken}` },
    payload: { url, events },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data.id as number;
};
const p = (xs: number[], q: number) => xs.sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

// 1. Delivery of EVENTS events.
const messages = await subscribe(['message.received']);
const start = now();
for (let i = 0; i < EVENTS; i += TX) {
  await deps.db.transaction(async (tx) => {
    for (let j = i; j < Math.min(EVENTS, i + TX); j++)
      await platformRepository(tx).insertEvent('message.created', {
        message_id: j + 1,
        sender_id: owner.id,
        receiver_id: owner.id,
        sender_name: 'Bench',
        content: `message ${j + 1}`,
        kind: 'text',
        created_at: new Date().toISOString(),
      });
  });
  const at = now();
  for (let j = i; j < Math.min(EVENTS, i + TX); j++) committedAt.set(j + 1, at);
  deps.outbox.kick().catch(() => {});
}
await arrived(EVENTS);
const end = now();
const latencies = arrivals.map((a) => a.at - committedAt.get(a.messageId)!);
const delivery = {
  events: EVENTS,
  seconds: Number(((end - start) / 1000).toFixed(1)),
  events_per_s: Math.round(EVENTS / ((end - start) / 1000)),
  commit_to_arrival_p50_ms: Math.round(p(latencies, 0.5)),
  commit_to_arrival_p99_ms: Math.round(p(latencies, 0.99)),
};
console.log(
  `delivery: ${EVENTS} events in ${((end - start) / 1000).toFixed(1)} s = ${Math.round(EVENTS / ((end - start) / 1000))} events/s; ` +
    `commit → arrival p50 ${Math.round(p(latencies, 0.5))} ms, p99 ${Math.round(p(latencies, 0.99))} ms`,
);
await app.inject({
  method: 'DELETE',
  url: `/api/webhook-endpoints/${messages}`,
  headers: { authorization: `Bearer ${ownerToken}` },
});

// 2. Bookings without and with an active endpoint; each phase's time in seconds.
async function bookings(label: string): Promise<number> {
  const slots = await Promise.all(
    Array.from({ length: BOOKINGS }, async (_, i) => {
      const guest = await createUser(deps);
      return {
        token: (await deps.sessions.start(guest, 'client')).token,
        property: (await createProperty(deps, owner.id)).id,
        i,
      };
    }),
  );
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  let next = 0;
  let failed = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < slots.length) {
        const s = slots[next++]!;
        const res = await app.inject({
          method: 'POST',
          url: '/api/reservations',
          headers: { authorization: `Bearer ${s.token}` },
          payload: { property_id: s.property, checkin_date: day(30), checkout_date: day(32), guests: { adults: 1 } },
        });
        if (res.statusCode !== 201) failed++;
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  console.log(
    `booking ${label}: ${BOOKINGS} in ${seconds.toFixed(1)} s = ${(BOOKINGS / seconds).toFixed(0)}/s (${failed} failed)`,
  );
  return seconds;
}
const bookingsEndpoint = await subscribe(['reservation.created']);
const setEnabled = async (enabled: boolean) => {
  const res = await app.inject({
    method: 'PUT',
    url: `/api/webhook-endpoints/${bookingsEndpoint}`,
    headers: { authorization: `Bearer ${ownerToken}` },
    payload: { enabled },
  });
  if (res.statusCode !== 200) throw new Error(res.body);
};
const phases: Array<{ endpoint: boolean; seconds: number; cpuMs: number }> = [];
for (let pair = 0; pair < PAIRS; pair++) {
  for (const endpoint of pair % 2 === 0 ? [false, true] : [true, false]) {
    await setEnabled(endpoint);
    const before = arrivals.length;
    const cpu = process.cpuUsage();
    const seconds = await bookings(endpoint ? 'with endpoint' : 'without endpoint');
    // Every delivery of the phase arrives before the next phase starts (and is in its CPU time).
    if (endpoint) await arrived(before + BOOKINGS);
    const { user, system } = process.cpuUsage(cpu);
    phases.push({ endpoint, seconds, cpuMs: (user + system) / 1000 / BOOKINGS });
  }
}
const rateOf = (endpoint: boolean) => {
  const mine = phases.filter((ph) => ph.endpoint === endpoint);
  return (mine.length * BOOKINGS) / mine.reduce((sum, ph) => sum + ph.seconds, 0);
};
const cpuOf = (endpoint: boolean) => {
  const mine = phases.filter((ph) => ph.endpoint === endpoint);
  return mine.reduce((sum, ph) => sum + ph.cpuMs, 0) / mine.length;
};
const without = rateOf(false);
const withEndpoint = rateOf(true);
console.log(
  `booking: ${without.toFixed(1)}/s without, ${withEndpoint.toFixed(1)}/s with an endpoint; this process's CPU ` +
    `${cpuOf(false).toFixed(1)} vs ${cpuOf(true).toFixed(1)} ms a booking (deliveries included; the receiver is another process)`,
);
const change = Number(((withEndpoint / without - 1) * 100).toFixed(1));
console.log(`booking with an endpoint: ${change} % vs without`);
const resultsFile = path.join(import.meta.dirname, 'results', 'webhooks.json');
const results = JSON.parse(await readFile(resultsFile, 'utf8').catch(() => '{}'));
results[process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'] = {
  date: new Date().toISOString().slice(0, 10),
  cpus: os.cpus().length,
  load_at_start: loadAtStart.map((l) => Number(l.toFixed(1))),
  load_at_end: os.loadavg().map((l) => Number(l.toFixed(1))),
  delivery,
  booking: {
    bookings_per_phase: BOOKINGS,
    concurrency: CONCURRENCY,
    phases: phases.map((ph) => ({
      endpoint: ph.endpoint,
      per_s: Number((BOOKINGS / ph.seconds).toFixed(1)),
      process_cpu_ms_per_booking: Number(ph.cpuMs.toFixed(2)),
    })),
    without_endpoint_per_s: Number(without.toFixed(1)),
    with_endpoint_per_s: Number(withEndpoint.toFixed(1)),
    change_percent: change,
    process_cpu_ms_per_booking_without: Number(cpuOf(false).toFixed(2)),
    process_cpu_ms_per_booking_with: Number(cpuOf(true).toFixed(2)),
  },
};
await writeFile(resultsFile, `${JSON.stringify(results, null, 2)}\n`);

await app.close();
await closeContainer(deps, { keepDatabase: true });
await database.close();
receiver.disconnect();
await rm(dataDir, { recursive: true, force: true });
