// Every error answer of the service has one body (components.schemas.ErrorBody): a human message,
// a stable code, per-field messages on 422 and the request id on 500. `unwrap` turns an
// openapi-fetch result into its data or an ApiError carrying those members.

/** The service's error body, as every non-2xx JSON answer carries it. */
export interface ErrorBody {
  success: false;
  message: string;
  code: string;
  errors?: Record<string, string[]>;
  request_id?: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** Per-field messages (422), keyed by the field's name as sent. */
  readonly fields: Record<string, string[]>;
  readonly requestId: string | undefined;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    const e = isErrorBody(body) ? body : undefined;
    super(e ? `${status} ${e.code}: ${e.message}` : `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = e?.code ?? `HTTP_${status}`;
    this.fields = e?.errors ?? {};
    this.requestId = e?.request_id;
    this.body = body;
  }
}

export function isErrorBody(body: unknown): body is ErrorBody {
  const b = body as Partial<ErrorBody> | null;
  return (
    typeof b === 'object' &&
    b !== null &&
    b.success === false &&
    typeof b.code === 'string' &&
    typeof b.message === 'string'
  );
}

/** The shape of what every openapi-fetch call resolves with. */
export type FetchResult<D, E> =
  | { data: D; error?: never; response: Response }
  | { data?: never; error: E; response: Response };

/** The data of a successful call; throws ApiError (status, code, field messages) otherwise. */
export function unwrap<D, E>(result: FetchResult<D, E>): NonNullable<D> {
  if (result.error !== undefined || !result.response.ok) throw new ApiError(result.response.status, result.error);
  return result.data as NonNullable<D>;
}
