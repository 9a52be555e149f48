// The real-time scenario: many idle WebSocket and SSE connections on one server process (on
// loopback), the server's memory per idle connection, then two bursts of notifications and the
// delivery latency of each, from just before the request that commits it to the client: the
// first on a server that has not run these paths yet (reported as cold), the second measured.
// `npm run bench` runs it after the HTTP scenarios (BENCH_ONLY=realtime for it alone);
// `tsx bench/realtime.ts` runs it by itself. REALTIME_USERS (default 5000) users each hold one
// WebSocket and one SSE stream; REALTIME_EVENTS (default 1000) notifications, one per user, are
// sent by REALTIME_SENDERS (default 20) concurrent POST /api/notifications/send. Connections come
// from REALTIME_SOURCE_ADDRESSES (default 4) loopback addresses, opened by client processes of
// their own (realtime-clients.ts). Near 20,000 connections (issue 26): `REALTIME_USERS=9950 npx tsx
// bench/realtime.ts`; the server's own open-file limit must exceed twice REALTIME_USERS by a few
// dozen (its database pool, listening socket, files), so 20,000 itself needs `ulimit -n` above 20,000.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, runMigrations } from '../src/db/connection.ts';
import { sessions, users } from '../src/db/schema/index.ts';
import { seedReferenceData } from '../src/modules/catalog/seed-reference-data.ts';
import { TokenService } from '../src/modules/auth/tokens.ts';
import { ClientFleet, openWs, sourceOf } from './realtime-clients.ts';
import { benchNodeArgs, pinCpus, startServer, type ServerTarget } from './server-process.ts';

export interface RealtimeFigures {
  users: number;
  connections: { ws: number; sse: number };
  /** Connection attempts the server refused with 503 (load shedding) and the client retried. */
  refused: { ws: number; sse: number };
  connectSeconds: number;
  memory: { rssIdleMb: number; rssConnectedMb: number; perConnectionKb: number } | null;
  events: number;
  /** Both bursts'. */
  deliveries: { expected: number; received: number };
  /** From just before the POST that commits the notification (an upper bound of commit → client). */
  latencyMs: { p50: number; p99: number; max: number };
  /** From the POST's answer, which comes after the commit (a lower bound; 0 when the event came first). */
  afterResponseMs: { p50: number; p99: number; max: number };
  /** The POST itself: authentication, the transaction and its commit. */
  requestMs: { p50: number; p99: number };
  burstSeconds: number;
  /** The same burst on the server before it: the first time it runs these code paths. */
  cold: BurstFigures;
}

/** One burst of notifications: its deliveries, latencies and duration (the warm burst's are RealtimeFigures' own). */
type BurstFigures = Pick<RealtimeFigures, 'latencyMs' | 'afterResponseMs' | 'requestMs' | 'burstSeconds'> & {
  deliveries: { expected: number; received: number };
};

