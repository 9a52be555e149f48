// Key rotation as docs/operations.md tells it, with the tool the repository ships: `npm run cluster`
// (scripts/cluster.ts: HAProxy in front of the instances) started with an env file, the file
// edited and the cluster sent SIGHUP for each step. The deployment starts with JWT_SECRET alone,
// so the old key is JWT_SECRET's value, as the guide says. Under a steady load of authenticated
// reads and refreshes through the balancer: every answer is a 200 or a 503 the client may retry;
// a token of the old key works through the two overlapping steps and is refused (401
// TOKEN_INVALID) by every instance after the last; a token refreshed after the second step
// carries the new key's id. A bad value in the file stops the roll before any instance stops.
// Two instances rather than the cluster's default three: one serves while the other restarts,
// which is all a rolling restart needs, at two thirds of the start-up CPU.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../../src/config.ts';
import { closeContainer, createContainer } from '../../src/container.ts';
import { openDatabase } from '../../src/db/connection.ts';
import type { Deps } from '../../src/kernel/deps.ts';
import { keyId } from '../../src/modules/auth/tokens.ts';
import { createUser } from '../helpers/factories.ts';
import { freePort, root } from '../helpers/server-process.ts';
import { createPrivateRedis, type PrivateRedis } from '../helpers/private-redis.ts';
import { Client, createEmptyDatabase, unexpected, whyNoBalancer, type Outcome } from '../helpers/balancer-world.ts';

const why = whyNoBalancer();
if (why) console.log(`# cluster-rotation.test.ts skipped: ${why}`);

const OLD = 'rotation-test-old-key-0123456789abcdefghij';
const NEW = 'rotation-test-new-key-0123456789abcdefghij';
const kidOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8')) as { kid?: string }).kid;

