// Every error answer of the service has one body (components.schemas.ErrorBody): a human message,
// a stable code, per-field messages on 422 and the request id on 500. `unwrap` turns an
// openapi-fetch result into its data or an ApiError carrying those members.
export class ApiError extends Error {
    status;
    code;
    /** Per-field messages (422), keyed by the field's name as sent. */
    fields;
    requestId;
    body;
    constructor(status, body) {
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
export function isErrorBody(body) {
    const b = body;
    return (typeof b === 'object' &&
        b !== null &&
        b.success === false &&
        typeof b.code === 'string' &&
        typeof b.message === 'string');
}
/** The data of a successful call; throws ApiError (status, code, field messages) otherwise. */
export function unwrap(result) {
    if (result.error !== undefined || !result.response.ok)
        throw new ApiError(result.response.status, result.error);
    return result.data;
}
