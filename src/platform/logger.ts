import { pino, type Logger } from 'pino';

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

// pino's redaction has no "any depth" wildcard, and `*.password` alone missed a top-level
// `{ password }` and `{ req: { body: { password } } }`; so each field is listed at the top
// level and up to three levels down (headers, bodies and error objects sit within that).
const MAX_DEPTH = 3;
export const REDACT_PATHS = SECRET_FIELDS.flatMap((field) => {
  const seg = /^[A-Za-z_$][\w$]*$/.test(field) ? field : `["${field}"]`;
  return Array.from({ length: MAX_DEPTH + 1 }, (_, depth) => {
    const prefix = '*.'.repeat(depth);
    return seg.startsWith('[') ? `${prefix.slice(0, -1)}${seg}` : `${prefix}${seg}`;
  });
});

export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  return pino({ level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, destination as never);
}
