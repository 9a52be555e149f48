import type { Middleware } from 'openapi-fetch';
/** Where the access token lives (memory by default; a browser app may use sessionStorage). */
export interface TokenStore {
    get(): string | null;
    set(token: string | null): void;
}
export declare function memoryTokenStore(initial?: string | null): TokenStore;
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
export declare function decodeClaims(token: string): Claims;
export declare class TokenManager {
    private readonly baseUrl;
    private readonly fetchImpl;
    private readonly store;
    private readonly marginMs;
    private readonly now;
    private readonly options;
    /** When (client clock) the current token stops being worth using, and when to refresh it. */
    private expiresAt;
    private refreshAt;
    private pending;
    private recovering;
    private readonly listeners;
    constructor(baseUrl: string, options?: AuthOptions, fetchImpl?: typeof fetch);
    /** The token as stored (may be near its expiry). */
    get token(): string | null;
    /** Adopts a token (from a login, a refresh, or the app's own storage); null logs out locally. */
    setToken(token: string | null): void;
    /** Calls `listener` with every token adopted from now on; returns the unsubscribe function. */
    subscribe(listener: (token: string | null) => void): () => void;
    /**
     * Refreshes the token whenever it falls due even when no call is made (a page that only listens
     * on a stream or socket), until the returned function is called.
     */
    keepFresh(): () => void;
    /** Milliseconds until the current token is due for refresh (Infinity without one that expires). */
    msUntilRefresh(): number;
    private schedule;
    /**
     * A token fit to send now: the stored one, refreshed first if it is near its expiry, or the
     * one onSessionExpired supplies if it already expired. Null when there is none.
     */
    usable(): Promise<string | null>;
    /** Exchanges `token` for a new one (once per token, shared by concurrent callers). */
    refresh(token?: string | null): Promise<string | null>;
    private exchange;
    /** After a 401 for `sent`: a token refreshed meanwhile, else a new session from onSessionExpired, else null. */
    recover(sent: string | null): Promise<string | null>;
    /** openapi-fetch middleware: the Bearer header on every call, and one retry after a 401. */
    middleware(): Middleware;
}
export {};
