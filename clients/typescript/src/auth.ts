// The access token: where it is kept, when it is refreshed, and what happens on a 401.
//
// The service refreshes only a live token (POST /api/auth/refresh with the token as Bearer; each
// token once), so waiting for the 401 of an expired token would be too late to refresh it. The
// client therefore refreshes ahead: a token is renewed once less than `refreshMarginSeconds` of its
// lifetime is left, the lifetime (exp − iat) being counted on the client's own clock from when the
// token arrived, so a client whose clock is off still refreshes in time. A 401 is then answered by
// retrying once with a token that another call refreshed meanwhile, or else with the one
// `onSessionExpired` supplies (typically by logging in again), and otherwise returned as is.
import type { Middleware } from 'openapi-fetch';

/** Where the access token lives (memory by default; a browser app may use sessionStorage). */
export interface TokenStore {
  get(): string | null;
  set(token: string | null): void;
}

export function memoryTokenStore(initial: string | null = null): TokenStore {
  let token = initial;
  return { get: () => token, set: (t) => void (token = t) };
}

export interface AuthOptions {
  store?: TokenStore;
  /** Refresh once less than this much of the token's lifetime is left (default 60 s). */
  refreshMarginSeconds?: number;
  /** The client's clock in ms (default Date.now); only differences of it are used. */
  now?: () => number;
  /**
   * Called when the session cannot be kept (the token expired, was revoked, or the refresh was
   * refused): return a new access token (log in again) or null to give up (the 401 is returned).
   */
  onSessionExpired?: () => Promise<string | null> | string | null;
  /** Called with every token the client adopts (after login, refresh, or onSessionExpired), and null when it drops one. */
  onToken?: (token: string | null) => void;
}

interface Claims {
  iat?: number;
  exp?: number;
}

/** The payload of a JWT, without checking it (the server does); {} for anything else. */
export function decodeClaims(token: string): Claims {
  const part = token.split('.')[1];
  if (!part) return {};
  try {
    const b64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const json = typeof atob === 'function' ? atob(b64) : '';
    const claims = JSON.parse(json) as Claims;
    return typeof claims === 'object' && claims !== null ? claims : {};
  } catch {
    return {};
  }
}

// Operations that take no access token, or whose 401 means wrong credentials, not a stale token.
const NO_TOKEN = new Set([
  '/api/auth/login',
  '/api/auth/refresh',
  '/api/auth/register',
  '/api/auth/register-owner',
  '/api/auth/google',
  '/api/auth/facebook',
  '/api/auth/set-initial-password',
]);

export class TokenManager {
  private readonly store: TokenStore;
  private readonly marginMs: number;
  private readonly now: () => number;
  private readonly options: AuthOptions;
  /** When (client clock) the current token stops being worth using, and when to refresh it. */
  private expiresAt = Infinity;
  private refreshAt = Infinity;
  private pending: Promise<string | null> | null = null;
  private recovering: Promise<string | null> | null = null;
  private readonly listeners = new Set<(token: string | null) => void>();

  constructor(
    private readonly baseUrl: string,
    options: AuthOptions = {},
    private readonly fetchImpl: typeof fetch = (...a) => globalThis.fetch(...a),
  ) {
    this.options = options;
    this.store = options.store ?? memoryTokenStore();
    this.marginMs = (options.refreshMarginSeconds ?? 60) * 1000;
    this.now = options.now ?? Date.now;
    const initial = this.store.get();
    if (initial) this.schedule(initial);
  }

  /** The token as stored (may be near its expiry). */
  get token(): string | null {
    return this.store.get();
  }

  /** Adopts a token (from a login, a refresh, or the app's own storage); null logs out locally. */
  setToken(token: string | null): void {
    this.store.set(token);
    if (token) this.schedule(token);
    else this.expiresAt = this.refreshAt = Infinity;
    this.options.onToken?.(token);
    for (const l of this.listeners) l(token);
  }