const num = (name: string, fallback: number) => {
  const n = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer`);
  return n;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Fixture {
  userIds: number[];
  tokens: string[];
  adminToken: string;
}

/** Users with live sessions and the server's own tokens, written before the server starts. */
async function fixture(target: ServerTarget, count: number): Promise<Fixture> {
  const database = await openDatabase({
    url: target.databaseUrl,
    dataDir: path.join(target.dataDir, 'pgdata'),
    poolSize: 2,
  });
  try {
    await runMigrations(database, target.databaseUrl);
    await seedReferenceData(database.db);
    const db = database.db;
    const tag = randomUUID().slice(0, 8);
    const rows = Array.from({ length: count + 1 }, (_, i) => ({
      username: `rt_${tag}_${i}`,
      email: `rt-${tag}-${i}@example.com`,
      firstName: 'Realtime',
      lastName: String(i),
      role: i === count ? 'admin' : 'client',
      emailVerifiedAt: new Date(),
    }));
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += 1000)
      ids.push(
        ...(
          await db
            .insert(users)
            .values(rows.slice(i, i + 1000))
            .returning({ id: users.id })
        ).map((r) => r.id),
      );
    const now = new Date();
    const expiresAt = new Date(now.getTime() + 86_400_000);
    const sess = ids.map((userId, i) => ({
      id: randomUUID(),
      userId,
      loginType: i === count ? 'admin' : 'client',
      createdAt: now,
      expiresAt,
    }));
    for (let i = 0; i < sess.length; i += 1000) await db.insert(sessions).values(sess.slice(i, i + 1000));
    const signer = new TokenService(new TextEncoder().encode(target.jwtSecret), 86_400);
    const tokens: string[] = [];
    for (const [i, s] of sess.entries())
      tokens.push(
        (
          await signer.sign({
            userId: s.userId,
            role: i === count ? 'admin' : 'client',
            sessionId: s.id,
            now,
            sessionExpiresAt: expiresAt,
          })
        ).token,
      );
    return { userIds: ids.slice(0, count), tokens: tokens.slice(0, count), adminToken: tokens[count]! };
  } finally {
    await database.close();
  }
}

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;

export async function runRealtimeBench(opts: {
  root: string;
  databaseUrl?: string;
  serverCpus?: string;
  nodeArgs?: string[];
}): Promise<RealtimeFigures> {
  const count = num('REALTIME_USERS', 5000);
  const events = Math.min(count, num('REALTIME_EVENTS', 1000));
  const senders = num('REALTIME_SENDERS', 20);
  let fx: Fixture | undefined;
  const server = await startServer({
    root: opts.root,
    databaseUrl: opts.databaseUrl,
    cpus: opts.serverCpus,
    nodeArgs: opts.nodeArgs,
    // Every client is on loopback: one address holding all the connections, which the per-address cap is there to stop.
    env: { REALTIME_MAX_CONNECTIONS_PER_ADDRESS: '0' },
    beforeStart: async (target) => {
      fx = await fixture(target, count);
    },
  });
  const received: Array<[event: number, at: number]> = [];
  const fleet = new ClientFleet((n, at) => void received.push([n, at]));
  try {
    const f = fx!;
    const host = new URL(server.baseUrl).host;
    const { pid } = server;
    // Each event is numbered across both bursts; a client frame names its number (data.n).
    const sentAt: number[] = [];
    const answeredAt: number[] = [];
    // Loads the real-time code paths once, so the idle figure is not the cost of the first import.
    (await openWs(host, f.tokens[0]!, () => {}, sourceOf(0))).close();
    await sleep(1500);
    const idle = existsSync(`/proc/${pid}/status`) ? rssMb(pid) : null;
    const started = Date.now();
    await fleet.open(host, f.tokens);
    const connectSeconds = (Date.now() - started) / 1000;
    await sleep(3000);
    const connected = idle === null ? null : rssMb(pid);
    console.error(
      `[bench] realtime: ${count * 2} connections open in ${connectSeconds.toFixed(1)} s; sending ${events} notifications, twice`,
    );

    /** `events` notifications, one per user, from `senders` concurrent requests; numbered from `first`. */
    const burst = async (first: number): Promise<BurstFigures> => {
      const burstStart = Date.now();
      let next = first;
      const end = first + events;
      await Promise.all(
        Array.from({ length: senders }, async () => {
          for (let i = next++; i < end; i = next++) {
            const body = JSON.stringify({
              title: 'Bench',
              message: `Event ${i}`,
              payload: JSON.stringify({ n: i }),
              user_ids: [f.userIds[i - first]],
            });
            sentAt[i] = Date.now();
            const res = await fetch(`${server.baseUrl}/api/notifications/send`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${f.adminToken}` },
              body,
            });
            if (!res.ok)
              throw new Error(`POST /api/notifications/send → ${res.status}: ${(await res.text()).slice(0, 300)}`);
            await res.arrayBuffer();
            answeredAt[i] = Date.now();
          }
        }),
      );
      const mine = () => received.filter(([n]) => n >= first && n < end);
      const expected = events * 2;
      const deadline = Date.now() + 30_000;
      while (mine().length < expected && Date.now() < deadline) await sleep(50);
      const burstSeconds = (Date.now() - burstStart) / 1000;
      const got = mine();
      const sorted = got.map(([n, at]) => at - sentAt[n]!).sort((a, b) => a - b);
      const after = got.map(([n, at]) => Math.max(0, at - answeredAt[n]!)).sort((a, b) => a - b);
      const requests = sentAt
        .slice(first, end)
        .map((at, k) => answeredAt[first + k]! - at)
        .sort((a, b) => a - b);
      return {
        deliveries: { expected, received: got.length },
        latencyMs: { p50: pct(sorted, 50), p99: pct(sorted, 99), max: sorted.at(-1) ?? NaN },
        afterResponseMs: { p50: pct(after, 50), p99: pct(after, 99), max: after.at(-1) ?? NaN },
        requestMs: { p50: pct(requests, 50), p99: pct(requests, 99) },
        burstSeconds,
      };
    };
    // The first burst meets code the server has not run yet (the send route, the relay, the
    // fan-out): it is reported as the cold figure. The goal is read on the second, as every HTTP
    // scenario is measured after a warm-up.
    const cold = await burst(0);
    const warm = await burst(events);
    return {
      users: count,
      connections: { ws: count, sse: count },
      refused: { ...fleet.refused },
      connectSeconds,
      memory:
        idle !== null && connected !== null
          ? {
              rssIdleMb: round(idle),
              rssConnectedMb: round(connected),
              perConnectionKb: round(((connected - idle) * 1024) / (count * 2)),
            }
          : null,
      events,
      ...warm,
      deliveries: {
        expected: cold.deliveries.expected + warm.deliveries.expected,
        received: cold.deliveries.received + warm.deliveries.received,
      },
      cold,
    };
  } finally {
    await fleet.close();
    await server.stop();
  }
}

