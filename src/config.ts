// The only reader of process.env: every setting is declared here, validated once at start,
// and handed to the rest of the service as a typed object.
import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import { FAULT_POINTS } from './platform/fault-points.ts';

// `allowed` says in words what a pattern accepts, for the error that names the variable.
const Duration = Type.String({
  pattern: '^[0-9]+(ms|s|m|h|d)?$',
  allowed: 'a duration: a whole number with ms, s (the default), m, h or d, e.g. 15m',
});
const Percent = Type.Number({ minimum: 0, maximum: 100 });
const Url = Type.String({ pattern: '^[a-z][a-z0-9+.-]*://', allowed: 'an absolute URL, e.g. https://host/path' });
const ClientPath = Type.String({
  pattern: '^/[^\\s]*$',
  allowed: 'a path starting with /, e.g. /reservations/{reservation_id}',
});

const ConfigSchema = Type.Object({
  NODE_ENV: Type.Union([Type.Literal('development'), Type.Literal('production'), Type.Literal('test')], {
    default: 'development',
  }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
  HOST: Type.String({ minLength: 1, default: '127.0.0.1' }),
  DATA_DIR: Type.String({ minLength: 1, default: './data' }),
  DATABASE_URL: Type.Optional(
    Type.String({ pattern: '^postgres(ql)?://', allowed: 'a postgres:// or postgresql:// URL' }),
  ),
  DATABASE_POOL_SIZE: Type.Integer({ minimum: 1, maximum: 200, default: 10 }),
  // Contract §13. A streaming replica of DATABASE_URL for public and search reads (same pool size).
  DATABASE_READ_URL: Type.Optional(
    Type.String({ pattern: '^postgres(ql)?://', allowed: 'a postgres:// or postgresql:// URL' }),
  ),
  // A caller's reads go to the primary for this long after their write (read-your-writes).
  READ_YOUR_WRITES_MS: Type.Integer({ minimum: 0, default: 5000 }),
  // Reads go back to the primary while the replica is further behind than this.
  REPLICA_MAX_LAG_MS: Type.Integer({ minimum: 10, default: 2000 }),
  // What sits between the service and PostgreSQL: `transaction` for PgBouncer's transaction
  // pooling, where no statement stays prepared (direct: the hot ones are, db/raw-query.ts); locks
  // stay inside transactions and nothing LISTENs in either case. Reported at start.
  DATABASE_POOLER: Type.Union([Type.Literal('none'), Type.Literal('transaction')], { default: 'none' }),
  REDIS_URL: Type.Optional(Type.String({ pattern: '^rediss?://', allowed: 'a redis:// or rediss:// URL' })),
  // What this deployment's keys and channels in Redis start with. Unset: derived from the database
  // (its host, port and name, or the embedded DATA_DIR), so two deployments sharing one Redis
  // server never hear each other's events nor share presence or rate-limit counters.
  REDIS_PREFIX: Type.Optional(
    Type.String({ pattern: '^[A-Za-z0-9:_.-]{1,64}$', allowed: '1 to 64 letters, digits or : _ . -' }),
  ),
  JWT_SECRET: Type.Optional(Type.String({ minLength: 32 })),
  // Access-token signing keys for rotation, comma-separated: the first signs, every one listed is
  // accepted (by its key id). Unset: JWT_SECRET (or the generated DATA_DIR/jwt-secret) alone.
  // JWT_SECRET still keys the one-time codes and the local checkout, which must not rotate with it.
  JWT_SECRETS: Type.Optional(Type.String({ minLength: 32 })),
  ACCESS_TOKEN_TTL: Type.String({ ...Duration, default: '15m' }),
  SESSION_TTL: Type.String({ ...Duration, default: '30d' }),
  ADMIN_EMAIL: Type.Optional(Type.String({ format: 'email', pattern: '^[^@\\s]+@[^@\\s]+$' })),
  ADMIN_PASSWORD: Type.Optional(Type.String({ minLength: 8 })),
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://', allowed: 'an smtp:// or smtps:// URL' })),
  MAIL_FROM: Type.String({ default: 'Stays <no-reply@localhost>' }),
  // A serving instance (JOBS_ENABLED) loads the e-mail renderer (MJML, ~1 s of CPU) right after
  // it listens, so the first code a person waits for is not a second late. Off for instances that
  // live seconds (the suite's server processes): the renderer then loads on the first mail.
  MAIL_WARM_UP: Type.Boolean({ default: true }),
  PUBLIC_BASE_URL: Type.Optional(
    Type.String({
      ...Url,
      description:
        'Where clients reach the service (the balancer with several instances): checkout links, mails, the OpenAPI servers. Default http://HOST:PORT of this instance, with 127.0.0.1 for a HOST of 0.0.0.0 or ::.',
    }),
  ),
  // Where the hosted checkout sends the guest back: {CHECKOUT_SESSION_ID} and {RESERVATION_ID}
  // are filled in. Default: this service's own small result pages under /payments/.
  CHECKOUT_SUCCESS_URL: Type.Optional(Url),
  CHECKOUT_CANCEL_URL: Type.Optional(Url),
  // Where e-mails and this service's pages send people to act: CLIENT_APP_URL followed by a path
  // whose {placeholders} are filled in (URL-encoded). CLIENT_APP_URL unset: PUBLIC_BASE_URL, which
  // serves every one of these pages itself (set-password, reset-password, undo-email-change, the
  // reservation page and its pay step). {access} is the link's signed reader (reservation links only).
  CLIENT_APP_URL: Type.Optional(Url),
  CLIENT_SET_PASSWORD_PATH: Type.String({ ...ClientPath, default: '/set-password?token={token}' }),
  CLIENT_PASSWORD_RESET_PATH: Type.String({ ...ClientPath, default: '/reset-password?email={email}' }),
  CLIENT_UNDO_EMAIL_CHANGE_PATH: Type.String({ ...ClientPath, default: '/undo-email-change?token={token}' }),
  CLIENT_RESERVATION_PATH: Type.String({ ...ClientPath, default: '/reservations/{reservation_id}?access={access}' }),
  CLIENT_PAYMENT_PATH: Type.String({ ...ClientPath, default: '/reservations/{reservation_id}/pay?access={access}' }),
  CORS_ORIGINS: Type.String({ default: '' }),
  TRUST_PROXY: Type.Boolean({ default: false }),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
    { default: 'info' },
  ),
  BODY_LIMIT_BYTES: Type.Integer({ minimum: 1024, default: 1_048_576 }),
  REQUEST_TIMEOUT_MS: Type.Integer({ minimum: 1000, default: 30_000 }),
  HEADERS_TIMEOUT_MS: Type.Integer({ minimum: 500, default: 10_000 }),
  // Load shedding (src/platform/load-shedding.ts). Event-loop lag in ms past which new requests
  // get a quick 503, but only while at least 8 requests are being served: lag with fewer comes
  // from elsewhere (a busy host, start-up) and a lone request is served. 0: lag never sheds.
  MAX_EVENT_LOOP_DELAY_MS: Type.Integer({ minimum: 0, default: 1000 }),
  // Requests served at once (SSE streams and WebSockets not counted); beyond it a quick 503.
  MAX_REQUESTS_IN_FLIGHT: Type.Integer({ minimum: 0, default: 128 }),
  SHUTDOWN_DRAIN_MS: Type.Integer({ minimum: 0, maximum: 8000, default: 2000 }),
  FAULT_POINT: Type.Optional(Type.Union(FAULT_POINTS.map((p) => Type.Literal(p)))),
  PAYMENT_PROCESSOR: Type.Union([Type.Literal('local'), Type.Literal('stripe')], { default: 'local' }),
  STRIPE_SECRET_KEY: Type.Optional(Type.String({ minLength: 1 })),
  STRIPE_WEBHOOK_SECRET: Type.Optional(Type.String({ minLength: 1 })),
  STRIPE_API_BASE: Type.Optional(Url),
  CHANNEL_MANAGER: Type.Union([Type.Literal('none'), Type.Literal('channex')], { default: 'none' }),
  CHANNEX_API_BASE: Type.Optional(Url),
  CHANNEX_API_KEY: Type.Optional(Type.String({ minLength: 1 })),
  /** Shared secret the channel manager sends in the `x-channel-secret` header of its webhooks. */
  CHANNEX_WEBHOOK_SECRET: Type.Optional(Type.String({ minLength: 16 })),
  /** Remote calls allowed per minute per property and kind (availability, restrictions). */
  CHANNEX_CALLS_PER_MINUTE: Type.Integer({ minimum: 1, default: 10 }),
  /** iCal import: fetch limits, and whether loopback/private addresses may be fetched (tests, intranets). */
  ICAL_ALLOW_PRIVATE: Type.Boolean({ default: false }),
  ICAL_MAX_BYTES: Type.Integer({ minimum: 1024, default: 2_000_000 }),
  ICAL_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 10_000 }),
  /** Outgoing webhooks: whether loopback/private addresses may be subscribed (tests, local use), and the time a receiver has to answer. */
  WEBHOOKS_ALLOW_PRIVATE: Type.Boolean({ default: false }),
  WEBHOOKS_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 60_000, default: 15_000 }),
  // What reading one imported calendar may cost, all its events together (issue 48): occurrences
  // walked (an event one, a series each step of its expansion) and time on a worker thread. Over
  // either: the import is refused (422 url), a stored feed is marked failed.
  ICAL_MAX_OCCURRENCES: Type.Integer({ minimum: 100, default: 50_000 }),
  ICAL_PARSE_TIMEOUT_MS: Type.Integer({ minimum: 50, default: 2000 }),
  // Worker threads for parsing outside input off the request thread (calendars); started when
  // first needed, ended after a minute idle. At most 2: the machines have few cores.
  WORKER_THREADS: Type.Integer({ minimum: 1, maximum: 2, default: 1 }),
  STORAGE: Type.Union([Type.Literal('disk'), Type.Literal('s3')], { default: 'disk' }),
  // Object storage (STORAGE=s3), contract §10. No endpoint: AWS; no keys: the SDK's default
  // credential chain (environment, profile, instance or task role).
  S3_BUCKET: Type.Optional(Type.String({ minLength: 1 })),
  S3_REGION: Type.String({ minLength: 1, default: 'us-east-1' }),
  S3_ENDPOINT: Type.Optional(Url),
  S3_ACCESS_KEY_ID: Type.Optional(Type.String({ minLength: 1 })),
  S3_SECRET_ACCESS_KEY: Type.Optional(Type.String({ minLength: 1 })),
  S3_FORCE_PATH_STYLE: Type.Boolean({ default: false }),
  GOOGLE_CLIENT_ID: Type.Optional(Type.String({ minLength: 1 })),
  GOOGLE_JWKS_URL: Type.String({ ...Url, default: 'https://www.googleapis.com/oauth2/v3/certs' }),
  FACEBOOK_APP_ID: Type.Optional(Type.String({ minLength: 1 })),
  FACEBOOK_APP_SECRET: Type.Optional(Type.String({ minLength: 1 })),
  FACEBOOK_GRAPH_URL: Type.String({ ...Url, default: 'https://graph.facebook.com/v19.0' }),
  SERVICE_FEE_PERCENT: Type.Number({ ...Percent, default: 0 }),
  PLATFORM_COMMISSION_PERCENT: Type.Number({ ...Percent, default: 0 }),
  RESERVATION_HOLD_SECONDS: Type.Integer({ minimum: 60, default: 1800 }),
  PAYOUT_DELAY_HOURS: Type.Integer({ minimum: 0, default: 24 }),
  JOBS_INTERVAL_MS: Type.Integer({ minimum: 100, default: 5000 }),
  JOBS_ENABLED: Type.Boolean({ default: true }),
  DEFAULT_TIMEZONE: Type.String({ minLength: 1, default: 'UTC' }),
  LOGIN_MAX_FAILURES: Type.Integer({ minimum: 1, default: 10 }),
  RATE_LIMIT_WINDOW: Type.String({ ...Duration, default: '15m' }),
  // Real time: the SSE comment heartbeat (contract: at least every 30 s), the WebSocket ping
  // (a socket that misses one pong is terminated), and each connection's send-buffer cap.
  REALTIME_HEARTBEAT_MS: Type.Integer({ minimum: 10, maximum: 30_000, default: 25_000 }),
  REALTIME_PING_MS: Type.Integer({ minimum: 10, default: 30_000 }),
  REALTIME_MAX_BUFFER_BYTES: Type.Integer({ minimum: 1024, default: 262_144 }),
  // Open WebSockets + SSE streams per user on one instance (the newest beyond it is refused), and
  // per client address counted before the token is looked at (generous: NAT and hotel Wi-Fi share
  // one). 0: no cap.
  REALTIME_MAX_CONNECTIONS_PER_USER: Type.Integer({ minimum: 0, default: 16 }),
  REALTIME_MAX_CONNECTIONS_PER_ADDRESS: Type.Integer({ minimum: 0, default: 128 }),
  // GET /metrics (contract §10): on the service's port behind `Authorization: Bearer
  // METRICS_TOKEN`, and/or on a listener of its own at METRICS_PORT on HOST (0: any free port);
  // neither set: not served, and nothing is measured.
  METRICS_TOKEN: Type.Optional(Type.String({ minLength: 16 })),
  METRICS_PORT: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535 })),
});

