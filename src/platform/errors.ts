// One error type for the domain and one table from its codes to HTTP statuses.

export type FieldErrors = Record<string, string[]>;

const STATUS_BY_CODE = {
  BAD_REQUEST: 400,
  MALFORMED_JSON: 400,
  UNAUTHENTICATED: 401,
  TOKEN_INVALID: 401,
  TOKEN_EXPIRED: 401,
  SESSION_REVOKED: 401,
  TOKEN_ALREADY_REFRESHED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  LOGIN_TYPE_NOT_ALLOWED: 403,
  ACCOUNT_INACTIVE: 403,
  CSRF_REJECTED: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  CONFLICT: 409,
  DATES_UNAVAILABLE: 409,
  EMAIL_TAKEN: 409,
  USERNAME_TAKEN: 409,
  IDEMPOTENCY_IN_FLIGHT: 409,
  ALREADY_VERIFIED: 409,
  REQUEST_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION_FAILED: 422,
  INVALID_CODE: 422,
  INVALID_TOKEN: 422,
  IDEMPOTENCY_KEY_REUSED: 422,
  RATE_LIMITED: 429,
  HEADERS_TOO_LARGE: 431,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  SOCIAL_PROVIDER_UNAVAILABLE: 503,
  // A sign-in method this deployment does not offer: as if the route were not there.
  SOCIAL_PROVIDER_NOT_CONFIGURED: 404,
  // The channel manager: none configured (CHANNEL_MANAGER=none), it refused a value, it is unreachable.
  CHANNEL_NOT_CONFIGURED: 409,
  CHANNEL_REJECTED: 502,
  CHANNEL_UNAVAILABLE: 503,
  // An imported calendar URL that answered an error or nothing in time.
  CALENDAR_FETCH_FAILED: 502,
} as const;

export type ErrorCode = keyof typeof STATUS_BY_CODE;

export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldErrors,
    /** Extra response headers (Retry-After for 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.statusCode = STATUS_BY_CODE[code];
  }
}

export function statusOf(code: ErrorCode): number {
  return STATUS_BY_CODE[code];
}

/** A 422 naming one field: the common case of a rule the schema cannot express. */
export function invalidField(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { [field]: [message] });
}

export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'You are not allowed to do this') => new AppError('FORBIDDEN', message);
