// createStaysClient: the openapi-fetch client typed by the generated `paths`, with the access
// token (refresh ahead of expiry, one retry after a 401) and idempotency keys (with retries of the
// same key) as middleware, and login / logout that keep the token.
import createClient from 'openapi-fetch';
import { TokenManager } from './auth.js';
import { idempotencyMiddleware } from './idempotency.js';
import { unwrap } from './errors.js';
export function createStaysClient(options) {
    const baseUrl = options.baseUrl.replace(/\/+$/, '');
    const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    const auth = new TokenManager(baseUrl, options, fetchImpl);
    const api = createClient({ baseUrl, fetch: fetchImpl, headers: options.headers });
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
                if (auth.token)
                    await api.POST('/api/user/logout');
            }
            finally {
                auth.setToken(null);
            }
        },
    };
}