type RawConfig = Static<typeof ConfigSchema>;

export interface Config extends RawConfig {
  /** Always set: the default is http://HOST:PORT of this instance. */
  PUBLIC_BASE_URL: string;
  /** Always set: the default is PUBLIC_BASE_URL. */
  CLIENT_APP_URL: string;
  accessTokenTtlSeconds: number;
  sessionTtlSeconds: number;
  rateLimitWindowMs: number;
  corsOrigins: string[];
  /** JWT_SECRETS as a list (the signing key first); empty when unset. */
  jwtSecrets: string[];
  /** REDIS_PREFIX, or one derived from the database this deployment uses. */
  redisPrefix: string;
}

export class ConfigError extends Error {}

// Errors go to stderr and log collectors: they name what is wrong without repeating a secret.
const SECRET_SETTINGS = new Set([
  'JWT_SECRET',
  'JWT_SECRETS',
  'ADMIN_PASSWORD',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'CHANNEX_API_KEY',
  'CHANNEX_WEBHOOK_SECRET',
  'FACEBOOK_APP_SECRET',
  'S3_SECRET_ACCESS_KEY',
  'METRICS_TOKEN',
]);

function shown(name: string, value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (SECRET_SETTINGS.has(name)) return '(hidden)';
  // URLs may carry a password (postgres://user:pass@host).
  return JSON.stringify(typeof value === 'string' ? value.replace(/(:\/\/[^:/@]*):[^@/]*@/, '$1:***@') : value);
}