describe('key rotation with npm run cluster: an env file and three rolling restarts', { skip: why }, () => {
  let database: Awaited<ReturnType<typeof createEmptyDatabase>>;
  let redis: PrivateRedis;
  let work: string;
  let envFile: string;
  let cluster: ChildProcess;
  let output = '';
  let deps: Deps;
  let balancerUrl: string;
  let basePort: number;

  const settings = (jwtSecrets?: string) =>
    [
      `JWT_SECRET=${OLD}`,
      ...(jwtSecrets === undefined ? [] : [`JWT_SECRETS=${jwtSecrets}`]),
      'LOG_LEVEL=warn',
      'MAIL_WARM_UP=false',
      'SHUTDOWN_DRAIN_MS=2000',
      `DATA_DIR=${path.join(work, 'data')}`,
      '',
    ].join('\n');

  /** Resolves when `pattern` has matched the cluster's output `times` times. */
  async function printed(pattern: RegExp, times: number, timeoutMs = 180_000): Promise<void> {
    const g = new RegExp(pattern.source, 'g');
    for (const end = Date.now() + timeoutMs; (output.match(g)?.length ?? 0) < times; await sleep(100)) {
      if (cluster.exitCode !== null) assert.fail(`the cluster exited (${cluster.exitCode}):\n${output.slice(-4000)}`);
      if (Date.now() > end) assert.fail(`${pattern} not printed ${times} times:\n${output.slice(-4000)}`);
    }
  }

  let rolls = 0;
  /** Writes the env file, sends SIGHUP and waits for the roll to finish. */
  async function roll(jwtSecrets: string): Promise<void> {
    await writeFile(envFile, settings(jwtSecrets));
    cluster.kill('SIGHUP');
    rolls += 1;
    await printed(/cluster: rolling restart (done|stopped)/, rolls);
    assert.match(output.split('cluster: rolling restart').at(-1) ?? '', /^ done/, output.slice(-4000));
  }

  before(async () => {
    redis = await createPrivateRedis();
    work = await mkdtemp(path.join(tmpdir(), 'stays-rotation-'));
    envFile = path.join(work, 'cluster.env');
    await writeFile(envFile, settings());
    database = await createEmptyDatabase();
    const balancerPort = await freePort();
    // Two consecutive ports: the cluster gives its instances base, base + 1.
    basePort = await freePort(2);
    balancerUrl = `http://127.0.0.1:${balancerPort}`;
    const build = process.env.TEST_SERVER_BUILD;
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/cluster.ts',
        ...['--instances', '2', '--port', String(balancerPort), '--base-port', String(basePort)],
        ...['--env-file', envFile, '--entry', build ? path.join(build, 'src', 'server.js') : 'src/server.ts'],
      ],
      {
        cwd: root,
        env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', DATABASE_URL: database.url, REDIS_URL: redis.url },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    cluster = child;
    await printed(/cluster: 2 instances/, 1);
    const db = await openDatabase({ url: database.url, poolSize: 3 });
    deps = await createContainer(
      loadConfig({
        NODE_ENV: 'test',
        DATABASE_URL: database.url,
        REDIS_URL: redis.url,
        JWT_SECRET: OLD,
        DATA_DIR: work,
        JOBS_ENABLED: 'false',
        LOG_LEVEL: 'silent',
      }),
      { database: db },
    );
  });

  after(async () => {
    if (cluster && cluster.exitCode === null) {
      const exited = new Promise((resolve) => cluster.once('exit', resolve));
      cluster.kill('SIGTERM');
      await Promise.race([exited, sleep(30_000)]);
      if (cluster.exitCode === null) cluster.kill('SIGKILL');
    }
    if (deps) await closeContainer(deps);
    await database?.drop();
    await redis?.kill();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('rolls JWT_SECRET=old → old,new → new,old → new under load: only 200s and retryable 503s; old tokens work through the overlap and are refused after', async () => {
    const client = new Client(balancerUrl);
    // The deployment's tokens so far are signed with JWT_SECRET: the old key.
    const oldToken = (await deps.sessions.start(await createUser(deps), 'client')).token;
    assert.equal(kidOf(oldToken), keyId(new TextEncoder().encode(OLD)));
    let refreshing = (await deps.sessions.start(await createUser(deps), 'client')).token;
    let stopOld = false;
    let stopAll = false;
    let oldTokenReads = 0;
    const read = (token: string) =>
      client.send('read', 'GET', '/api/auth/session', { token }).then(async (o) => {
        await sleep(o.status === 503 ? 100 : 20);
        return o;
      });
    const loops = [
      // A client keeping its token of the old key through the overlapping steps.
      (async () => {
        while (!stopOld && !stopAll) if ((await read(oldToken)).status === 200) oldTokenReads += 1;
      })(),
      // A client refreshing its token every few reads: its token follows the signing key.
      (async () => {
        for (let n = 0; !stopAll; n++) {
          if (n % 5 === 4) {
            const o = await client.sendRetrying('other', 'POST', '/api/auth/refresh', { token: refreshing });
            if (o.status !== 200) return;
            refreshing = o.body.data.newToken;
          } else await read(refreshing);
        }
      })(),
    ];
    const stepKids: Array<string | undefined> = [];
    try {
      await sleep(1000);
      // A value the service would refuse: the roll stops before any instance does.
      await writeFile(envFile, settings('too-short'));
      cluster.kill('SIGHUP');
      rolls += 1;
      await printed(
        /cluster: rolling restart stopped: app1 and the ones after it keep their settings: .*JWT_SECRETS/,
        1,
      );
      assert.doesNotMatch(output, /cluster: restarting app1/);

      await roll(`${OLD},${NEW}`);
      stepKids.push(kidOf(refreshing));
      await roll(`${NEW},${OLD}`);
      // A refresh after the second step carries the new key's id.
      await waitFor(() => kidOf(refreshing) === keyId(new TextEncoder().encode(NEW)), 'a token of the new key');
      stepKids.push(kidOf(refreshing));
      // The guide waits ACCESS_TOKEN_TTL here, after which no client holds a token of the old key.
      stopOld = true;
      await loops[0];
      await roll(NEW);
      await sleep(500);
    } finally {
      stopAll = true;
      await Promise.all(loops);
    }
    assert.deepEqual(stepKids, [keyId(new TextEncoder().encode(OLD)), keyId(new TextEncoder().encode(NEW))]);

    const all = client.outcomes;
    const bad = unexpected(all, (o) => o.status === 200);
    assert.deepEqual(bad.map(describe1), [], `answers outside the rule:\n${output.slice(-4000)}`);
    assert.ok(all.length > 100 && oldTokenReads > 20, `too little load: ${all.length} requests`);

    // After the last step the old key is gone from every instance; the new one works everywhere.
    for (const port of [basePort, basePort + 1]) {
      const old = await fetch(`http://127.0.0.1:${port}/api/auth/session`, {
        headers: { authorization: `Bearer ${oldToken}` },
      });
      assert.equal(old.status, 401, `instance :${port}`);
      assert.equal(((await old.json()) as { code: string }).code, 'TOKEN_INVALID');
      const fresh = await fetch(`http://127.0.0.1:${port}/api/auth/session`, {
        headers: { authorization: `Bearer ${refreshing}` },
      });
      assert.equal(fresh.status, 200, `instance :${port}`);
    }
    console.log(
      `# key rotation through npm run cluster (2 instances, 3 rolls): ${JSON.stringify({
        requests: all.length,
        oldTokenReads,
        refreshes: all.filter((o) => o.kind === 'other' && o.status === 200).length,
        retryable503: all.filter((o) => o.status === 503).length,
        rollsMs: [...output.matchAll(/rolling restart done in (\d+) ms/g)].map((m) => Number(m[1])),
      })}`,
    );
  });
});

function describe1(o: Outcome): string {
  return `${o.method} ${o.url} → ${o.status}${o.error ? ` ${o.error}` : ''} (${o.servedBy ?? 'balancer'}) ${JSON.stringify(o.body).slice(0, 160)}`;
}

async function waitFor(check: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  for (const end = Date.now() + timeoutMs; !check(); await sleep(50))
    if (Date.now() > end) assert.fail(`${what} within ${timeoutMs} ms`);
}
