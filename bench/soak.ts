// `npm run bench:soak`: a sustained mixed load at a bounded rate, then an overload, then recovery,
// against a server it starts (PostgreSQL when DATABASE_URL is set, else PGlite) on the generated
// 10,000-listing catalogue, the load generator in this process (pinned away from the server).
//
//   warm-up    SOAK_WARMUP_SECONDS (15) at SOAK_RATE (300 req/s): not judged
//   sustained  SOAK_SECONDS (120) at SOAK_RATE: 0 errors, p99 < 250 ms for reads and < 500 ms for
//              bookings, no memory growth: RSS, mean of the last SOAK_MEMORY_WINDOW (30) s within
//              SOAK_MEMORY_TOLERANCE_PCT (10) % of the first 30 s; the heap after full GCs, mean
//              of the second half of the phase within the same tolerance of the first half
//   overload   SOAK_OVERLOAD_SECONDS (30) at SOAK_OVERLOAD_FACTOR (3) × SOAK_RATE: every answer
//              2xx, 429 or 503; no 500, no timeout, no connection error
//   settle     SOAK_SETTLE_SECONDS (5) at SOAK_RATE: as overload (the backlog drains)
//   recovery   SOAK_RECOVERY_SECONDS (60) at SOAK_RATE: the sustained targets again
//
// Prints one table and the verdicts, writes bench/results/soak-<database>.json, exits 1 when a
// requirement fails. The mix is in soak-mix.ts.
import { rm, mkdir, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { httpBookingFixtures, HTTP_MAX_RATE, type HttpBookingFixtures } from './booking-fixtures.ts';
import { ensureCatalog } from './ensure-catalog.ts';
import { PacedLoad, type Outcome, type Phase } from './paced-load.ts';
import { machine, quantile } from './report.ts';
import { benchAdmin, benchNodeArgs, pinCpus, serverCode, startServer, type RunningServer } from './server-process.ts';
import { MIX, buildMix, isBooking } from './soak-mix.ts';
import { listenOverflows } from './netstat.ts';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(benchDir, '..');
const CATALOGUE = 10_000;

function num(name: string, fallback: number, min = 1): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min) throw new Error(`${name} must be a number ≥ ${min} (got "${raw}")`);
  return n;
}

const settings = {
  rate: num('SOAK_RATE', 300),
  warmup: num('SOAK_WARMUP_SECONDS', 15, 0),
  seconds: num('SOAK_SECONDS', 120),
  overloadFactor: num('SOAK_OVERLOAD_FACTOR', 3),
  overloadSeconds: num('SOAK_OVERLOAD_SECONDS', 30),
  settleSeconds: num('SOAK_SETTLE_SECONDS', 5, 0),
  recoverySeconds: num('SOAK_RECOVERY_SECONDS', 60),
  timeoutMs: num('SOAK_TIMEOUT_MS', 10_000),
  // Far above the server's MAX_REQUESTS_IN_FLIGHT (128), so the server decides what it takes: with
  // fewer, requests wait for a free connection here and time out without ever reaching it.
  connections: num('SOAK_CONNECTIONS', 2000),
  memoryWindow: num('SOAK_MEMORY_WINDOW', 30),
  memoryTolerancePct: num('SOAK_MEMORY_TOLERANCE_PCT', 10, 0),
  readP99Ms: num('SOAK_READ_P99_MS', 250),
  bookingP99Ms: num('SOAK_BOOKING_P99_MS', 500),
  jobs: process.env.SOAK_JOBS !== '0',
  pin: process.env.BENCH_PIN !== '0',
};

const phases: Phase[] = [
  { name: 'warm-up', rate: settings.rate, seconds: settings.warmup },
  { name: 'sustained', rate: settings.rate, seconds: settings.seconds },
  { name: 'overload', rate: settings.rate * settings.overloadFactor, seconds: settings.overloadSeconds },
  { name: 'settle', rate: settings.rate, seconds: settings.settleSeconds },
  { name: 'recovery', rate: settings.rate, seconds: settings.recoverySeconds },
].filter((p) => p.seconds > 0);
/** Judged like the sustained phase (errors and latency), or like the overload (only the kinds of answers). */
const STEADY = new Set(['sustained', 'recovery']);
const SHEDDING = new Set(['overload', 'settle']);

