// GET /metrics on a real app (PGlite, or PostgreSQL with TEST_DATABASE_URL): who may read it, on
// which port, and that its figures follow what the app really did.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../test/helpers/factories.ts';
import { payouts } from '../db/schema/index.ts';
import { JobRunner } from '../jobs/job-runner.ts';
import { startJobs } from '../jobs/index.ts';
import {
  listen,
  openSse,
  openWs,
  until,
  type SseClient,
  type WsClient,
} from '../modules/realtime/realtime.test-support.ts';
import { platformRepository } from './platform.repository.ts';
import { noMetrics } from './metrics.ts';

const TOKEN = 'metrics-test-token-0123456789';

/** The value of one series (labels: a subset to match), or undefined when it is not there. */
function figure(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((p) => [p[1], p[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

async function scrape(t: TestApp): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
  assert.equal(res.statusCode, 200, res.body);
  assert.match(String(res.headers['content-type']), /^text\/plain/);
  return res.body;
}

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({
      env: { METRICS_TOKEN: TOKEN },
      extraRoutes: async (api) => {
        api.get('/test/things/:id', async () => ({ success: true, message: 'OK', data: null }));
      },
    });
  });
  after(() => t?.close());

  it('refuses a request without the token, or with another one, 401 in the error body', async () => {
    for (const headers of [{}, bearer('not-the-metrics-token-at-all'), bearer(`${TOKEN}x`), { authorization: TOKEN }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      assert.equal(res.statusCode, 401, JSON.stringify(headers));
      assert.equal(res.json().code, 'UNAUTHENTICATED');
      assert.match(String(res.headers['www-authenticate']), /^Bearer/);
      assert.doesNotMatch(res.body, /stays_http/);
    }
  });

  it('answers the Prometheus text format with the process figures', async () => {
    const text = await scrape(t);
    assert.match(text, /^# HELP stays_http_request_duration_seconds /m);
    assert.match(text, /^# TYPE stays_http_request_duration_seconds histogram$/m);
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ]) {
      assert.ok(figure(text, name) !== undefined, `${name} is missing`);
    }
  });

  it('is left out of /openapi.json, though the router has it', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    assert.ok(!('/metrics' in doc.paths));
    const entry = t.app.routeTable.find((r) => r.url === '/metrics');
    assert.deepEqual(entry, { method: 'GET', url: '/metrics', hidden: true, idempotent: false });
  });

  it('counts a request under its route pattern and status, never the raw URL', async () => {
    const labels = { method: 'GET', route: '/api/test/things/:id', status_code: '200' };
    const before = figure(await scrape(t), 'stays_http_request_duration_seconds_count', labels) ?? 0;
    for (const id of [101, 202, 303])
      assert.equal((await t.app.inject({ method: 'GET', url: `/api/test/things/${id}` })).statusCode, 200);
    assert.equal((await t.app.inject({ method: 'GET', url: '/api/no/such/route/404404' })).statusCode, 404);
    const text = await scrape(t);
    assert.equal(figure(text, 'stays_http_request_duration_seconds_count', labels), before + 3);
    assert.equal(figure(text, 'stays_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' }), before + 3);
    assert.ok(
      (figure(text, 'stays_http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' }) ?? 0) >= 1,
    );
    assert.ok(!/things\/(101|202|303)|404404/.test(text), 'a raw URL reached the metrics');
  });

  it('counts health checks apart: a balancer checking every 300 ms leaves the request histogram to the traffic', async () => {
    const before = await scrape(t);
    const checks = (text: string, route: string) =>
      figure(text, 'stays_http_health_checks_total', { route, status_code: '200' }) ?? 0;
    for (let i = 0; i < 5; i++) {
      assert.equal((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);
      assert.equal((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode, 200);
    }
    assert.equal((await t.app.inject({ method: 'GET', url: '/api/test/things/7' })).statusCode, 200);
    const text = await scrape(t);
    assert.equal(checks(text, '/healthz'), checks(before, '/healthz') + 5);
    assert.equal(checks(text, '/readyz'), checks(before, '/readyz') + 5);
    for (const route of ['/healthz', '/readyz'])
      assert.equal(figure(text, 'stays_http_request_duration_seconds_count', { route }), undefined, route);
    assert.ok((figure(text, 'stays_http_request_duration_seconds_count', { route: '/api/test/things/:id' }) ?? 0) >= 1);
  });

  it('follows the outbox backlog and the age of its oldest event', async () => {
    await t.deps.outbox.drain();
    let text = await scrape(t);
    assert.equal(figure(text, 'stays_outbox_backlog'), 0);
    assert.equal(figure(text, 'stays_outbox_oldest_age_seconds'), 0);
    // Written the way every use case writes its event, not yet relayed (no job runs in tests).
    await platformRepository(t.deps.db).insertEvent('metrics.test', { n: 1 });
    await platformRepository(t.deps.db).insertEvent('metrics.test', { n: 2 });
    text = await scrape(t);
    assert.equal(figure(text, 'stays_outbox_backlog'), 2);
    assert.ok(figure(text, 'stays_outbox_oldest_age_seconds')! >= 0);
    await t.deps.outbox.drain();
    assert.equal(figure(await scrape(t), 'stays_outbox_backlog'), 0);
  });

  it('counts job runs and failures per job', async () => {
    const jobs = startJobs(t.deps);
    assert.equal(await jobs.runner.runNow('purge-idempotency-keys'), true);
    assert.equal(await jobs.runner.runNow('purge-idempotency-keys'), true);
    await jobs.stop();
    const failing = new JobRunner(
      t.deps.db,
      [
        {
          name: 'metrics-test-failing',
          intervalMs: 60_000,
          run: async () => {
            throw new Error('on purpose');
          },
        },
      ],
      t.deps.instanceId,
      t.deps.log,
      t.deps.metrics,
    );
    assert.equal(await failing.runNow('metrics-test-failing'), true);
    await failing.stop();
    const text = await scrape(t);
    assert.equal(figure(text, 'stays_job_runs_total', { job: 'purge-idempotency-keys' }), 2);
    assert.equal(figure(text, 'stays_job_failures_total', { job: 'purge-idempotency-keys' }), undefined);
    assert.ok(figure(text, 'stays_job_last_success_timestamp_seconds', { job: 'purge-idempotency-keys' })! > 0);
    assert.equal(figure(text, 'stays_job_runs_total', { job: 'metrics-test-failing' }), 1);
    assert.equal(figure(text, 'stays_job_failures_total', { job: 'metrics-test-failing' }), 1);
  });

  it('runs no channel-manager job without a channel manager (CHANNEL_MANAGER=none)', async () => {
    assert.equal(t.deps.config.CHANNEL_MANAGER, 'none');
    const jobs = startJobs(t.deps);
    const ran = await jobs.runner.tick();
    await jobs.stop();
    assert.ok(ran.includes('outbox-relay'), `the tick ran the due jobs: ${ran.join(', ')}`);
    assert.deepEqual(
      ran.filter((name) => name.startsWith('channel-')),
      [],
    );
    const text = await scrape(t);
    assert.deepEqual(
      text.split('\n').filter((line) => /^stays_job_\w+\{job="channel-/.test(line)),
      [],
    );
  });

  it('reports payouts and refunds not yet done, by status', async () => {
    let text = await scrape(t);
    assert.equal(figure(text, 'stays_refunds_pending', { status: 'pending' }), 0);
    assert.equal(figure(text, 'stays_refunds_pending', { status: 'failed' }), 0);
    assert.equal(figure(text, 'stays_payouts_pending', { status: 'pending' }), 0);
    const owner = await createUser(t.deps, { role: 'owner' });
    const row = {
      ownerId: owner.id,
      currency: 'EUR',
      amountMinor: 1000,
      transferCurrency: 'EUR',
      transferAmountMinor: 1000,
    };
    await t.deps.db.insert(payouts).values([row, row, { ...row, status: 'failed' }, { ...row, status: 'paid' }]);
    text = await scrape(t);
    assert.equal(figure(text, 'stays_payouts_pending', { status: 'pending' }), 2);
    assert.equal(figure(text, 'stays_payouts_pending', { status: 'failed' }), 1);
  });

  it('reports the database pool', async () => {
    const text = await scrape(t);
    const total = figure(text, 'stays_db_pool_connections', { state: 'total' })!;
    const idle = figure(text, 'stays_db_pool_connections', { state: 'idle' })!;
    assert.ok(total >= 1, `total ${total}`);
    assert.ok(idle >= 0 && idle <= total, `idle ${idle} of ${total}`);
    assert.equal(figure(text, 'stays_db_pool_connections', { state: 'waiting' }), 0);
  });

  it('counts open WebSocket and SSE connections', async () => {
    const host = await listen(t.app);
    const user = await createUser(t.deps);
    const token = await loginAs(t.app, user);
    const ws: WsClient[] = [];
    let sse: SseClient | undefined;
    try {
      ws.push(await openWs(host, '/api/ws/notifications', { token }), await openWs(host, '/api/ws/chat', { token }));
      sse = await openSse(host, { token });
      const text = await scrape(t);
      assert.equal(figure(text, 'stays_realtime_connections', { kind: 'ws' }), 2);
      assert.equal(figure(text, 'stays_realtime_connections', { kind: 'sse' }), 1);
      // Long-lived connections are not requests in flight (only this scrape is).
      assert.equal(figure(text, 'stays_http_requests_in_flight'), 1);
    } finally {
      for (const c of ws) c.ws.close();
      sse?.close();
    }
    await until(
      async () => figure(await scrape(t), 'stays_realtime_connections', { kind: 'ws' }) === 0,
      'the sockets to be gone',
    );
    await until(
      async () => figure(await scrape(t), 'stays_realtime_connections', { kind: 'sse' }) === 0,
      'the stream to be gone',
    );
  });
});

describe('GET /metrics on METRICS_PORT', () => {
  let t: TestApp;
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  before(async () => {
    t = await createTestApp({
      env: { METRICS_PORT: '0', MAX_REQUESTS_IN_FLIGHT: '1' },
      extraRoutes: async (api) => {
        api.get('/test/held', async () => {
          await gate;
          return { success: true, message: 'OK', data: null };
        });
        api.get('/test/quick', async () => ({ success: true, message: 'OK', data: null }));
      },
    });
  });
  after(async () => {
    release();
    await t?.close();
  });

  it('serves the figures there without a token, and nothing else', async () => {
    const url = t.app.metricsUrl();
    assert.match(String(url), /^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const res = await fetch(url!);
    assert.equal(res.status, 200);
    assert.match(await res.text(), /^# TYPE stays_http_request_duration_seconds histogram$/m);
    assert.equal((await fetch(url!.replace(/\/metrics$/, '/healthz'))).status, 404);
    assert.equal((await fetch(url!, { method: 'POST' })).status, 404);
  });

  it('is not served on the service port without METRICS_TOKEN', async () => {
    assert.equal((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode, 404);
  });

  it('shows a request in flight, and counts the one shed beside it', async () => {
    const held = t.app.inject({ method: 'GET', url: '/api/test/held' });
    const scrapePort = async () => (await fetch(t.app.metricsUrl()!)).text();
    await until(
      async () => figure(await scrapePort(), 'stays_http_requests_in_flight') === 1,
      'the held request to be in flight',
    );
    const shed = await t.app.inject({ method: 'GET', url: '/api/test/quick' });
    assert.equal(shed.statusCode, 503);
    release();
    assert.equal((await held).statusCode, 200);
    const text = await scrapePort();
    assert.equal(figure(text, 'stays_http_requests_shed_total', { reason: 'in_flight' }), 1);
    assert.equal(figure(text, 'stays_http_requests_in_flight'), 0);
    assert.equal(
      figure(text, 'stays_http_request_duration_seconds_count', { route: '/api/test/quick', status_code: '503' }),
      1,
    );
  });

  it('counts the 503s answered while draining', async () => {
    t.app.startDraining();
    assert.equal((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode, 503);
    assert.equal(
      figure(await (await fetch(t.app.metricsUrl()!)).text(), 'stays_http_requests_shed_total', { reason: 'draining' }),
      1,
    );
  });

  it('stops listening when the app closes', async () => {
    const url = t.app.metricsUrl()!;
    await t.app.close();
    await assert.rejects(fetch(url));
  });
});

describe('GET /metrics with METRICS_TOKEN and METRICS_PORT', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN, METRICS_PORT: '0' } });
  });
  after(() => t?.close());

  it('asks for the token on both ports', async () => {
    const url = t.app.metricsUrl()!;
    assert.equal((await fetch(url)).status, 401);
    assert.equal((await fetch(url, { headers: bearer('wrong-token-wrong-token') })).status, 401);
    assert.equal((await fetch(url, { headers: bearer(TOKEN) })).status, 200);
    assert.equal((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode, 401);
    assert.equal((await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) })).statusCode, 200);
  });
});

describe('without METRICS_TOKEN or METRICS_PORT', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t?.close());

  it('does not serve /metrics (404) and measures nothing', async () => {
    for (const headers of [{}, bearer(TOKEN)]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      assert.equal(res.statusCode, 404);
    }
    assert.equal(t.deps.metrics, noMetrics);
    assert.equal(t.app.metricsUrl(), null);
    assert.ok(!t.app.routeTable.some((r) => r.url === '/metrics'));
  });
});

describe('two apps in one process', () => {
  let a: TestApp;
  let b: TestApp;
  before(async () => {
    a = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    b = await createTestApp({ env: { METRICS_TOKEN: TOKEN }, database: a.database });
  });
  after(async () => {
    await b?.close();
    await a?.close();
  });

  it('each reports only its own requests', async () => {
    for (let i = 0; i < 3; i++) await a.app.inject({ method: 'GET', url: '/api/properties/public' });
    const labels = { route: '/api/properties/public', status_code: '200' };
    assert.equal(figure(await scrape(a), 'stays_http_request_duration_seconds_count', labels), 3);
    assert.equal(figure(await scrape(b), 'stays_http_request_duration_seconds_count', labels), undefined);
  });
});
