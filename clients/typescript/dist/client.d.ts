import { type Client } from 'openapi-fetch';
import type { paths } from './generated/schema.js';
import { TokenManager, type AuthOptions } from './auth.js';
import { type RetryOptions } from './idempotency.js';
import type { RequestBody, ResponseData } from './types.js';
export type StaysApi = Client<paths>;
export interface StaysClientOptions extends AuthOptions {
    /** The service's origin, e.g. https://stays.example.com (paths already start with /api). */
    baseUrl: string;
    /** A fetch of your own (tests, proxies); globalThis.fetch by default. */
    fetch?: typeof fetch;
    /** Retries of idempotent operations (bookings, payments) after a lost answer or a 502/503/504. */
    retry?: RetryOptions;
    /** Headers sent with every call (Accept-Language, …). */
    headers?: Record<string, string>;
}
type LoginBody = RequestBody<'/api/auth/login', 'post'>;
type Session = ResponseData<'/api/auth/login', 'post'>;
export interface StaysClient {
    /** Every operation of the document: api.GET('/api/properties/{id}', { params: { path: { id } } }). */
    api: StaysApi;
    auth: TokenManager;
    baseUrl: string;
    fetch: typeof fetch;
    /** POST /api/auth/login; keeps the token. Throws ApiError when refused. */
    login(body: LoginBody): Promise<Session>;
    /** POST /api/user/logout, then forgets the token (also when the call fails). */
    logout(): Promise<void>;
}
export declare function createStaysClient(options: StaysClientOptions): StaysClient;
export {};
