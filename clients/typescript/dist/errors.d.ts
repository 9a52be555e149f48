/** The service's error body, as every non-2xx JSON answer carries it. */
export interface ErrorBody {
    success: false;
    message: string;
    code: string;
    errors?: Record<string, string[]>;
    request_id?: string;
}
export declare class ApiError extends Error {
    readonly status: number;
    readonly code: string;
    /** Per-field messages (422), keyed by the field's name as sent. */
    readonly fields: Record<string, string[]>;
    readonly requestId: string | undefined;
    readonly body: unknown;
    constructor(status: number, body: unknown);
}
export declare function isErrorBody(body: unknown): body is ErrorBody;
/** The shape of what every openapi-fetch call resolves with. */
export type FetchResult<D, E> = {
    data: D;
    error?: never;
    response: Response;
} | {
    data?: never;
    error: E;
    response: Response;
};
/** The data of a successful call; throws ApiError (status, code, field messages) otherwise. */
export declare function unwrap<D, E>(result: FetchResult<D, E>): NonNullable<D>;