  /** Calls `listener` with every token adopted from now on; returns the unsubscribe function. */
  subscribe(listener: (token: string | null) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /**
   * Refreshes the token whenever it falls due even when no call is made (a page that only listens
   * on a stream or socket), until the returned function is called.
   */
  keepFresh(): () => void {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let active = true;
    const plan = (retrying = false) => {
      clearTimeout(timer);
      const ms = this.msUntilRefresh();
      if (!active || !Number.isFinite(ms)) return;
      // After a refresh that failed the token is due at once: a second between attempts then.
      timer = setTimeout(
        async () => {
          if (this.msUntilRefresh() > 0) return plan(); // a timer may fire a little early
          const before = this.store.get();
          await this.usable().catch(() => null);
          if (this.store.get() === before) plan(true); // a new token re-plans through the subscription
        },
        Math.min(retrying ? Math.max(ms, 1000) : ms + 1, 2 ** 31 - 1),
      );
    };
    const unsubscribe = this.subscribe(() => plan());
    plan();
    return () => {
      active = false;
      clearTimeout(timer);
      unsubscribe();
    };
  }

  /** Milliseconds until the current token is due for refresh (Infinity without one that expires). */
  msUntilRefresh(): number {
    return this.store.get() ? Math.max(0, this.refreshAt - this.now()) : Infinity;
  }

  private schedule(token: string) {
    const { iat, exp } = decodeClaims(token);
    if (typeof exp !== 'number') {
      this.expiresAt = this.refreshAt = Infinity;
      return;
    }
    // Lifetime from the token's own claims, counted from now on our clock: a skewed clock does not matter.
    const lifetimeMs = (exp - (typeof iat === 'number' ? iat : Math.floor(this.now() / 1000))) * 1000;
    const start = this.now();
    this.expiresAt = start + lifetimeMs;
    this.refreshAt = start + Math.max(lifetimeMs - this.marginMs, lifetimeMs / 2);
  }

  /**
   * A token fit to send now: the stored one, refreshed first if it is near its expiry, or the
   * one onSessionExpired supplies if it already expired. Null when there is none.
   */
  async usable(): Promise<string | null> {
    const token = this.store.get();
    if (!token) return null;
    const t = this.now();
    if (t >= this.expiresAt) return this.recover(token);
    if (t >= this.refreshAt) return (await this.refresh(token)) ?? this.recover(token);
    return token;
  }

  /** Exchanges `token` for a new one (once per token, shared by concurrent callers). */
  refresh(token = this.store.get()): Promise<string | null> {
    if (!token) return Promise.resolve(null);
    this.pending ??= this.exchange(token).finally(() => (this.pending = null));
    return this.pending;
  }

  private async exchange(token: string): Promise<string | null> {
    if (this.store.get() !== token) return this.store.get();
    let res: Response;
    try {
      res = await this.fetchImpl(`${this.baseUrl}/api/auth/refresh`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
    } catch {
      return null;
    }
    if (!res.ok) return null;
    const body = (await res.json()) as { data?: { newToken?: string } };
    const next = body.data?.newToken ?? null;
    if (next && this.store.get() === token) this.setToken(next);
    return next;
  }

  /** After a 401 for `sent`: a token refreshed meanwhile, else a new session from onSessionExpired, else null. */
  async recover(sent: string | null): Promise<string | null> {
    const current = this.store.get();
    if (current && current !== sent) return current;
    this.recovering ??= (async () => {
      const next = (await this.options.onSessionExpired?.()) ?? null;
      this.setToken(next);
      return next;
    })().finally(() => (this.recovering = null));
    return this.recovering;
  }

  /** openapi-fetch middleware: the Bearer header on every call, and one retry after a 401. */
  middleware(): Middleware {
    const sent = new Map<string, { retry: Request; token: string | null }>();
    return {
      onRequest: async ({ request, schemaPath, id }) => {
        if (NO_TOKEN.has(schemaPath) || request.headers.has('authorization')) return undefined;
        const token = await this.usable();
        if (token) request.headers.set('authorization', `Bearer ${token}`);
        // Kept to be sent again after a 401 (a request's body can be read only once).
        sent.set(id, { retry: request.clone(), token });
        return request;
      },
      onResponse: async ({ response, id, options }) => {
        const first = sent.get(id);
        sent.delete(id);
        if (!first || response.status !== 401) return undefined;
        const token = await this.recover(first.token);
        if (!token) return undefined;
        first.retry.headers.set('authorization', `Bearer ${token}`);
        return options.fetch(first.retry);
      },
      onError: ({ id }) => {
        sent.delete(id);
        return undefined;
      },
    };
  }
}
