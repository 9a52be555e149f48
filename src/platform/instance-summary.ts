// The start-up line: what this instance runs on, so an operator reading one log line knows which
// database, bus, mailer, processor and store it uses, and where its docs are. Names servers, never
// credentials (URLs are shown as host:port, never with their user's password).
import type { AddressInfo } from 'node:net';
import type { Config } from '../config.ts';

/** Where the JWT signing key came from: configured, read from DATA_DIR, or generated at this start. */
export type JwtSecretOrigin = 'configured' | 'file' | 'generated';

export interface InstanceSummary {
  /** For JSON logs: one field per part. */
  fields: Record<string, string>;
  /** For people: the same in one sentence. */
  text: string;
}

/** host:port of a server URL, without its credentials. */
function server(url: string, defaultPort: number): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || defaultPort}`;
}

/** The URL a person on this machine can open: a wildcard address becomes loopback. */
export function browsableUrl(address: AddressInfo | string | null): string | null {
  if (!address || typeof address === 'string') return null;
  const host =
    address.address === '0.0.0.0' || address.address === '::'
      ? '127.0.0.1'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
  return `http://${host}:${address.port}`;
}

export function describeInstance(
  config: Config,
  facts: { address: AddressInfo | string | null; jwtSecret: JwtSecretOrigin; metricsUrl?: string | null },
): InstanceSummary {
  const url = browsableUrl(facts.address) ?? config.PUBLIC_BASE_URL;
  const addr = facts.address && typeof facts.address !== 'string' ? facts.address : null;
  const dataDir = config.DATA_DIR;
  let database = `PGlite in ${dataDir}/pgdata`;
  if (config.DATABASE_URL) {
    const u = new URL(config.DATABASE_URL);
    database = `PostgreSQL at ${server(config.DATABASE_URL, 5432)}, database ${decodeURIComponent(u.pathname.slice(1)) || '(default)'}`;
    if (config.DATABASE_POOLER === 'transaction') database += ' through a transaction pooler';
    if (config.DATABASE_READ_URL)
      database += `, public reads from the replica at ${server(config.DATABASE_READ_URL, 5432)}`;
  }
  const storage =
    config.STORAGE === 's3'
      ? `S3 bucket ${config.S3_BUCKET} at ${config.S3_ENDPOINT ? new URL(config.S3_ENDPOINT).origin : `AWS ${config.S3_REGION ?? ''}`.trim()}`
      : `disk in ${dataDir}/files`;
  const rotation = config.jwtSecrets.length
    ? ` (access tokens: the first of ${config.jwtSecrets.length} JWT_SECRETS keys)`
    : '';
  const jwt =
    {
      configured: 'from JWT_SECRET',
      file: `kept in ${dataDir}/jwt-secret`,
      generated: `generated now, kept in ${dataDir}/jwt-secret`,
    }[facts.jwtSecret] + rotation;
  const metrics =
    [
      config.METRICS_TOKEN ? `${url}/metrics (bearer token)` : '',
      facts.metricsUrl ?? (config.METRICS_PORT !== undefined ? `port ${config.METRICS_PORT}` : ''),
    ]
      .filter(Boolean)
      .join(' and ') || 'off';
  const fields: Record<string, string> = {
    listening: addr
      ? `${addr.family === 'IPv6' ? `[${addr.address}]` : addr.address}:${addr.port}`
      : String(facts.address ?? ''),
    docs: `${url}/docs`,
    public_base_url: config.PUBLIC_BASE_URL,
    database,
    redis: config.REDIS_URL
      ? `Redis at ${server(config.REDIS_URL, 6379)}`
      : 'none (in-memory bus and limits: one instance)',
    mail: config.SMTP_URL
      ? `SMTP at ${server(config.SMTP_URL, 25)}`
      : 'outbox (kept in the database and logged, not sent)',
    payments:
      config.PAYMENT_PROCESSOR === 'stripe'
        ? `Stripe${config.STRIPE_API_BASE ? ` at ${new URL(config.STRIPE_API_BASE).origin}` : ''}`
        : 'local checkout (built in, no money moves)',
    storage,
    jwt_secret: jwt,
    channel_manager: config.CHANNEL_MANAGER,
    jobs: config.JOBS_ENABLED ? 'on' : 'off',
    metrics,
    node: process.version,
  };
  const text =
    `listening on ${fields.listening}, docs at ${fields.docs}` +
    (config.PUBLIC_BASE_URL !== url ? ` (public address ${config.PUBLIC_BASE_URL})` : '') +
    `; database: ${database}; Redis: ${fields.redis}; mail: ${fields.mail}; payments: ${fields.payments}; storage: ${storage}` +
    `; JWT secret ${jwt}; metrics: ${metrics}; jobs ${fields.jobs}; Node ${process.version}`;
  return { fields, text };
}
