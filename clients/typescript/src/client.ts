// createStaysClient: the openapi-fetch client typed by the generated `paths`, with the access
// token (refresh ahead of expiry, one retry after a 401) and idempotency keys (with retries of the
// same key) as middleware, and login / logout that keep the token.
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './generated/schema.js';
import { TokenManager, type AuthOptions } from './auth.js';
import { idempotencyMiddleware, type RetryOptions } from './idempotency.js';
import { unwrap } from './errors.js';
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

export function createStaysClient(options: StaysClientOptions): StaysClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const auth = new TokenManager(baseUrl, options, fetchImpl);
  const api = createClient<paths>({ baseUrl, fetch: fetchImpl, headers: options.headers });
  // Order matters: the key is set first, so the copy the token middleware keeps for its retry has it.
  api.use(idempotencyMiddleware(options.retry), auth.middleware());
  return {
    api,
    auth,
    baseUrl,
    fetch: fetchImpl,
    async login(body) {
      const session = unwrap(await api.POST('/api/auth/login', { body })).data;
      auth.setToken(session.token);
      return session;
    },
    async logout() {
      try {
        if (auth.token) await api.POST('/api/user/logout');
      } finally {
        auth.setToken(null);
      }
    },
  };
}