type SettingSchema = { type?: string; anyOf?: Array<{ const?: unknown }>; allowed?: string };

// One line per variable, saying what it accepts: an enum its values, a pattern in words. Checked
// one setting at a time: TypeBox stops at a few errors per check, and an enum alone makes one per value.
function errorLines(value: Record<string, unknown>, input: Record<string, unknown>): string[] {
  const settings: Record<string, SettingSchema> = { ...ConfigSchema.properties };
  return Object.keys(settings).flatMap((name) => {
    const schema = settings[name]!;
    if (value[name] === undefined) return [];
    const [e] = Value.Errors(schema as never, value[name]);
    if (!e) return [];
    let message = e.message;
    if (schema.anyOf?.length && schema.anyOf.every((s) => s.const !== undefined))
      message = `must be one of ${schema.anyOf.map((s) => String(s.const)).join(', ')}`;
    else if (schema.type === 'boolean') message = 'must be true or false';
    else if (e.keyword === 'type' && schema.type === 'integer') message = 'must be a whole number';
    else if (e.keyword === 'pattern' && schema.allowed) message = `must be ${schema.allowed}`;
    return [`${name}: ${message} (got ${shown(name, input[name])})`];
  });
}

// An address to listen on: an IP literal or a host name (RFC 1123), not a URL or [::1].
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;
const isHost = (host: string) => isIP(host) !== 0 || HOST_NAME.test(host);

