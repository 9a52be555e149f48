// What any validated JSON POST costs in this app next to the bare route, in one process: the
// floor under the preview's ratio (issue 26). `npm run bench:post-floor` compiles the service,
// starts it with one route more (post-floor-server.mjs, PGlite, nothing read) pinned to CPU 0, and
// alternates rounds of GET /healthz (50 connections) and a POST of a preview-shaped body (10, as
// the preview scenario), printing req/s, server CPU per request and the ratio of each round.
// BENCH_ROUNDS (3), BENCH_DURATION (8 s).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { compiledService, cpuSecondsOf, pinCpus } from './server-process.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const duration = Number(process.env.BENCH_DURATION ?? 8);
const BODY = JSON.stringify({
  property_id: 123, checkin_date: '2027-03-01', checkout_date: '2027-03-05',
  rooms: [{ room_type_id: 5, rate_plan_id: 7, rooms_count: 2 }], guests: { adults: 2, children: 1 }, offer_id: 3,
});

const dist = path.join(root, compiledService(root));
const cpus = pinCpus();
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stays-post-floor-'));
const argv = [...(cpus ? ['taskset', '-c', cpus] : []), process.execPath, path.join(root, 'bench/post-floor-server.mjs')];
const child = spawn(argv[0]!, argv.slice(1), {
  cwd: root,
  env: { ...process.env, SERVICE_DIST: dist, DATA_DIR: dataDir, DATABASE_URL: '', JWT_SECRET: 'post-floor-post-floor-post-floor-0123456789', LOG_LEVEL: 'warn', JOBS_ENABLED: 'false', PORT: '0' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
try {
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (b: Buffer) => {
      const m = /listening (\d+)/.exec(String(b));
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
  });
  const base = `http://127.0.0.1:${port}`;
  const load = async (kind: 'bare' | 'post', seconds: number) => {
    const before = cpuSecondsOf(child.pid!);
    const r = await autocannon(kind === 'bare'
      ? { url: `${base}/healthz`, connections: 50, duration: seconds }
      : { url: `${base}/api/bench/post-floor`, method: 'POST', headers: { 'content-type': 'application/json' }, body: BODY, connections: 10, duration: seconds });
    const after = cpuSecondsOf(child.pid!);
    if (r.non2xx || r.errors) throw new Error(`${kind}: ${r.non2xx} answers not 2xx, ${r.errors} errors`);
    return { reqPerSec: r.requests.average, cpuUs: before !== null && after !== null ? ((after - before) * 1e6) / r.requests.total : NaN };
  };
  await load('bare', 3);
  await load('post', 3);
  for (let i = 1; i <= rounds; i++) {
    const bare = await load('bare', duration);
    const post = await load('post', duration);
    console.log(`round ${i}: bare ${Math.round(bare.reqPerSec)} req/s (${Math.round(bare.cpuUs)} µs CPU/req), ` +
      `validated JSON POST ${Math.round(post.reqPerSec)} req/s (${Math.round(post.cpuUs)} µs CPU/req): ratio ${(post.reqPerSec / bare.reqPerSec).toFixed(2)}`);
  }
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  await rm(dataDir, { recursive: true, force: true });
}
