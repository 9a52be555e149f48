// buildApp(deps): platform plugins, then the feature modules under /api.
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import { registerDocsPage } from './platform/docs-page.ts';
import { Type } from 'typebox';
import { fileKeyword, uploadsPlugin } from './platform/uploads.ts';
import { LICENSE, documentRoute } from './platform/openapi-document.ts';
import { apiIntroduction } from './platform/openapi-introduction.ts';
import { finishDocument } from './platform/openapi-components.ts';
import { auditModule } from './modules/audit/index.ts';
import { emailChangePages, usersModule } from './modules/users/index.ts';
import { ownerOnboardingModule } from './modules/owner-onboarding/index.ts';
import { catalogModule } from './modules/catalog/index.ts';
import { propertiesModule } from './modules/properties/index.ts';
import { propertyRulesModule } from './modules/property-rules/index.ts';
import { roomTypesModule } from './modules/room-types/index.ts';
import { propertyMediaModule } from './modules/property-media/index.ts';
import { propertySearchModule } from './modules/property-search/index.ts';
import { reservationsModule } from './modules/reservations/index.ts';
import { messagingModule } from './modules/messaging/index.ts';
import { chatbotModule } from './modules/chatbot/index.ts';
import { realtimeModule } from './modules/realtime/index.ts';
import { notificationsModule } from './modules/notifications/index.ts';
import { paymentsModule } from './modules/payments/index.ts';
import { channelModule } from './modules/channel/index.ts';
import { icalModule } from './modules/ical/index.ts';
import { WEBHOOK_HEADER_PARAMETERS, webhookDocuments, webhooksModule } from './modules/webhooks/index.ts';
import { payoutsModule } from './modules/payouts/index.ts';
import { ownerPerformanceModule } from './modules/owner-performance/index.ts';
import { emailsModule } from './modules/emails/index.ts';
import { LocalPaymentProcessor } from './adapters/local-payments/local-payment-processor.ts';
import { paymentResultPages, reservationPages } from './modules/payments/index.ts';
import { accountPages, homePage } from './modules/auth/index.ts';
import { checkoutPageRoutes } from './adapters/local-payments/checkout-page.routes.ts';
import type { Deps } from './kernel/deps.ts';
import { ErrorBody } from './platform/envelope.ts';
import { installErrorHandlers } from './platform/error-handler.ts';
import { clientErrorHandler, frameworkErrors, installUrlLimit, MAX_URL_BYTES } from './platform/http-limits.ts';
import { closeConnectionsOnClose } from './platform/close-connections.ts';
import { resolveDotSegments } from './platform/dot-segments.ts';
import { RequestLogController } from './platform/request-log.ts';
import { requestIdOf } from './platform/request-id.ts';
import { authPlugin } from './platform/auth.ts';
import { idempotencyPlugin } from './platform/idempotency.ts';
import { installSecurityHeaders } from './platform/security-headers.ts';
import { AppError } from './platform/errors.ts';
import { FlatProfile } from './modules/users/index.ts';
import { authModule } from './modules/auth/index.ts';
import { installTextGuard } from './platform/text-guard.ts';
import { installLoadShedding } from './platform/load-shedding.ts';
import { installMetrics } from './platform/metrics-routes.ts';
import { strictAjvOptions, strictSchemaController } from './platform/validation.ts';
import { FIRST_SUPPORTED_DAY, LAST_SUPPORTED_DAY } from './kernel/calendar-dates.ts';

export type App = FastifyInstance;

/** The document's title, which the /docs page shows too. */
const API_TITLE = 'Stays booking API';

export interface RouteEntry {
  method: string;
  url: string;
  /** Left out of /openapi.json on purpose (schema.hide). */
  hidden: boolean;
  /** Honours Idempotency-Key (config.idempotent, platform/idempotency.ts). */
  idempotent: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
    /** Answers every new request 503 from now on (graceful shutdown). */
    startDraining: () => void;
  }
}

