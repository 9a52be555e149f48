import { pino, type Logger } from 'pino';

/** Secrets that must never reach a log line, wherever they appear. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.password_confirmation',
  '*.current_password',
  '*.token',
  '*.newToken',
  '*.reset_token',
  '*.id_token',
  '*.access_token',
  '*.passwordHash',
  '*.secret',
];

export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  return pino({ level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, destination as never);
}
