// The services every module may reach through Deps, in the modules' own words: the session
// store and tokens of the auth module, one-time secrets, the outbox, the listing change feed
// and the registry where a module keeps its own long-lived objects (its caches). The wiring
// (container.ts) supplies the implementations; modules see only these shapes, so none of them
// depends on another module's classes to receive its dependencies.
import type { AuthUser, UnconfirmedCaller } from './caller.ts';

export interface StartedSession {
  token: string;
  jti: string;
  /** Access token expiry, seconds since the epoch. */
  exp: number;
  session: { id: string; userId: number; expiresAt: Date };
}

/** Server-side sessions: start one, turn a token into the caller, revoke at once on every instance. */
export interface Sessions {
  start(
    user: { id: number; role: string },
    loginType: string,
    meta?: { ip?: string; userAgent?: string },
  ): Promise<StartedSession>;
  /** Verifies the token and that its session is live and its account active (401 otherwise). */
  authenticate(token: string): Promise<AuthUser>;
  /**
   * The token verified now; its session too when it is fresh in the cache (an AuthUser), else
   * left to the use case (an UnconfirmedCaller, whose `confirm` is `authenticate`).
   */
  authenticateLater(token: string): AuthUser | UnconfirmedCaller;
  revoke(sessionId: string, reason: string): Promise<void>;
  revokeAllForUser(userId: number, reason: string, exceptSessionId?: string): Promise<void>;
  /** Tells every instance these sessions are gone (their sockets close, their cached state drops). */
  broadcastRevoked(sessionIds: string[]): Promise<void>;
  /** Tells every instance a user's role or status changed (cached session state is re-read). */
  broadcastUserChanged(userId: number): Promise<void>;
  onRevoked(handler: (sessionIds: string[]) => void): () => void;
  close(): void;
}

export interface AccessClaims {
  sub: string;
  role: string;
  sid: string;
  jti: string;
  exp: number;
  iat: number;
}

/** Access tokens (signed, short-lived) naming a session. */
export interface Tokens {
  sign(input: {
    userId: number;
    role: string;
    sessionId: string;
    now: Date;
    sessionExpiresAt: Date;
  }): Promise<{ token: string; jti: string; exp: number }>;
  /** The claims of a valid token; 401 (TOKEN_INVALID / TOKEN_EXPIRED) otherwise. */
  verifySync(token: string, now: Date): AccessClaims;
}

export type SecretPurpose =
  | 'email_verification'
  | 'password_reset'
  | 'reset_token'
  | 'initial_password'
  | 'email_change_undo';

/** Codes and tokens mailed to users, kept only as keyed hashes. */
export interface OneTimeSecrets {
  newCode(): string;
  newToken(): string;
  hashCode(purpose: SecretPurpose, userId: number, code: string): string;
  hashToken(purpose: SecretPurpose, token: string): string;
  /** Constant-time comparison of two hashes. */
  same(a: string, b: string): boolean;
  /** A keyed signature of a link's claims: a signed link needs no stored row (reservation pages). */
  signLink(claims: string): string;
}

/** Publishes committed outbox events (the relay). */
export interface Outbox {
  /** Asks for a drain soon; resolves with what it published. */
  kick(): Promise<number>;
  /** Publishes what is committed and unpublished now. */
  drain(): Promise<number>;
  /** Resolves when no drain is running. */
  idle(): Promise<void>;
}

/**
 * What changed about a listing: 'listing' (anything may have) or 'nights' (only booked counts:
 * a reservation was made, moved, cancelled or expired).
 */
export type ChangeScope = 'listing' | 'nights';

/**
 * The nights a booking of a listing sold whole took (YYYY-MM-DD), each now full. Bookings only
 * add booked nights, so a cache may add these to what it keeps, in any order, instead of
 * forgetting it; every other change of nights (a move, a cancellation, an expiry) is forgotten.
 */
export interface NightsTaken {
  nights: readonly string[];
}

/**
 * Listing change events, on this instance at once and on every other one through the event bus.
 * Whatever changes a listing says so here; whatever keeps something about a listing (the detail,
 * price and card caches) listens, so neither side knows the other.
 */
export interface ListingChanges {
  /**
   * Announces a change (after its commit); resolves once local listeners ran and the bus has it.
   * `taken`: the nights a booking of a listing sold whole took, for this instance's listeners.
   */
  changed(propertyId: number, scope?: ChangeScope, taken?: NightsTaken): Promise<void>;
  /** Called synchronously for every change, local or from another instance (which carries no `taken`). */
  onChange(listener: (propertyId: number, scope: ChangeScope, taken?: NightsTaken) => void): () => void;
  /** Taken before reading what will be kept; a later `changedSince` says whether it went stale. */
  stamp(): number;
  /** Whether the listing changed in `scope` (a 'listing' change includes 'nights') since the stamp. */
  changedSince(propertyId: number, stamp: number, scope: ChangeScope): boolean;
}

/**
 * Long-lived objects a module keeps per running app (its caches), made on first use from Deps
 * and closed with the app. Keys are the module's own, so no other module can reach them.
 */
export interface ModuleServices {
  get<T>(key: symbol, create: () => T, close?: (value: T) => void): T;
}

export type MetricLabels = Record<string, string>;

/** A figure that only goes up (runs, failures, refusals). */
export interface MetricCounter {
  inc(labels?: MetricLabels, by?: number): void;
}

/** A figure read as it is now (a count, a size, an age). */
export interface MetricGauge {
  set(labels: MetricLabels, value: number): void;
  set(value: number): void;
}

/**
 * The service's metrics (GET /metrics, Prometheus text format). Modules and jobs register their
 * figures here; the platform serves them. When metrics are not served (neither METRICS_TOKEN nor
 * METRICS_PORT set) every call does nothing, so a figure costs nothing where nobody reads it.
 */
export interface Metrics {
  counter(name: string, help: string, labelNames?: readonly string[]): MetricCounter;
  gauge(name: string, help: string, labelNames?: readonly string[]): MetricGauge;
  /**
   * Runs before every scrape, to set gauges from what is true now (a COUNT in the database, the
   * connections held). A failure is logged and leaves the previous figures; the scrape answers.
   */
  beforeScrape(collect: () => void | Promise<void>): void;
}