interface MemorySample {
  t: number;
  rss: number;
  heapUsed: number;
  loopMeanMs: number;
  loopMaxMs: number;
}

/** The heap right after a full garbage collection (memory-probe.mjs). */
interface GcSample {
  t: number;
  afterMajorGc: true;
  heapUsed: number;
}

interface Counts {
  sent: number;
  ok: number;
  s429: number;
  s503: number;
  other: Record<string, number>;
  timeouts: number;
  connection: number;
  p50: number;
  p99: number;
  max: number;
}

function counts(outcomes: Outcome[]): Counts {
  const c: Counts = {
    sent: outcomes.length,
    ok: 0,
    s429: 0,
    s503: 0,
    other: {},
    timeouts: 0,
    connection: 0,
    p50: 0,
    p99: 0,
    max: 0,
  };
  for (const o of outcomes) {
    if (o.failure === 'timeout') c.timeouts++;
    else if (o.failure === 'connection') c.connection++;
    else if (o.status >= 200 && o.status < 300) c.ok++;
    else if (o.status === 429) c.s429++;
    else if (o.status === 503) c.s503++;
    else c.other[o.status] = (c.other[o.status] ?? 0) + 1;
  }
  const lat = outcomes.map((o) => o.latencyMs);
  c.p50 = quantile(lat, 0.5);
  c.p99 = quantile(lat, 0.99);
  c.max = Math.round(Math.max(0, ...lat));
  return c;
}

const otherCount = (c: Counts) => Object.values(c.other).reduce((a, b) => a + b, 0);
const errorsOf = (c: Counts) => c.sent - c.ok;
const unacceptable = (c: Counts) => otherCount(c) + c.timeouts + c.connection;
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);

function readMemory(file: string): { memory: MemorySample[]; gcs: GcSample[] } {
  let lines: Array<MemorySample | GcSample> = [];
  try {
    lines = readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as MemorySample | GcSample);
  } catch {
    // no probe output
  }
  return {
    memory: lines.filter((l): l is MemorySample => !('afterMajorGc' in l)),
    gcs: lines.filter((l): l is GcSample => 'afterMajorGc' in l),
  };
}

interface Check {
  phase: string;
  what: string;
  pass: boolean;
}

