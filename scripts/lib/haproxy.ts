// HAProxy in front of several instances: the configuration this project recommends, written once
// here for `npm run cluster` and the balancer test (test/proof/balancer.test.ts), and a way to run
// Debian's haproxy with it and read its counters.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export interface BackendServer {
  name: string;
  host: string;
  port: number;
}

export interface BalancerOptions {
  host: string;
  port: number;
  servers: BackendServer[];
  /** A health check every `checkIntervalMs`; `fall` failed checks in a row take a server out, `rise` good ones put it back. */
  checkIntervalMs?: number;
  fall?: number;
  rise?: number;
  /** A check not answered within this is a failed one. */
  checkTimeoutMs?: number;
  /** A Unix socket for `show stat` (the counters the test reads). */
  statsSocket?: string;
  /** Adds `X-Served-By: <server name>` to every answer: shows where a request went (local use; it names the backends). */
  servedByHeader?: boolean;
  /** Logs to haproxy's stdout: 'all' requests, or only the 'abnormal' ones (errors, retries, 5xx). */
  log?: 'all' | 'abnormal';
}

export const CHECK_DEFAULTS = { checkIntervalMs: 300, fall: 2, rise: 2, checkTimeoutMs: 2000 };

/**
 * How long after an instance starts answering /readyz 503 (SIGTERM: draining) the balancer may
 * still send it requests: `fall` checks `checkIntervalMs` apart, the last one answered at once
 * (the drain answers before any work). SHUTDOWN_DRAIN_MS must be longer, else requests reach an
 * instance that has stopped listening (the balancer then retries them elsewhere, but counts errors).
 */
export function drainDetectionMs(opts: Pick<BalancerOptions, 'checkIntervalMs' | 'fall'> = {}): number {
  return (opts.checkIntervalMs ?? CHECK_DEFAULTS.checkIntervalMs) * (opts.fall ?? CHECK_DEFAULTS.fall);
}

// The contract's error body, for the balancer's own 503 (no instance up): a client retries it
// like the instances' own 503s.
const NO_INSTANCE_BODY = JSON.stringify({
  success: false,
  message: 'No instance is available; try again',
  code: 'SERVICE_UNAVAILABLE',
});

/** The haproxy.cfg text. Each setting's reason is in the comment beside it (an operator reads this file). */
export function haproxyConfig(opts: BalancerOptions): string {
  const o = { ...CHECK_DEFAULTS, ...opts };
  const lines = [
    'global',
    '  maxconn 4096',
    ...(o.log ? ['  log stdout format raw local0'] : []),
    ...(o.statsSocket ? [`  stats socket ${o.statsSocket} mode 600 level user`] : []),
    '',
    'defaults',
    '  mode http',
    ...(o.log
      ? ['  log global', '  option httplog', ...(o.log === 'abnormal' ? ['  option dontlog-normal'] : [])]
      : []),
    '  timeout connect 2s',
    // Longer than REALTIME_HEARTBEAT_MS (25 s): an SSE stream sends a comment at least that often.
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-request 10s',
    // An idle client connection outlives what the service advertises (Keep-Alive: timeout=72, its
    // keepAliveTimeout), so a client that keeps one as long as told closes it first. At 10 s a
    // client could reuse a connection the balancer was closing at that moment: the likely cause
    // of the rolling-restart test's rare failure (a POST answered by a closed connection, nothing
    // in the balancer's log; once in 2026-11-27 night's CI, on a socket idle about 10 s).
    '  timeout http-keep-alive 75s',
    '  timeout queue 5s',
    // A WebSocket, once upgraded, is a tunnel: idle up to this (the server pings every 30 s).
    '  timeout tunnel 1h',
    '  timeout client-fin 5s',
    `  timeout check ${o.checkTimeoutMs}ms`,
    // The instances see the client's address (TRUST_PROXY=true) for rate limits and logs.
    '  option forwardfor',
    // A request that cannot reach an instance (refused: it stopped) or gets a 503 (draining,
    // shedding) is retried on another one, at most twice...
    '  retries 2',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response 503',
    `  http-error status 503 content-type application/json string '${NO_INSTANCE_BODY}' hdr retry-after 1`,
    '',
    'frontend public',
    `  bind ${o.host}:${o.port}`,
    '  default_backend instances',
    '',
    'backend instances',
    '  balance roundrobin',
    // Out of the rotation while /readyz is not 200: database unreachable, or draining after SIGTERM.
    '  option httpchk GET /readyz',
    '  http-check expect status 200',
    // ...but a request that may have done something (not GET/HEAD) is retried only when it
    // carries an Idempotency-Key (the service then answers a repeat with the first answer).
    '  http-request disable-l7-retry if !METH_GET !{ req.hdr(idempotency-key) -m found }',
    ...(o.servedByHeader ? ['  http-response set-header x-served-by %[srv_name]'] : []),
    `  default-server inter ${o.checkIntervalMs}ms fastinter ${o.checkIntervalMs}ms downinter ${o.checkIntervalMs}ms fall ${o.fall} rise ${o.rise}`,
    ...o.servers.map((s) => `  server ${s.name} ${s.host}:${s.port} check`),
    '',
  ];
  return lines.join('\n');
}

