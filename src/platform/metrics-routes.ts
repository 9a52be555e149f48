// GET /metrics (contract §10) and the figures of the HTTP layer and the platform: request
// durations by route and status, requests in flight and shed, the database pool, the outbox
// backlog. Served behind `Authorization: Bearer <METRICS_TOKEN>` on the service's own port, and/or
// on a separate listener (METRICS_PORT, on HOST) for a scraper that reaches only that port; with
// neither set the route does not exist and nothing is measured.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ConfigError } from '../config.ts';
import type { Deps } from '../kernel/deps.ts';
import { AppError } from './errors.ts';
import { carriesToken, PrometheusMetrics } from './metrics.ts';
import { platformRepository } from './platform.repository.ts';

export type ShedReason = 'event_loop' | 'in_flight' | 'draining';

export interface HttpMetrics {
  /** A request answered a quick 503 without being served. */
  shed(reason: ShedReason): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The separate metrics listener's URL once the app is ready (METRICS_PORT), else null. */
    metricsUrl: () => string | null;
  }
  interface FastifyContextConfig {
    /** A balancer's or orchestrator's health check: counted apart from the traffic (stays_http_health_checks_total). */
    healthCheck?: boolean;
  }
}

// Seconds; the default buckets plus the tail a slow booking or upload lands in.
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const UNAUTHORIZED = 'A bearer token (METRICS_TOKEN) is required';

export function installMetrics(app: FastifyInstance, deps: Deps): HttpMetrics {
  const { config, metrics } = deps;
  let listenerUrl: string | null = null;
  app.decorate('metricsUrl', () => listenerUrl);
  if (!(metrics instanceof PrometheusMetrics)) return { shed: () => {} };

  const shed = metrics.counter(
    'stays_http_requests_shed_total',
    'Requests answered a quick 503 without being served, by reason (event_loop lag, in_flight limit, draining at shutdown)',
    ['reason'],
  );
  measureRequests(app, metrics);
  collectPlatformFigures(deps, metrics);

  if (config.METRICS_TOKEN) {
    const token = config.METRICS_TOKEN;
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!carriesToken(request.headers.authorization, token)) {
        throw new AppError('UNAUTHENTICATED', UNAUTHORIZED, undefined, {
          'www-authenticate': 'Bearer realm="metrics"',
        });
      }
      const body = await metrics.render();
      return reply.header('cache-control', 'no-store').type(metrics.contentType).send(body);
    });
  }

  if (config.METRICS_PORT !== undefined) {
    const server = metricsListener(metrics, config.METRICS_TOKEN);
    app.addHook('onReady', async () => {
      const port = config.METRICS_PORT!;
      await new Promise<void>((resolve, reject) => {
        server.once('error', (err: NodeJS.ErrnoException) =>
          reject(new ConfigError(`METRICS_PORT: cannot listen on ${config.HOST}:${port} (${err.code ?? err.message})`)),
        );
        server.listen(port, config.HOST, () => resolve());
      });
      const a = server.address() as AddressInfo;
      listenerUrl = `http://${a.family === 'IPv6' ? `[${a.address}]` : a.address}:${a.port}/metrics`;
      deps.log.info({ url: listenerUrl }, `metrics served at ${listenerUrl}`);
    });
    app.addHook('onClose', async () => {
      if (!server.listening) return;
      const closed = new Promise((resolve) => server.close(resolve));
      server.closeAllConnections();
      await closed;
    });
  }
  return { shed: (reason) => shed.inc({ reason }) };
}

/**
 * Durations by route pattern (never the raw URL: one series per route, not per id) and requests in
 * flight. Health checks are only counted: a balancer checks each instance every few hundred
 * milliseconds (most of a quiet instance's requests), which would bury the traffic's percentiles
 * under the checks' sub-millisecond answers.
 */
function measureRequests(app: FastifyInstance, metrics: PrometheusMetrics): void {
  const duration = metrics.histogram(
    'stays_http_request_duration_seconds',
    'Time from the request read to the response sent, by method, route pattern and status (health checks not included)',
    ['method', 'route', 'status_code'],
    DURATION_BUCKETS,
  );
  const healthChecks = metrics.counter(
    'stays_http_health_checks_total',
    'Health checks answered (/healthz, /readyz), by route and status',
    ['route', 'status_code'],
  );
  const inFlight = metrics.gauge(
    'stays_http_requests_in_flight',
    'Requests being served now (WebSocket and SSE connections not counted)',
  );
  // Replies leave on onResponse; hijacked ones (SSE streams) never get there and are swept as
  // sent, at each scrape and whenever the set grows large.
  const serving = new Set<FastifyReply>();
  const sweep = () => {
    for (const reply of serving) if (reply.sent) serving.delete(reply);
  };
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers.upgrade) return;
    serving.add(reply);
    if (serving.size > 4096) sweep();
  });
  app.addHook('onResponse', async (request, reply) => {
    serving.delete(reply);
    const route = request.routeOptions.url ?? 'unmatched';
    const status = String(reply.statusCode);
    if (request.routeOptions.config?.healthCheck) return healthChecks.inc({ route, status_code: status });
    duration.observe({ method: request.method, route, status_code: status }, reply.elapsedTime / 1000);
  });
  metrics.beforeScrape(() => {
    sweep();
    inFlight.set(serving.size);
  });
}

function collectPlatformFigures(deps: Deps, metrics: PrometheusMetrics): void {
  const pool = metrics.gauge(
    'stays_db_pool_connections',
    'Database connections by state: total open, idle; waiting counts statements waiting for one (PGlite: one connection)',
    ['state'],
  );
  metrics.beforeScrape(() => {
    const s = deps.database.stats();
    pool.set({ state: 'total' }, s.total);
    pool.set({ state: 'idle' }, s.idle);
    pool.set({ state: 'waiting' }, s.waiting);
  });
  const backlog = metrics.gauge('stays_outbox_backlog', 'Outbox events committed and not yet published');
  const oldest = metrics.gauge(
    'stays_outbox_oldest_age_seconds',
    'Age of the oldest unpublished outbox event (0 when none)',
  );
  metrics.beforeScrape(async () => {
    const b = await platformRepository(deps.db).unpublishedBacklog();
    backlog.set(b.count);
    oldest.set(b.oldestAgeSeconds);
  });
}

/** The METRICS_PORT listener: GET /metrics and nothing else; the token too when one is set. */
function metricsListener(metrics: PrometheusMetrics, token: string | undefined): http.Server {
  const server = http.createServer((req, res) => {
    const send = (
      status: number,
      body: string,
      type = 'application/json; charset=utf-8',
      headers: Record<string, string> = {},
    ) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return send(
        404,
        JSON.stringify({ success: false, message: 'Only GET /metrics is served here', code: 'ROUTE_NOT_FOUND' }),
      );
    }
    if (token && !carriesToken(req.headers.authorization, token)) {
      return send(401, JSON.stringify({ success: false, message: UNAUTHORIZED, code: 'UNAUTHENTICATED' }), undefined, {
        'www-authenticate': 'Bearer realm="metrics"',
      });
    }
    metrics.render().then(
      (body) => send(200, body, metrics.contentType),
      () =>
        send(500, JSON.stringify({ success: false, message: 'The metrics could not be read', code: 'INTERNAL_ERROR' })),
    );
  });
  server.requestTimeout = 10_000;
  server.headersTimeout = 5_000;
  return server;
}