function table(
  rows: Array<{
    phase: string;
    rate: number;
    seconds: number;
    reads: Counts;
    bookings: Counts;
    loopMaxMs: number | null;
    cpuPct: number | null;
  }>,
): string {
  const head = [
    'phase',
    'req/s',
    's',
    'sent',
    '2xx',
    '429',
    '503',
    'other',
    'timeouts',
    'conn err',
    'reads p50',
    'reads p99',
    'reads max',
    'bookings p50',
    'bookings p99',
    'server CPU %',
    'loop max ms',
  ];
  const body = rows.map((r) => {
    const all = { ...r.reads, other: { ...r.reads.other } };
    for (const [k, v] of Object.entries(r.bookings.other)) all.other[k] = (all.other[k] ?? 0) + v;
    const other =
      Object.entries(all.other)
        .map(([k, v]) => `${v}×${k}`)
        .join(' ') || '0';
    const sum = (f: (c: Counts) => number) => String(f(r.reads) + f(r.bookings));
    return [
      r.phase,
      String(r.rate),
      String(r.seconds),
      sum((c) => c.sent),
      sum((c) => c.ok),
      sum((c) => c.s429),
      sum((c) => c.s503),
      other,
      sum((c) => c.timeouts),
      sum((c) => c.connection),
      String(r.reads.p50),
      String(r.reads.p99),
      String(r.reads.max),
      String(r.bookings.p50),
      String(r.bookings.p99),
      r.cpuPct === null ? '–' : String(r.cpuPct),
      r.loopMaxMs === null ? '–' : String(Math.round(r.loopMaxMs)),
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [line(head), rule, ...body.map(line)].join('\n');
}

async function main(): Promise<number> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const kind = databaseUrl ? 'postgres' : 'pglite';
  const found = await ensureCatalog(root, CATALOGUE, databaseUrl);
  if (!found.manifest) throw new Error(`the soak runs on the ${CATALOGUE}-listing catalogue: ${found.why}`);
  const manifest = found.manifest;
  const serverCpus = settings.pin ? pinCpus() : undefined;
  const totalSeconds = phases.reduce((a, p) => a + p.seconds, 0);
  const expectedBookings = phases.reduce((a, p) => a + (p.rate * p.seconds * MIX.booking) / 100, 0);
  console.error(
    `[soak] ${databaseUrl ? 'PostgreSQL' : 'PGlite'} on ${manifest.dataset}, server from its ${serverCode()}${serverCpus ? `, server pinned to CPU ${serverCpus}` : ''}; ` +
      `${phases.map((p) => `${p.name} ${p.rate} req/s × ${p.seconds} s`).join(', ')}; load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );

  const memoryFile = path.join(os.tmpdir(), `stays-soak-memory-${process.pid}.jsonl`);
  await rm(memoryFile, { force: true });
  const admin = benchAdmin();
  let fixtures: HttpBookingFixtures | undefined;
  const abort = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => abort.abort());
  let server: RunningServer | undefined;
  const outcomes: Outcome[] = [];
  const phaseStarts = new Map<string, number>();
  let load: PacedLoad | undefined;
  let healthyAfter = false;
  let slots = { used: 0, available: 0 };
  const loadAverages: Record<string, number[]> = {};
  // Machine-wide: another process's listener would count too (see bench/netstat.ts).
  const listenQueueOverflows: Record<string, number> = {};
  /** Server CPU seconds spent during each phase (user + system, all threads). */
  const serverCpu: Record<string, number> = {};
  try {
    server = await startServer({
      root,
      databaseUrl,
      cpus: serverCpus,
      dataset:
        kind === 'pglite'
          ? { kind, pgdata: path.join(root, manifest.location, 'pgdata') }
          : { kind, database: manifest.location },
      nodeArgs: [...benchNodeArgs(), '--import', pathToFileURL(path.join(benchDir, 'memory-probe.mjs')).href],
      env: { ...admin.env, BENCH_MEMORY_FILE: memoryFile, JOBS_ENABLED: settings.jobs ? 'true' : 'false' },
      beforeStart: async (target) => {
        const started = Date.now();
        // Sized in the fixtures' own unit (seconds at HTTP_MAX_RATE bookings/s), with a margin.
        fixtures = await httpBookingFixtures({
          ...target,
          loadSeconds: Math.ceil((expectedBookings * 1.2) / HTTP_MAX_RATE),
        });
        console.error(
          `[soak] ${fixtures.slots} booking slots for about ${Math.round(expectedBookings)} bookings written (${((Date.now() - started) / 1000).toFixed(1)} s)`,
        );
      },
    });
    const baseUrl = server.baseUrl;
    const api = async <T>(method: string, route: string, body?: unknown, token?: string): Promise<T> => {
      for (let attempt = 1; ; attempt++) {
        const res = await fetch(baseUrl + route, {
          method,
          headers: {
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await res.text();
        // A fresh server may shed its first requests while it catches up: retry as a client would.
        if (res.status === 503 && attempt < 5) {
          await new Promise((r) => setTimeout(r, (Number(res.headers.get('retry-after')) || 1) * 1000));
          continue;
        }
        if (!res.ok) throw new Error(`${method} ${route} → ${res.status}: ${text.slice(0, 300)}`);
        return JSON.parse(text) as T;
      }
    };
    let adminToken: Promise<string> | undefined;
    const ctx = {
      api,
      adminToken: () =>
        (adminToken ??= api<{ data: { token: string } }>('POST', '/api/auth/login', {
          login: admin.email,
          password: admin.password,
          type: 'admin',
        }).then((r) => r.data.token)),
    };
    const mix = await buildMix(ctx, manifest, fixtures!);
    for (const { request, check } of mix.samples) {
      const res = await fetch(baseUrl + request.path, {
        method: request.method,
        headers: request.headers,
        body: request.body,
      });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // keep the text for the message
      }
      const problem = check(res.status, body);
      if (problem) throw new Error(`the soak's ${request.kind} request is not measuring what it should: ${problem}`);
    }
    console.error(`[soak] fixtures ready, every kind checked once; load starts (${totalSeconds} s)`);

    load = new PacedLoad({ baseUrl, maxSockets: settings.connections, timeoutMs: settings.timeoutMs }, (o) =>
      outcomes.push(o),
    );
    let ticker: NodeJS.Timeout | undefined;
    const running = server;
    let lastPhase: string | undefined;
    let lastCpu = running.cpuSeconds();
    let lastOverflows = listenOverflows();
    const takeCpu = () => {
      const now = running.cpuSeconds();
      if (lastPhase && now !== null && lastCpu !== null) serverCpu[lastPhase] = now - lastCpu;
      lastCpu = now;
      const overflows = listenOverflows();
      if (lastPhase && overflows !== null && lastOverflows !== null)
        listenQueueOverflows[lastPhase] = overflows - lastOverflows;
      lastOverflows = overflows;
    };
    await load.run(
      phases,
      () => mix.next(),
      (p, at) => {
        takeCpu();
        lastPhase = p.name;
        phaseStarts.set(p.name, performance.timeOrigin + at);
        loadAverages[p.name] = os.loadavg();
        console.error(
          `[soak] ${p.name}: ${p.rate} req/s for ${p.seconds} s (load average ${os
            .loadavg()
            .map((l) => l.toFixed(2))
            .join(' ')})`,
        );
        clearInterval(ticker);
        const seen = outcomes.length;
        ticker = setInterval(() => {
          const recent = outcomes.slice(seen).filter((o) => o.phase === p.name);
          const c = counts(recent.slice(-p.rate * 10));
          console.error(
            `[soak]   ${p.name}: ${recent.length} answered, last 10 s: ${c.ok} 2xx, ${c.s503} 503, ${c.s429} 429, ${otherCount(c)} other, ${c.timeouts} timeouts, ${c.connection} conn; p99 ${c.p99} ms`,
          );
        }, 10_000);
      },
      abort.signal,
    );
    clearInterval(ticker);
    await new Promise((r) =>
      setTimeout(r, Math.max(0, phaseStarts.get(lastPhase!)! + phases.at(-1)!.seconds * 1000 - Date.now())),
    );
    takeCpu();
    await load.drain();
    slots = mix.slots();
    // Alive and serving once what was still queued has been worked off (up to 30 s).
    for (let i = 0; i < 30 && !healthyAfter; i++) {
      healthyAfter = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(5000) }).then(
        (r) => r.ok,
        () => false,
      );
      if (!healthyAfter) await new Promise((r) => setTimeout(r, 1000));
    }
  } finally {
    load?.close();
    await server?.stop();
  }
  if (abort.signal.aborted) throw new Error('interrupted');

  const { memory, gcs } = readMemory(memoryFile);
  await rm(memoryFile, { force: true });
  const ends = new Map(phases.map((p) => [p.name, phaseStarts.get(p.name)! + p.seconds * 1000]));
  const inPhase = (name: string) => memory.filter((m) => m.t >= phaseStarts.get(name)! && m.t < ends.get(name)!);

  const checks: Check[] = [];
  const rows = phases.map((p) => {
    const mine = outcomes.filter((o) => o.phase === p.name);
    const reads = counts(mine.filter((o) => !isBooking(o.kind)));
    const bookings = counts(mine.filter((o) => isBooking(o.kind)));
    const loop = inPhase(p.name);
    const cpu = serverCpu[p.name];
    return {
      phase: p.name,
      rate: p.rate,
      seconds: p.seconds,
      reads,
      bookings,
      loopMaxMs: loop.length ? Math.max(...loop.map((m) => m.loopMaxMs)) : null,
      cpuPct: cpu === undefined ? null : Math.round((100 * cpu) / p.seconds),
    };
  });
  for (const r of rows) {
    const all = counts(outcomes.filter((o) => o.phase === r.phase));
    if (STEADY.has(r.phase)) {
      checks.push({
        phase: r.phase,
        what: `errors ${errorsOf(all)} of ${all.sent} (need 0: any answer but 2xx, a timeout or a connection error counts)`,
        pass: errorsOf(all) === 0,
      });
      checks.push({
        phase: r.phase,
        what: `reads p99 ${r.reads.p99} ms (need < ${settings.readP99Ms})`,
        pass: r.reads.p99 < settings.readP99Ms,
      });
      checks.push({
        phase: r.phase,
        what: `bookings p99 ${r.bookings.p99} ms (need < ${settings.bookingP99Ms})`,
        pass: r.bookings.p99 < settings.bookingP99Ms,
      });
    }
    if (SHEDDING.has(r.phase)) {
      const refused = all.s503 + all.s429;
      checks.push({
        phase: r.phase,
        what:
          `${all.ok} 2xx, ${all.s503} 503, ${all.s429} 429 (${((100 * refused) / Math.max(1, all.sent)).toFixed(1)}% refused); ` +
          `${otherCount(all)} other statuses ${JSON.stringify(all.other)}, ${all.timeouts} timeouts, ${all.connection} connection errors (need 0 of these three)`,
        pass: unacceptable(all) === 0,
      });
    }
  }
  // Memory: the first and last windows of the sustained phase, after the warm-up.
  const sustained = phases.find((p) => p.name === 'sustained')!;
  const window = Math.min(settings.memoryWindow, sustained.seconds / 2) * 1000;
  const start = phaseStarts.get('sustained')!;
  const end = ends.get('sustained')!;
  const first = memory.filter((m) => m.t >= start && m.t < start + window);
  const last = memory.filter((m) => m.t >= end - window && m.t < end);
  const memoryFigures: Record<
    string,
    { firstMb: number; lastMb: number; growthPct: number; samples: [number, number] }
  > = {};
  const compare = (key: string, what: string, a: number[], b: number[]) => {
    if (!a.length || !b.length) {
      checks.push({
        phase: 'sustained',
        what: `${what}: no samples in one of the windows (${a.length}, ${b.length})`,
        pass: false,
      });
      return;
    }
    const growthPct = Math.round(((mean(b) - mean(a)) / mean(a)) * 1000) / 10;
    memoryFigures[key] = { firstMb: mb(mean(a)), lastMb: mb(mean(b)), growthPct, samples: [a.length, b.length] };
    checks.push({
      phase: 'sustained',
      what: `${what} ${mb(mean(a))} MB → ${mb(mean(b))} MB (${growthPct >= 0 ? '+' : ''}${growthPct}%; need ≤ +${settings.memoryTolerancePct}%)`,
      pass: growthPct <= settings.memoryTolerancePct,
    });
  };
  const w = window / 1000;
  compare(
    'rss',
    `RSS, mean of the first ${w} s → of the last ${w} s`,
    first.map((m) => m.rss),
    last.map((m) => m.rss),
  );
  // Full collections come every few tens of seconds: the halves of the phase hold a few each.
  const half = (end - start) / 2;
  const gcA = gcs.filter((g) => g.t >= start && g.t < start + half).map((g) => g.heapUsed);
  const gcB = gcs.filter((g) => g.t >= end - half && g.t < end).map((g) => g.heapUsed);
  if (gcA.length && gcB.length) {
    compare(
      'heapAfterGc',
      `heap after full GCs, mean of the first half (${gcA.length} GCs) → of the second (${gcB.length})`,
      gcA,
      gcB,
    );
  } else {
    // No full collection in a half (a short run): the lowest 1 s sample of each half instead.
    const floor = (from: number, to: number) => memory.filter((m) => m.t >= from && m.t < to).map((m) => m.heapUsed);
    const a = floor(start, start + half);
    const b = floor(end - half, end);
    compare(
      'heapFloor',
      `heap, lowest 1 s sample of the first half → of the second (${gcA.length}/${gcB.length} full GCs, too few to judge by)`,
      a.length ? [Math.min(...a)] : [],
      b.length ? [Math.min(...b)] : [],
    );
  }
  // Shown, not judged: the 1 s heap samples ride the collector's sawtooth.
  const heapA = mean(first.map((m) => m.heapUsed));
  const heapB = mean(last.map((m) => m.heapUsed));
  checks.push({
    phase: 'end',
    what: `the server answers /healthz within 30 s of the run's end: ${healthyAfter}`,
    pass: healthyAfter,
  });
  if (slots.used > slots.available)
    checks.push({
      phase: 'end',
      what: `booking slots ran out (${slots.used} used of ${slots.available})`,
      pass: false,
    });

  const perKind = (phase: string) =>
    Object.keys(MIX)
      .map((k) => {
        const c = counts(outcomes.filter((o) => o.phase === phase && o.kind === k));
        return `${k} ${c.sent} p99 ${c.p99}`;
      })
      .join(', ');
  const sawtooth =
    first.length && last.length
      ? `heap used (1 s samples, not judged: GC sawtooth) mean of the first ${w} s ${mb(heapA)} MB → last ${w} s ${mb(heapB)} MB`
      : '';
  const own = load
    ? { p99Ms: Math.round(load.ownDelay.percentile(99) / 1e6), maxMs: Math.round(load.ownDelay.max / 1e6) }
    : null;

  console.log(`\n${table(rows)}\n`);
  for (const c of checks) console.log(`${c.pass ? 'PASS' : 'FAIL'} ${c.phase}: ${c.what}`);
  for (const p of ['sustained', 'recovery'])
    if (phaseStarts.has(p)) console.log(`${p} per kind (requests, p99 ms): ${perKind(p)}`);
  if (sawtooth) console.log(sawtooth);
  const samples = new Map<string, string>();
  for (const o of outcomes) {
    const key = `${o.kind} ${o.failure ?? o.status}`;
    if ((o.failure || o.status >= 300) && !samples.has(key)) samples.set(key, o.detail ?? '');
  }
  for (const [key, detail] of samples) console.log(`first ${key}: ${detail.slice(0, 200)}`);
  console.log(
    `load generator event-loop delay p99 ${own?.p99Ms ?? '–'} ms, max ${own?.maxMs ?? '–'} ms (latencies include it); ` +
      `load average at each phase: ${Object.entries(loadAverages)
        .map(([k, v]) => `${k} ${v[0]!.toFixed(2)}`)
        .join(', ')}`,
  );
  if (Object.keys(listenQueueOverflows).length) {
    console.log(
      `connections dropped by a full accept queue (TcpExt ListenOverflows) per phase: ${Object.entries(
        listenQueueOverflows,
      )
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
  }

  const results = {
    date: new Date().toISOString(),
    machine: machine(),
    database: kind,
    catalogue: manifest.dataset,
    settings: { ...settings, serverCpus: serverCpus ?? null, server: serverCode(), mix: MIX },
    phases: rows,
    memory: memoryFigures,
    memorySamples: memory.map((m) => ({
      t: m.t,
      rssMb: mb(m.rss),
      heapUsedMb: mb(m.heapUsed),
      loopMaxMs: Math.round(m.loopMaxMs),
    })),
    heapAfterMajorGc: gcs.map((g) => ({ t: g.t, heapUsedMb: mb(g.heapUsed) })),
    phaseStarts: Object.fromEntries(phaseStarts),
    checks,
    loadAverages,
    listenQueueOverflows,
    generatorDelay: own,
  };
  await mkdir(path.join(benchDir, 'results'), { recursive: true });
  await writeFile(path.join(benchDir, 'results', `soak-${kind}.json`), `${JSON.stringify(results, null, 2)}\n`);
  return checks.every((c) => c.pass) ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    const cause = err instanceof Error && err.cause ? ` (${String((err.cause as Error).message ?? err.cause)})` : '';
    console.error(`[soak] ${err instanceof Error ? err.message : String(err)}${cause}`);
    process.exit(1);
  },
);
