// Who is calling: the roles of the service and the authenticated caller every use case checks
// permissions against (contract §3). Below every module, so any of them can name the caller
// without depending on the auth module that establishes it.

export type Role = 'admin' | 'support' | 'owner' | 'client';
export const ROLES: readonly Role[] = ['admin', 'support', 'owner', 'client'];

export interface AuthUser {
  id: number;
  role: Role;
  sessionId: string;
  loginType: string;
  sessionCreatedAt: Date;
  jti: string;
}

/**
 * A caller whose token is verified (signature, expiry) but whose session and account are not
 * read yet: on a route with `config.auth: 'deferred'`, when the session is not in the cache, the
 * use case checks them in its own transaction's first statement instead of a round trip of
 * their own (a booking). It must call `confirm`, the full check (401 when the session is not
 * live or the account not active), before giving any other answer.
 */
export interface UnconfirmedCaller {
  readonly id: number;
  readonly sessionId: string;
  /** The full check, run once whoever asks again (401 when the session is dead). */
  confirm(): Promise<AuthUser>;
  /** Whether the session was checked: by `confirm` (whatever it found) or `foundLive`. */
  readonly settled: boolean;
  /** The use case's own statement found the session live. */
  foundLive(): void;
}

/** Whether the session of this caller is still to be checked. */
export const isUnconfirmed = (c: AuthUser | UnconfirmedCaller): c is UnconfirmedCaller => 'confirm' in c;
