// The only reader of process.env: every setting is declared here, validated once at start,
// and handed to the rest of the service as a typed object.
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import { FAULT_POINTS } from './platform/fault-points.ts';

const Duration = Type.String({ pattern: '^[0-9]+(ms|s|m|h|d)?$' });
const Percent = Type.Number({ minimum: 0, maximum: 100 });
const Url = Type.String({ pattern: '^[a-z][a-z0-9+.-]*://' });

const ConfigSchema = Type.Object({
  NODE_ENV: Type.Union([Type.Literal('development'), Type.Literal('production'), Type.Literal('test')], { default: 'development' }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
  HOST: Type.String({ minLength: 1, default: '127.0.0.1' }),
  DATA_DIR: Type.String({ minLength: 1, default: './data' }),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  DATABASE_POOL_SIZE: Type.Integer({ minimum: 1, maximum: 200, default: 10 }),
  REDIS_URL: Type.Optional(Type.String({ pattern: '^rediss?://' })),
  JWT_SECRET: Type.Optional(Type.String({ minLength: 32 })),
  ACCESS_TOKEN_TTL: Type.String({ ...Duration, default: '15m' }),
  SESSION_TTL: Type.String({ ...Duration, default: '30d' }),
  ADMIN_EMAIL: Type.Optional(Type.String({ format: 'email', pattern: '^[^@\\s]+@[^@\\s]+$' })),
  ADMIN_PASSWORD: Type.Optional(Type.String({ minLength: 8 })),
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://' })),
  MAIL_FROM: Type.String({ default: 'Stays <no-reply@localhost>' }),
  PUBLIC_BASE_URL: Type.String({ ...Url, default: 'http://127.0.0.1:3000' }),
  // Where the hosted checkout sends the guest back: {CHECKOUT_SESSION_ID} and {RESERVATION_ID}
  // are filled in. Default: this service's own small result pages under /payments/.
  CHECKOUT_SUCCESS_URL: Type.Optional(Url),
  CHECKOUT_CANCEL_URL: Type.Optional(Url),
  CORS_ORIGINS: Type.String({ default: '' }),
  TRUST_PROXY: Type.Boolean({ default: false }),
  LOG_LEVEL: Type.Union(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)), { default: 'info' }),
  BODY_LIMIT_BYTES: Type.Integer({ minimum: 1024, default: 1_048_576 }),
  REQUEST_TIMEOUT_MS: Type.Integer({ minimum: 1000, default: 30_000 }),
  HEADERS_TIMEOUT_MS: Type.Integer({ minimum: 500, default: 10_000 }),
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
  STORAGE: Type.Union([Type.Literal('disk'), Type.Literal('s3')], { default: 'disk' }),
  S3_BUCKET: Type.Optional(Type.String({ minLength: 1 })),
  S3_REGION: Type.Optional(Type.String({ minLength: 1 })),
  S3_ENDPOINT: Type.Optional(Url),
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
});

type RawConfig = Static<typeof ConfigSchema>;

export interface Config extends RawConfig {
  accessTokenTtlSeconds: number;
  sessionTtlSeconds: number;
  rateLimitWindowMs: number;
  corsOrigins: string[];
}

export class ConfigError extends Error {}

// Errors go to stderr and log collectors: they name what is wrong without repeating a secret.
const SECRET_SETTINGS = new Set(['JWT_SECRET', 'ADMIN_PASSWORD', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'CHANNEX_API_KEY', 'CHANNEX_WEBHOOK_SECRET', 'FACEBOOK_APP_SECRET']);

function shown(name: string, value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (SECRET_SETTINGS.has(name)) return '(hidden)';
  // URLs may carry a password (postgres://user:pass@host).
  return JSON.stringify(typeof value === 'string' ? value.replace(/(:\/\/[^:/@]*):[^@/]*@/, '$1:***@') : value);
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
  const errors = Value.Errors(ConfigSchema, converted);
  if (errors.length > 0 || fractions.length > 0) {
    const lines = errors.map((e) => {
      const name = e.instancePath.replace(/^\//, '') || String((e.params as { requiredProperties?: string[] }).requiredProperties ?? '');
      return `${name}: ${e.message} (got ${shown(name, input[name])})`;
    });
    throw new ConfigError(`Invalid configuration:\n  ${[...new Set([...fractions, ...lines])].join('\n  ')}`);
  }
  const raw = converted as RawConfig;
  if (raw.PAYMENT_PROCESSOR === 'stripe' && !raw.STRIPE_SECRET_KEY) {
    throw new ConfigError('Invalid configuration:\n  STRIPE_SECRET_KEY: required when PAYMENT_PROCESSOR=stripe');
  }
  if (raw.CHANNEL_MANAGER === 'channex' && !(raw.CHANNEX_API_BASE && raw.CHANNEX_API_KEY)) {
    throw new ConfigError('Invalid configuration:\n  CHANNEX_API_KEY: CHANNEX_API_BASE and CHANNEX_API_KEY are required when CHANNEL_MANAGER=channex');
  }
  if (raw.STORAGE === 's3' && !raw.S3_BUCKET) {
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required when STORAGE=s3');
  }
  if (raw.FAULT_POINT && raw.NODE_ENV === 'production') {
    throw new ConfigError('Invalid configuration:\n  FAULT_POINT: crash injection for tests; refused when NODE_ENV=production');
  }
  if (Boolean(raw.ADMIN_EMAIL) !== Boolean(raw.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD go together');
  }
  try {
    new Intl.DateTimeFormat('en', { timeZone: raw.DEFAULT_TIMEZONE });
  } catch {
    throw new ConfigError(`Invalid configuration:\n  DEFAULT_TIMEZONE: not an IANA time zone (got "${raw.DEFAULT_TIMEZONE}")`);
  }
  return {
    ...raw,
    accessTokenTtlSeconds: Math.floor(durationMs(raw.ACCESS_TOKEN_TTL) / 1000),
    sessionTtlSeconds: Math.floor(durationMs(raw.SESSION_TTL) / 1000),
    rateLimitWindowMs: durationMs(raw.RATE_LIMIT_WINDOW),
    corsOrigins: raw.CORS_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean),
  };
}
