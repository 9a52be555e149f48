// Tells a database that cannot be reached (stopped, restarting, network gone) from a query that
// failed on its own merits: the first is the service's momentary state and is answered 503 with
// Retry-After, the second stays a bug (500) or a domain error.

// SQLSTATE class 08 (connection exception) and the shutdown codes of class 57.
const UNAVAILABLE_SQLSTATES = new Set(['08000', '08001', '08003', '08004', '08006', '57P01', '57P02', '57P03']);
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTCONN',
  'EHOSTUNREACH',
  'ECONNABORTED',
]);
// node-postgres reports a dropped connection or an exhausted connect wait only in the message.
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

/** Whether `err`, or an error it wraps (drizzle wraps driver errors in `cause`), says the database is unreachable. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_ERRNOS.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}

// What refuses a start besides an unreachable server: an unknown host name, a refused login
// (SQLSTATE class 28), a database that does not exist (3D000), TLS refused either way.
const START_ERRNOS = new Set(['ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EADDRNOTAVAIL']);
const startCode = (code: unknown) =>
  typeof code === 'string' && (START_ERRNOS.has(code) || code.startsWith('28') || code === '3D000');

/**
 * Why DATABASE_URL could not be used at start, naming the server, database and user but never the
 * password; null when `err` is something else (a failing migration stays a stack trace).
 */
export function unreachableAtStart(err: unknown, url: string): string | null {
  const e = err as { code?: unknown; message?: unknown } | null;
  const tls = typeof e?.message === 'string' && /\bSSL\b|certificate/i.test(e.message);
  if (!isDatabaseUnavailable(err) && !startCode(e?.code) && !tls) return null;
  const u = new URL(url);
  const database = decodeURIComponent(u.pathname.replace(/^\//, '')) || '(default)';
  const user = decodeURIComponent(u.username) || '(default)';
  const why = [e?.code, e?.message].filter((p) => typeof p === 'string' && p).join(': ') || String(err);
  return `DATABASE_URL: cannot use PostgreSQL at ${u.hostname}:${u.port || 5432} (database "${database}", user "${user}"): ${why}`;
}