const round = (n: number) => Math.round(n * 10) / 10;

export function realtimeLines(r: RealtimeFigures): string[] {
  return [
    `realtime: ${r.connections.ws} WebSocket + ${r.connections.sse} SSE connections (opened in ${r.connectSeconds.toFixed(1)} s` +
      `${r.refused.ws + r.refused.sse ? `; ${r.refused.ws} WebSocket and ${r.refused.sse} SSE attempts refused with 503 by load shedding and retried after Retry-After` : ''})`,
    r.memory
      ? `realtime: server RSS ${r.memory.rssIdleMb} MB idle → ${r.memory.rssConnectedMb} MB connected = ${r.memory.perConnectionKb} KB per idle connection (goal < 50)`
      : 'realtime: server memory not measured (no /proc)',
    `realtime: ${r.events} notifications, first burst (cold server) in ${r.cold.burstSeconds.toFixed(1)} s: latency from request to client ` +
      `p50 ${r.cold.latencyMs.p50} ms, p99 ${r.cold.latencyMs.p99} ms, max ${r.cold.latencyMs.max} ms; the request itself p50 ${r.cold.requestMs.p50} ms, p99 ${r.cold.requestMs.p99} ms`,
    `realtime: ${r.events} notifications again (warm) → ${r.deliveries.received}/${r.deliveries.expected} deliveries over both bursts, this one in ${r.burstSeconds.toFixed(1)} s; ` +
      `latency from request to client p50 ${r.latencyMs.p50} ms, p99 ${r.latencyMs.p99} ms, max ${r.latencyMs.max} ms (goal p99 < 100)`,
    `realtime: from the committing request's answer to client p50 ${r.afterResponseMs.p50} ms, p99 ${r.afterResponseMs.p99} ms; ` +
      `the request itself p50 ${r.requestMs.p50} ms, p99 ${r.requestMs.p99} ms`,
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const serverCpus = process.env.BENCH_PIN !== '0' ? pinCpus() : undefined;
  runRealtimeBench({
    root,
    databaseUrl: process.env.DATABASE_URL || undefined,
    serverCpus,
    nodeArgs: benchNodeArgs(),
  }).then(
    (r) => {
      for (const line of realtimeLines(r)) console.log(line);
      console.log(JSON.stringify(r));
      process.exit(r.deliveries.received === r.deliveries.expected ? 0 : 1);
    },
    (err) => {
      console.error(`[bench] realtime: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    },
  );
}
