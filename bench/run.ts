// `npm run bench`: starts the real server in its own process, logs a user in, drives every
// scenario with autocannon from this process (a warm-up each, then BENCH_ROUNDS measured rounds),
// prints one table and writes bench/results/latest.json (partial.json for a BENCH_ONLY run). Exit 1
// when any request failed.
// Scenarios that need a generated catalogue (`dataset`) run on a server process of their own per
// catalogue, each with its own baseline, one catalogue after the other.
import autocannon from 'autocannon';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BASELINE,
  SkipScenario,
  baselineOf,
  isDirect,
  requirements,
  scenarios,
  steadiness,
  type BenchContext,
  type DirectLoad,
  type Load,
  type Scenario,
} from './scenarios.ts';
import type { Manifest } from './datasets.ts';
import { ensureCatalog } from './ensure-catalog.ts';
import {
  benchAdmin,
  benchNodeArgs,
  pinCpus,
  serverCode,
  startServer,
  type BenchAdmin,
  type RunningServer,
  type ServerTarget,
} from './server-process.ts';
import {
  errorsOf,
  machine,
  sampleOf,
  steadinessLine,
  steadinessVerdicts,
  summarize,
  table,
  verdictLine,
  verdicts,
  type Rounds,
  type Sample,
} from './report.ts';
import { realtimeLines, runRealtimeBench, type RealtimeFigures } from './realtime.ts';
import { applyHaltPoll, idleState } from './idle-poll.ts';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(benchDir, '..');

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer (got "${raw}")`);
  return n;
}

const settings = {
  duration: positive('BENCH_DURATION', 10),
  warmup: positive('BENCH_WARMUP', 3),
  // Every round measures each scenario once, back to back; medians over rounds damp the drift
  // of a shared machine (see report.ts).
  rounds: positive('BENCH_ROUNDS', 3),
  connections: positive('BENCH_CONNECTIONS', 50),
  // A comma-separated subset of scenarios; the baseline always runs so ratios stay meaningful.
  only: (process.env.BENCH_ONLY ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
  nodeArgs: benchNodeArgs(),
  pin: process.env.BENCH_PIN !== '0',
};

let current: autocannon.Instance | undefined;
let interrupted = false;
// Stops a direct (non-HTTP) load the way current.stop() stops autocannon.
const interruption = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true;
    current?.stop();
    interruption.abort();
  });
}

async function api<T>(baseUrl: string, method: string, route: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(baseUrl + route, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    // Load shedding may refuse a fixture's request while the fresh server catches up (PGlite's
    // first statements on a large database block its event loop): retry as a client would.
    if (res.status === 503 && res.headers.has('retry-after') && attempt < 5) {
      const seconds = Number(res.headers.get('retry-after')) || 1;
      console.error(`[bench] ${method} ${route} → 503 (load shedding), retrying in ${seconds} s`);
      await new Promise((r) => setTimeout(r, seconds * 1000));
      continue;
    }
    if (!res.ok) throw new Error(`${method} ${route} → ${res.status}: ${text.slice(0, 500)}`);
    return JSON.parse(text) as T;
  }
}

/** Registers a fresh client account and logs in: no e-mail verification is needed to log in. */
async function benchContext(baseUrl: string, admin: BenchAdmin): Promise<BenchContext> {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const password = `bench-${id}-password`;
  await api(baseUrl, 'POST', '/api/auth/register', {
    username: `bench_${id}`,
    first_name: 'Bench',
    last_name: 'User',
    email: `bench-${id}@example.com`,
    password,
    password_confirmation: password,
  });
  const login = await api<{ data: { token: string; user: { id: number } } }>(baseUrl, 'POST', '/api/auth/login', {
    login: `bench_${id}`,
    password,
  });
  let adminToken: Promise<string> | undefined;
  return {
    baseUrl,
    token: login.data.token,
    userId: login.data.user.id,
    api: (method, route, body, token) => api(baseUrl, method, route, body, token),
    adminToken: () =>
      (adminToken ??= api<{ data: { token: string } }>(baseUrl, 'POST', '/api/auth/login', {
        login: admin.email,
        password: admin.password,
        type: 'admin',
      }).then((r) => r.data.token)),
  };
}

async function preflight(baseUrl: string, scenario: Scenario, load: Load | DirectLoad): Promise<void> {
  if (isDirect(load)) {
    const problem = await load.once();
    if (problem) throw new Error(`scenario ${scenario.name} is not measuring what it should: ${problem}`);
    return;
  }
  if (!scenario.check) return;
  const first = load.requests?.[0] ?? load;
  const varied = load.vary?.();
  const res = await fetch(baseUrl + (varied?.path ?? first.path ?? load.path), {
    method: first.method ?? load.method ?? 'GET',
    headers: { ...load.headers, ...first.headers, ...varied?.headers },
    body: varied?.body ?? first.body ?? load.body,
  });
  const text = await res.text();
  console.error(`[bench] ${scenario.name}: the first answer is ${res.status}, ${Buffer.byteLength(text)} bytes`);
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // leave it as text for the message
  }
  const problem = scenario.check(res.status, body);
  if (problem) throw new Error(`scenario ${scenario.name} is not measuring what it should: ${problem}`);
}

async function fire(server: RunningServer, name: string, load: Load | DirectLoad, duration: number): Promise<Sample> {
  if (isDirect(load)) return load.drive(duration, interruption.signal);
  const vary = load.vary;
  // A fresh body per request: autocannon calls setupRequest as it builds each one.
  const requests = vary
    ? [
        {
          method: load.method ?? 'GET',
          path: load.path,
          setupRequest: (req: autocannon.Request) => {
            const v = vary();
            return {
              ...req,
              path: v.path ?? req.path,
              body: v.body ?? req.body,
              headers: { ...req.headers, ...v.headers },
            };
          },
        },
      ]
    : load.requests;
  // autocannon spreads its defaults under these options: an explicit undefined would erase one.
  const optional = Object.fromEntries(
    Object.entries({ headers: load.headers, body: load.body, requests, idReplacement: load.idReplacement }).filter(
      ([, v]) => v !== undefined,
    ),
  );
  const cpuBefore = server.cpuSeconds();
  const latencies: number[] = [];
  current = autocannon({
    url: server.baseUrl + load.path,
    title: name,
    method: load.method ?? 'GET',
    connections: load.connections ?? settings.connections,
    duration,
    ...optional,
  });
  // Every response's latency, for an exact p95 (the result's histogram stops at p90 and p97.5).
  current.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => latencies.push(ms));
  try {
    const result = await current;
    const cpuAfter = server.cpuSeconds();
    return sampleOf(result, cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore, latencies);
  } finally {
    current = undefined;
  }
}

interface Group {
  /** The generated catalogue the group's server runs on; undefined: an empty database. */
  dataset?: number;
  /** The group's own baseline first, then its scenarios. */
  scenarios: Scenario[];
}

/** One server process per catalogue: scenarios without one share the first, each catalogue gets its own. */
function groupsOf(selected: Scenario[]): Group[] {
  const bare = scenarios.find((s) => s.name === BASELINE)!;
  const datasets = [...new Set(selected.filter((s) => s.dataset !== undefined).map((s) => s.dataset!))].sort(
    (a, b) => a - b,
  );
  const plain = selected.filter((s) => s.dataset === undefined && s.name !== BASELINE);
  return [
    ...(plain.length || !datasets.length ? [{ scenarios: [bare, ...plain] }] : []),
    ...datasets.map((dataset) => ({
      dataset,
      scenarios: [{ ...bare, name: baselineOf(dataset), dataset }, ...selected.filter((s) => s.dataset === dataset)],
    })),
  ];
}

async function runGroup(
  group: Group,
  databaseUrl: string | undefined,
  serverCpus: string | undefined,
  rounds: Rounds,
  skipped: Map<string, string>,
  manifests: Manifest[],
) {
  const kind = databaseUrl ? 'postgres' : 'pglite';
  let manifest: Manifest | undefined;
  if (group.dataset !== undefined) {
    const found = await ensureCatalog(root, group.dataset, databaseUrl);
    if (!found.manifest) {
      for (const s of group.scenarios.slice(1)) skipped.set(s.name, found.why);
      return [];
    }
    manifest = found.manifest;
    manifests.push(manifest);
  }
  const dataset = !manifest
    ? undefined
    : kind === 'pglite'
      ? ({ kind, pgdata: path.join(root, manifest.location, 'pgdata') } as const)
      : ({ kind, database: manifest.location } as const);
  console.error(`[bench] starting a server${manifest ? ` on ${manifest.dataset} (${manifest.count} listings)` : ''}`);
  let server: RunningServer | undefined;
  const ran: Scenario[] = [];
  const loads = new Map<string, Load | DirectLoad>();
  // Each scenario's share of the run, which the fixtures are sized for.
  const loadSeconds = settings.warmup + settings.rounds * settings.duration;
  const fixtures = new Map<NonNullable<Scenario['fixture']>, unknown>();
  const beforeStart = async (target: ServerTarget) => {
    for (const make of new Set(group.scenarios.map((s) => s.fixture))) {
      if (!make) continue;
      const users = group.scenarios
        .filter((s) => s.fixture === make)
        .map((s) => s.name)
        .join(', ');
      const started = Date.now();
      fixtures.set(make, await make({ ...target, loadSeconds }));
      console.error(`[bench] fixtures of ${users} written (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    }
  };
  try {
    const admin = benchAdmin();
    server = await startServer({
      root,
      databaseUrl,
      nodeArgs: settings.nodeArgs,
      cpus: serverCpus,
      dataset,
      beforeStart,
      env: admin.env,
    });
    const ctx: BenchContext = { ...(await benchContext(server.baseUrl, admin)), manifest };
    for (const scenario of group.scenarios) {
      try {
        const load = await scenario.prepare({ ...ctx, fixture: scenario.fixture && fixtures.get(scenario.fixture) });
        // Kept before the preflight, so a direct load's connections are closed whatever happens.
        loads.set(scenario.name, load);
        await preflight(server.baseUrl, scenario, load);
        ran.push(scenario);
      } catch (err) {
        if (!(err instanceof SkipScenario)) throw err;
        skipped.set(scenario.name, err.message);
        console.error(`[bench] skipping ${scenario.name}: ${err.message}`);
      }
    }
    for (const scenario of ran) {
      console.error(`[bench] warm-up ${scenario.name}`);
      await fire(server, scenario.name, loads.get(scenario.name)!, settings.warmup);
      if (interrupted) throw new Error('interrupted');
    }
    for (let i = 1; i <= settings.rounds; i++) {
      const round = (rounds[i - 1] ??= new Map<string, Sample>());
      for (const scenario of ran) {
        const sample = await fire(server, scenario.name, loads.get(scenario.name)!, settings.duration);
        if (interrupted) throw new Error('interrupted');
        console.error(
          `[bench] round ${i}/${settings.rounds} ${scenario.name}: ${Math.round(sample.reqPerSec)} req/s, p95 ${sample.p95Ms} ms, ${sample.cpuUsPerReq === null ? '' : `${Math.round(sample.cpuUsPerReq)} µs server CPU/req, `}${errorsOf(sample)} errors${errorsOf(sample) && sample.statuses && Object.keys(sample.statuses).length ? ` ${JSON.stringify(sample.statuses)}` : ''}`,
        );
        round.set(scenario.name, sample);
      }
    }
  } finally {
    for (const load of loads.values()) if (isDirect(load)) await load.close().catch(() => {});
    await server?.stop();
  }
  return ran;
}

