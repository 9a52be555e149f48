import { createRequire } from 'node:module';
import { pino, stdSerializers, type Logger } from 'pino';

/** Field names whose values must never reach a log line. */
export const SECRET_FIELDS = [
  'authorization',
  'Authorization',
  'cookie',
  'Cookie',
  'set-cookie',
  'password',
  'password_confirmation',
  'current_password',
  'new_password',
  'passwordHash',
  'password_hash',
  'token',
  'newToken',
  'refresh_token',
  'reset_token',
  'id_token',
  'access_token',
  'accessToken',
  'secret',
];

// Secrets are scrubbed when a line is written, by a formatter: pino's own `redact` also ran on
// every child logger's bindings (one per request), which cost a third of a bare request's CPU.
// Plain objects and arrays are copied, never changed; anything else (a request, a reply) is left
// to its serializer, and errors are scrubbed after pino's error serializer has flattened them.
const SECRET = new Set(SECRET_FIELDS.map((f) => f.toLowerCase()));
const MAX_DEPTH = 4;

export function scrub(value: unknown, depth = 0): unknown {
  if (!value || typeof value !== 'object' || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value))
    out[key] = SECRET.has(key.toLowerCase()) ? '[redacted]' : scrub(v, depth + 1);
  return out;
}

const requireHere = createRequire(import.meta.url);

/**
 * pino-pretty writing to `destination` (stdout by default), or null where it is not installed: it
 * is a dev dependency, so a production install logs JSON whatever the terminal.
 */
function prettyStream(destination: NodeJS.WritableStream | undefined): NodeJS.WritableStream | null {
  let pretty: (options: Record<string, unknown>) => NodeJS.WritableStream;
  try {
    pretty = requireHere('pino-pretty');
  } catch {
    return null;
  }
  // Synchronous, as pino's own stdout: the last lines before an exit are not lost. The start-up
  // line's `instance` fields repeat its message, for JSON readers only.
  return pretty({
    destination: destination ?? 1,
    sync: true,
    colorize: destination ? false : undefined,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,instance',
  });
}

/**
 * JSON lines (for log collectors), or human-readable ones when `pretty` (by default: when writing
 * to stdout and stdout is a terminal, that is a developer running the service by hand).
 */
export function createLogger(
  level: string,
  destination?: NodeJS.WritableStream,
  opts: { pretty?: boolean } = {},
): Logger {
  const err = (e: unknown) => scrub({ ...stdSerializers.err(e as Error) });
  const pretty = opts.pretty ?? (!destination && process.stdout.isTTY === true);
  const stream = (pretty && prettyStream(destination)) || destination;
  return pino(
    { level, formatters: { log: (obj) => scrub(obj) as Record<string, unknown> }, serializers: { err, error: err } },
    stream as never,
  );
}