/** Debian's haproxy (/usr/sbin is not on every user's PATH), or one on PATH; HAPROXY_BIN overrides. */
export function haproxyBinary(env: NodeJS.ProcessEnv = process.env): string | null {
  const candidates = [
    env.HAPROXY_BIN,
    '/usr/sbin/haproxy',
    '/usr/local/sbin/haproxy',
    ...(env.PATH ?? '')
      .split(':')
      .filter(Boolean)
      .map((d) => path.join(d, 'haproxy')),
  ];
  return candidates.find((c): c is string => Boolean(c) && existsSync(c!)) ?? null;
}

/** One row of `show stat`: a frontend, a backend or a server, with haproxy's own column names. */
export type StatRow = Record<string, string>;

/** Reads `show stat` from the stats socket. */
export async function readStats(socketPath: string): Promise<StatRow[]> {
  const text = await new Promise<string>((resolve, reject) => {
    const socket = connect(socketPath);
    let out = '';
    socket.setEncoding('utf8');
    socket.on('data', (c: string) => (out += c));
    socket.on('end', () => resolve(out));
    socket.on('error', reject);
    socket.write('show stat\n');
  });
  const [header, ...rows] = text.trim().split('\n');
  const names = header!.replace(/^# /, '').split(',');
  return rows.map((r) => Object.fromEntries(r.split(',').map((v, i) => [names[i], v])));
}

export interface Balancer {
  url: string;
  child: ChildProcess;
  output: () => string;
  /** The servers' rows of `show stat` (needs `statsSocket`). */
  servers(): Promise<StatRow[]>;
  /** Resolves once every named server is in the state (UP, DOWN…) the balancer reports. */
  until(state: 'UP' | 'DOWN', names: string[], timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** Writes the config to `dir/haproxy.cfg`, checks it, starts haproxy in the foreground and waits until it accepts connections. */
export async function startBalancer(opts: BalancerOptions & { dir: string }): Promise<Balancer> {
  const bin = haproxyBinary();
  if (!bin) throw new Error('haproxy not found (Debian: apt-get install haproxy; or set HAPROXY_BIN)');
  const file = path.join(opts.dir, 'haproxy.cfg');
  await writeFile(file, haproxyConfig(opts));
  // Its own process group: a Ctrl-C meant for `npm run cluster` must not stop it before the instances have drained.
  const child = spawn(bin, ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  // Request logs can be many: keep the last 200 kB for a failure's message.
  const keep = (c: Buffer) => void (output = (output + c.toString()).slice(-200_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://${opts.host}:${opts.port}`;
  const servers = async () =>
    (await readStats(opts.statsSocket!)).filter((r) => r.pxname === 'instances' && r.svname !== 'BACKEND');
  const balancer: Balancer = {
    url,
    child,
    output: () => output,
    servers,
    async until(state, names, timeoutMs = 30_000) {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const rows = await servers();
        if (names.every((n) => rows.find((r) => r.svname === n)?.status.startsWith(state))) return;
        if (Date.now() > end)
          throw new Error(
            `balancer: ${names.join(', ')} not ${state} within ${timeoutMs} ms: ${rows.map((r) => `${r.svname} ${r.status}`).join(', ')}`,
          );
        await sleep(50);
      }
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
  for (const end = Date.now() + 10_000; ; ) {
    if (child.exitCode !== null) throw new Error(`haproxy exited at start:\n${output}`);
    const up = await new Promise<boolean>((resolve) => {
      const s = connect(opts.port, opts.host, () => {
        s.end();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (up && (!opts.statsSocket || existsSync(opts.statsSocket))) return balancer;
    if (Date.now() > end) {
      await balancer.stop();
      throw new Error(`haproxy did not listen on ${url}:\n${output}`);
    }
    await sleep(50);
  }
}