export async function buildApp(
  deps: Deps,
  opts: { extraRoutes?: (app: App, deps: Deps) => Promise<void> } = {},
): Promise<App> {
  const { config } = deps;
  const app = Fastify({
    loggerInstance: deps.log as FastifyBaseLogger,
    logController: new RequestLogController(),
    genReqId: requestIdOf,
    requestIdHeader: false,
    bodyLimit: config.BODY_LIMIT_BYTES,
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    // A client trickling its request head (slowloris) is cut after HEADERS_TIMEOUT_MS, checked
    // every second rather than Node's default 30 s, so such connections cannot pile up.
    http: {
      headersTimeout: Math.min(config.HEADERS_TIMEOUT_MS, config.REQUEST_TIMEOUT_MS),
      connectionsCheckingInterval: 1000,
    },
    connectionTimeout: config.REQUEST_TIMEOUT_MS * 2,
    keepAliveTimeout: 72_000,
    trustProxy: config.TRUST_PROXY,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // Errors met before a route runs (unreadable request, oversized head, timeouts, bad URLs)
    // answer the contract's error body too (platform/http-limits.ts).
    clientErrorHandler,
    frameworkErrors,
    // Strict input: numerals only as plain decimals, finite numbers, dates in range (platform/validation.ts).
    ajv: { ...strictAjvOptions, plugins: [fileKeyword] },
    schemaController: strictSchemaController(),
    rewriteUrl: (req) => resolveDotSegments(req.url ?? '/'),
  }).withTypeProvider<TypeBoxTypeProvider>();
  // forceCloseConnections 'idle' leaves connections with no request yet, and the kept-alive one of
  // a request answered after the close, to hold app.close() for a minute (platform/close-connections.ts).
  closeConnectionsOnClose(app.server);

  // Every route as registered, so tests can hold the router and /openapi.json to each other.
  const routeTable: RouteEntry[] = [];
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat())
      if (method !== 'HEAD')
        routeTable.push({
          method,
          url: r.url,
          hidden: Boolean((r.schema as { hide?: boolean } | undefined)?.hide),
          idempotent: Boolean(r.config?.idempotent),
        });
  });
  app.decorate('routeTable', routeTable);
  installErrorHandlers(app);
  installUrlLimit(app);
  installTextGuard(app);
  // First of the request hooks, so requests refused by the ones below are measured too.
  const httpMetrics = installMetrics(app, deps);
  // After SIGTERM (server.ts) the instance drains: for SHUTDOWN_DRAIN_MS it still listens but
  // answers every new request 503 with Connection: close, so clients on kept-alive connections and
  // a load balancer that has not yet noticed get a clear, retryable answer instead of a reset.
  let draining = false;
  app.decorate('startDraining', () => {
    draining = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (draining) {
      httpMetrics.shed('draining');
      reply.header('connection', 'close');
      // The balancer's health check keeps its own answer shape ({ status }, its 503 schema): the
      // error envelope would fail that schema and go out as a 500.
      if (request.routeOptions.config?.readiness)
        return reply.code(503).header('retry-after', '1').send({ status: 'draining' });
      throw new AppError('SERVICE_UNAVAILABLE', 'The service is restarting; try again', undefined, {
        'retry-after': '1',
      });
    }
  });
  app.addSchema(ErrorBody);
  app.addSchema(FlatProfile);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: API_TITLE,
        version: '0.1.0',
        description: apiIntroduction({
          baseUrl: config.PUBLIC_BASE_URL,
          accessTokenTtlSeconds: config.accessTokenTtlSeconds,
          sessionTtlSeconds: config.sessionTtlSeconds,
          maxUrlBytes: MAX_URL_BYTES,
          firstDay: FIRST_SUPPORTED_DAY,
          lastDay: LAST_SUPPORTED_DAY,
        }),
        license: LICENSE,
      },
      servers: [{ url: config.PUBLIC_BASE_URL }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        parameters: WEBHOOK_HEADER_PARAMETERS,
      },
      // Contract §12: what the service posts to integrators' endpoints.
      webhooks: webhookDocuments(),
    },
    refResolver: {
      buildLocalReference: (json, _base, _frag, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`),
    },
    transform: documentRoute,
    transformObject: (doc) => finishDocument({ openapiObject: 'openapiObject' in doc ? doc.openapiObject : {} }),
  });
  await registerDocsPage(app, { title: API_TITLE });

  installLoadShedding(app, {
    maxInFlight: config.MAX_REQUESTS_IN_FLIGHT,
    maxEventLoopDelayMs: config.MAX_EVENT_LOOP_DELAY_MS,
    onShed: (reason) => httpMetrics.shed(reason),
  });
  installSecurityHeaders(app, { contentSecurityPolicy: false, crossOriginResourcePolicy: { policy: 'same-site' } });
  const selfOrigin = new URL(config.PUBLIC_BASE_URL).origin;
  const allowedOrigins = [...new Set([selfOrigin, ...config.corsOrigins])];
  await app.register(cors, {
    origin: allowedOrigins,
    credentials: true,
    exposedHeaders: ['x-request-id', 'retry-after'],
  });
  await app.register(cookie);
  await app.register(uploadsPlugin);
  await app.register(rateLimit, {
    global: false,
    // With Redis away a request is let through unlimited rather than refused: the login and
    // mail throttles keep counting in memory meanwhile.
    ...(deps.redis ? { redis: deps.redis, nameSpace: `${config.redisPrefix}:rl:`, skipOnError: true } : {}),
    errorResponseBuilder: (_req, ctx) =>
      new AppError('RATE_LIMITED', `Too many requests; retry in ${Math.ceil(ctx.ttl / 1000)} s`, undefined, {
        'retry-after': String(Math.ceil(ctx.ttl / 1000)),
      }),
  });
  await app.register(authPlugin, { sessions: deps.sessions, allowedOrigins });
  await app.register(idempotencyPlugin, { db: deps.db, clock: deps.clock });
  // Read-your-writes (contract §13): a caller's successful write sends their reads to the primary
  // for READ_YOUR_WRITES_MS. Before the answer leaves, so their next request already knows it.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return payload;
    const callerId = request.user?.id ?? request.unconfirmed?.id;
    if (callerId !== undefined) deps.reads.wrote(callerId);
    return payload;
  });

  const Health = Type.Object({ status: Type.String() });
  const NOT_READY =
    'Answers 503 in this shape, with Retry-After, also when the instance is overloaded ({"status":"overloaded"}) or draining ({"status":"draining"}), where other routes answer the error envelope.';
  // A request unreadable as HTTP is refused before any route (400), and a draining instance answers 503.
  const healthErrors = { 400: Type.Ref('ErrorBody'), 503: Type.Ref('ErrorBody') };
  // Balancers and orchestrators call these every few hundred milliseconds: their request lines
  // would drown the log at info, so they are logged only at warn and above (errors), and the
  // metrics count them apart from the traffic (config.healthCheck). Refused
  // (overload, draining), /readyz answers in its own shape (config.readiness).
  app.get(
    '/healthz',
    {
      logLevel: 'warn',
      config: { healthCheck: true },
      schema: {
        operationId: 'getHealth',
        tags: ['health'],
        summary: 'The process is up (no dependency checked)',
        response: { 200: Health, ...healthErrors },
      },
    },
    async () => ({ status: 'ok' }),
  );
  app.get(
    '/readyz',
    {
      logLevel: 'warn',
      config: { readiness: true, healthCheck: true },
      schema: {
        operationId: 'getReadiness',
        tags: ['health'],
        summary:
          'The database answers and the instance is not shutting down: 200, else 503 (take the instance out of the load balancer)',
        description: NOT_READY,
        response: {
          200: Health,
          400: healthErrors[400],
          503: Type.Object(Health.properties, {
            description: 'Not ready: the database does not answer, or the instance is shutting down',
          }),
        },
      },
    },
    async (_req, reply) => {
      try {
        await deps.database.ping();
        return { status: 'ready' };
      } catch {
        return reply.code(503).send({ status: 'database unreachable' });
      }
    },
  );
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  // The local processor's hosted checkout page: outside /api, where its sessions' urls point.
  if (deps.payments instanceof LocalPaymentProcessor)
    await app.register(checkoutPageRoutes, { processor: deps.payments });
  await app.register(paymentResultPages, { deps });
  await app.register(reservationPages, { deps });
  await app.register(accountPages, { deps });
  await app.register(homePage, { deps });
  await app.register(emailChangePages, { deps });

  await app.register(
    async (api) => {
      await api.register(authModule, { deps });
      await api.register(auditModule, { deps });
      await api.register(usersModule, { deps });
      await api.register(ownerOnboardingModule, { deps });
      await api.register(catalogModule, { deps });
      await api.register(propertiesModule, { deps });
      await api.register(propertyRulesModule, { deps });
      await api.register(roomTypesModule, { deps });
      await api.register(propertyMediaModule, { deps });
      await api.register(propertySearchModule, { deps });
      await api.register(reservationsModule, { deps });
      await api.register(messagingModule, { deps });
      await api.register(chatbotModule, { deps });
      await api.register(realtimeModule, { deps });
      await api.register(notificationsModule, { deps });
      await api.register(paymentsModule, { deps });
      await api.register(payoutsModule, { deps });
      await api.register(ownerPerformanceModule, { deps });
      await api.register(emailsModule, { deps });
      await api.register(channelModule, { deps });
      await api.register(icalModule, { deps });
      await api.register(webhooksModule, { deps });
      if (opts.extraRoutes) await opts.extraRoutes(api, deps);
    },
    { prefix: '/api' },
  );
  return app;
}