async function main(): Promise<number> {
  // 'realtime' is not an HTTP scenario: bench/realtime.ts runs it on a server of its own.
  const unknown = settings.only.filter((n) => n !== 'realtime' && !scenarios.some((s) => s.name === n));
  if (unknown.length) throw new Error(`BENCH_ONLY names unknown scenarios: ${unknown.join(', ')}`);
  const selected = scenarios.filter(
    (s) => s.name === BASELINE || settings.only.includes(s.name) || (settings.only.length === 0 && !s.optIn),
  );
  const databaseUrl = process.env.DATABASE_URL || undefined;

  const serverCpus = settings.pin ? pinCpus() : undefined;
  const haltPoll = applyHaltPoll();
  const idle = idleState();
  console.error(
    `[bench] ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, server from its ${serverCode()}${serverCpus ? `, server pinned to CPU ${serverCpus}` : ', not pinned'}; ` +
      `${settings.connections} connections; ${settings.warmup} s warm-up, then ${settings.rounds} × ${settings.duration} s per scenario; ` +
      `idle CPUs: ${idle.driver ?? 'unknown'}${idle.haltPollNs === null ? '' : `, polling ${idle.haltPollNs} ns before halting${haltPoll ? ` (BENCH_HALT_POLL_NS; the machine's ${haltPoll.before})` : ''}`}`,
  );
  const rounds: Rounds = [];
  const skipped = new Map<string, string>();
  const manifests: Manifest[] = [];
  const ran: Scenario[] = [];
  for (const group of groupsOf(selected)) {
    if (interrupted) throw new Error('interrupted');
    // A catalogue's server is started only for scenarios that asked for it, not for its baseline alone.
    if (group.dataset !== undefined && group.scenarios.length < 2) continue;
    ran.push(...(await runGroup(group, databaseUrl, serverCpus, rounds, skipped, manifests)));
  }

  const rows = summarize(ran, rounds, (s) => baselineOf(s.dataset));
  const checks = verdicts(requirements, rounds);
  console.log(`\n${table(rows, BASELINE)}\n`);
  for (const v of checks) console.log(verdictLine(v));
  const steady = steadinessVerdicts(steadiness, rounds);
  for (const v of steady) console.log(steadinessLine(v));
  for (const q of requirements) {
    const missing = [q.numerator, q.denominator].find((n) => skipped.has(n));
    if (missing && !checks.some((v) => v.requirement === q.name))
      console.log(`NO VERDICT ${q.numerator} / ${q.denominator}: ${missing} was skipped (${skipped.get(missing)})`);
  }
  for (const [name, why] of skipped) console.log(`SKIPPED ${name}: ${why}`);
  const failed = rows.filter((r) => r.errors > 0);
  for (const r of failed) console.log(`ERRORS in ${r.scenario}: ${JSON.stringify(r.detail)}`);
  let realtime: RealtimeFigures | null = null;
  let realtimeFailure: string | null = null;
  if (!interrupted && (settings.only.length === 0 || settings.only.includes('realtime'))) {
    // A failure here must not lose the HTTP scenarios' results: reported, then exit 1.
    try {
      realtime = await runRealtimeBench({ root, databaseUrl, serverCpus, nodeArgs: settings.nodeArgs });
      for (const line of realtimeLines(realtime)) console.log(line);
      if (realtime.deliveries.received !== realtime.deliveries.expected)
        realtimeFailure = `${realtime.deliveries.received} of ${realtime.deliveries.expected} deliveries`;
    } catch (err) {
      realtimeFailure = err instanceof Error ? err.message : String(err);
    }
    if (realtimeFailure) console.log(`ERRORS in realtime: ${realtimeFailure}`);
  }

  const results = {
    date: new Date().toISOString(),
    machine: machine(),
    database: databaseUrl ? 'postgres' : 'pglite',
    settings: {
      duration: settings.duration,
      warmup: settings.warmup,
      rounds: settings.rounds,
      connections: settings.connections,
      serverCpus: serverCpus ?? null,
      server: serverCode(),
      haltPollNs: haltPoll?.during ?? null,
    },
    datasets: manifests.map((m) => ({
      dataset: m.dataset,
      count: m.count,
      cities: m.cities,
      generatedAt: m.generatedAt,
      search: m.search,
      detailId: m.detailId,
    })),
    scenarios: rows,
    requirements: checks,
    steadiness: steady,
    skipped: Object.fromEntries(skipped),
    realtime,
    realtimeFailure,
  };
  await mkdir(path.join(benchDir, 'results'), { recursive: true });
  // A run of some scenarios (BENCH_ONLY) writes beside the committed full run, not over it: partial
  // runs are the daily tool, and each one used to replace the full run's file until reverted by hand.
  const file = settings.only.length ? 'partial.json' : 'latest.json';
  await writeFile(path.join(benchDir, 'results', file), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`[bench] results written to bench/results/${file}`);
  return failed.length > 0 || realtimeFailure ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    // fetch hides the socket error in `cause`.
    const cause = err instanceof Error && err.cause ? ` (${String((err.cause as Error).message ?? err.cause)})` : '';
    console.error(`[bench] ${err instanceof Error ? err.message : String(err)}${cause}`);
    process.exit(1);
  },
);