/** http://HOST:PORT, with loopback for a wildcard HOST (nobody can browse to 0.0.0.0). */
function defaultBaseUrl(host: string, port: number): string {
  const h = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : isIP(host) === 6 ? `[${host}]` : host;
  return `http://${h}:${port}`;
}

/** JWT_SECRETS' keys in order; each as long as JWT_SECRET must be, none twice. */
function jwtSecretList(text: string | undefined): string[] {
  if (text === undefined) return [];
  const keys = text.split(',').map((k) => k.trim());
  const bad = (why: string) =>
    new ConfigError(`Invalid configuration:\n  JWT_SECRETS: ${why} (got ${keys.length} entries, hidden)`);
  if (keys.some((k) => k.length < 32)) throw bad('every key, comma-separated, must be at least 32 characters');
  if (new Set(keys).size !== keys.length) throw bad('a key is listed twice');
  return keys;
}

/** Parses "900", "900s", "15m", "2h", "30d" or "500ms" into milliseconds. */
export function durationMs(text: string): number {
  const m = /^([0-9]+)(ms|s|m|h|d)?$/.exec(text);
  if (!m) throw new ConfigError(`not a duration: ${text}`);
  const n = Number(m[1]);
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] ?? 's']!;
  return n * unit;
}

/** Reads the given environment (process.env by default) and returns the validated config. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const input: Record<string, unknown> = {};
  for (const key of Object.keys(ConfigSchema.properties)) {
    const v = env[key];
    if (v !== undefined && v !== '') input[key] = v;
  }
  // Convert truncates "3.5" to 3 for an integer setting; a fraction there is a mistake to report.
  const fractions = Object.entries(ConfigSchema.properties)
    .filter(([key, schema]) => (schema as { type?: unknown }).type === 'integer' && typeof input[key] === 'string')
    .filter(([key]) => {
      const n = Number((input[key] as string).trim());
      return Number.isFinite(n) && !Number.isInteger(n);
    })
    .map(([key]) => `${key}: must be a whole number (got ${shown(key, input[key])})`);
  const converted = Value.Convert(ConfigSchema, Value.Default(ConfigSchema, input));
  const lines = errorLines(converted as Record<string, unknown>, input);
  if (lines.length > 0 || fractions.length > 0 || !Value.Check(ConfigSchema, converted)) {
    const other = Value.Errors(ConfigSchema, converted).map(
      (e) => `${e.instancePath.replace(/^\//, '') || 'configuration'}: ${e.message}`,
    );
    throw new ConfigError(
      `Invalid configuration:\n  ${[...new Set([...fractions, ...(lines.length || fractions.length ? lines : other)])].join('\n  ')}`,
    );
  }
  const raw = converted as RawConfig;
  if (raw.PAYMENT_PROCESSOR === 'stripe' && !raw.STRIPE_SECRET_KEY) {
    throw new ConfigError('Invalid configuration:\n  STRIPE_SECRET_KEY: required when PAYMENT_PROCESSOR=stripe');
  }
  if (raw.CHANNEL_MANAGER === 'channex' && !(raw.CHANNEX_API_BASE && raw.CHANNEX_API_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  CHANNEX_API_KEY: CHANNEX_API_BASE and CHANNEX_API_KEY are required when CHANNEL_MANAGER=channex',
    );
  }
  if (raw.DATABASE_READ_URL && !raw.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_READ_URL: a replica of DATABASE_URL; set DATABASE_URL too (PGlite has no replicas)',
    );
  }
  if (raw.STORAGE === 's3' && !raw.S3_BUCKET) {
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required when STORAGE=s3');
  }
  if (Boolean(raw.S3_ACCESS_KEY_ID) !== Boolean(raw.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      "Invalid configuration:\n  S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (neither: the SDK's default credential chain)",
    );
  }
  if (raw.FAULT_POINT && raw.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration:\n  FAULT_POINT: crash injection for tests; refused when NODE_ENV=production',
    );
  }
  if (Boolean(raw.ADMIN_EMAIL) !== Boolean(raw.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD go together');
  }
  if (!isHost(raw.HOST)) {
    throw new ConfigError(
      `Invalid configuration:\n  HOST: must be an IP address (e.g. 127.0.0.1, 0.0.0.0 or ::) or a host name (got ${shown('HOST', raw.HOST)})`,
    );
  }
  try {
    new Intl.DateTimeFormat('en', { timeZone: raw.DEFAULT_TIMEZONE });
  } catch {
    throw new ConfigError(
      `Invalid configuration:\n  DEFAULT_TIMEZONE: not an IANA time zone (got "${raw.DEFAULT_TIMEZONE}")`,
    );
  }
  return {
    ...raw,
    PUBLIC_BASE_URL: raw.PUBLIC_BASE_URL ?? defaultBaseUrl(raw.HOST, raw.PORT),
    CLIENT_APP_URL: raw.CLIENT_APP_URL ?? raw.PUBLIC_BASE_URL ?? defaultBaseUrl(raw.HOST, raw.PORT),
    accessTokenTtlSeconds: Math.floor(durationMs(raw.ACCESS_TOKEN_TTL) / 1000),
    sessionTtlSeconds: Math.floor(durationMs(raw.SESSION_TTL) / 1000),
    rateLimitWindowMs: durationMs(raw.RATE_LIMIT_WINDOW),
    corsOrigins: raw.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    jwtSecrets: jwtSecretList(raw.JWT_SECRETS),
    redisPrefix: raw.REDIS_PREFIX ?? deploymentPrefix(raw.DATABASE_URL, raw.DATA_DIR),
  };
}

/**
 * A deployment is its database: instances of one deployment share it, two deployments never do.
 * The prefix is a hash of the database's address (host, port, name: not the user or password,
 * which may change) or of the embedded DATA_DIR's absolute path.
 */
export function deploymentPrefix(databaseUrl: string | undefined, dataDir: string): string {
  let identity = `pglite:${path.resolve(dataDir)}`;
  if (databaseUrl) {
    const u = new URL(databaseUrl);
    identity = `postgres:${u.hostname.toLowerCase()}:${u.port || '5432'}/${decodeURIComponent(u.pathname.slice(1)) || u.username}`;
  }
  return `stays:${createHash('sha256').update(identity).digest('hex').slice(0, 12)}`;
}
