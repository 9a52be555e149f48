// What any validated JSON POST costs in this app next to the bare route, in one process: the
// floor under the preview's ratio (issue 26). `npm run bench:post-floor` compiles the service,
// starts it with one route more (post-floor-server.mjs, PGlite, nothing read) pinned to CPU 0, and
// alternates rounds of GET /healthz (50 connections) and a POST of a preview-shaped body (10, as
// the preview scenario), printing req/s, server CPU per request and the ratio of each round.
// BENCH_ROUNDS (3), BENCH_DURATION (8 s), BENCH_NODE_ARGS (the server's node flags, e.g. a CPU profile),
// BENCH_HALT_POLL_NS (idle-poll.ts).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { benchNodeArgs, pinCpus, startServer } from './server-process.ts';
import { applyHaltPoll, idleState } from './idle-poll.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const duration = Number(process.env.BENCH_DURATION ?? 8);
const BODY = JSON.stringify({
  property_id: 123,
  checkin_date: '2027-03-01',
  checkout_date: '2027-03-05',
  rooms: [{ room_type_id: 5, rate_plan_id: 7, rooms_count: 2 }],
  guests: { adults: 2, children: 1 },
  offer_id: 3,
});

applyHaltPoll();
console.log(`idle CPUs: ${JSON.stringify(idleState())}`);
const server = await startServer({
  root,
  cpus: pinCpus(),
  nodeArgs: benchNodeArgs(),
  script: path.join(root, 'bench/post-floor-server.mjs'),
});
try {
  const load = async (kind: 'bare' | 'post', seconds: number) => {
    const before = server.cpuSeconds();
    const r = await autocannon(
      kind === 'bare'
        ? { url: `${server.baseUrl}/healthz`, connections: 50, duration: seconds }
        : {
            url: `${server.baseUrl}/api/bench/post-floor`,
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: BODY,
            connections: 10,
            duration: seconds,
          },
    );
    const after = server.cpuSeconds();
    if (r.non2xx || r.errors) throw new Error(`${kind}: ${r.non2xx} answers not 2xx, ${r.errors} errors`);
    return {
      reqPerSec: r.requests.average,
      cpuUs: before !== null && after !== null ? ((after - before) * 1e6) / r.requests.total : NaN,
    };
  };
  await load('bare', 3);
  await load('post', 3);
  for (let i = 1; i <= rounds; i++) {
    const bare = await load('bare', duration);
    const post = await load('post', duration);
    console.log(
      `round ${i}: bare ${Math.round(bare.reqPerSec)} req/s (${Math.round(bare.cpuUs)} µs CPU/req), ` +
        `validated JSON POST ${Math.round(post.reqPerSec)} req/s (${Math.round(post.cpuUs)} µs CPU/req): ratio ${(post.reqPerSec / bare.reqPerSec).toFixed(2)}`,
    );
  }
} finally {
  await server.stop();
}
