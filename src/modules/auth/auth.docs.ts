// Operation descriptions of the auth routes that say more than a line (the OpenAPI document
// shows them; the routes stay short).

/** How a social sign-in links an account by its address (contract §3, §3b); both providers. */
export const SOCIAL_LINKING =
  'Linking by address is the proof the provider gives, the one a password reset asks for. An account whose address was never ' +
  'verified may have been opened by someone else, waiting for the owner to sign in: linking it removes its password and ends its ' +
  'sessions. An address held for the undo of an e-mail change (7 days) opens no new account: 409 EMAIL_TAKEN. No route links or ' +
  'unlinks a provider to a signed-in account; undoing an e-mail change removes both links (POST /user/undo-email-change).';

/** Operation descriptions that say more than a line, by operationId (the routes stay short). */
export const DESCRIPTIONS = {
  loginWithGoogle:
    "Verified against Google's JWKS (signature, audience, issuer, expiry). A verified e-mail links an existing account; otherwise a client account is created. 404 SOCIAL_PROVIDER_NOT_CONFIGURED when this deployment offers no Google sign-in (GOOGLE_CLIENT_ID unset); 503 while Google cannot be reached. " +
    SOCIAL_LINKING,
  loginWithFacebook:
    'Checked with the Graph API (debug_token for our app id, then /me). 404 SOCIAL_PROVIDER_NOT_CONFIGURED when this deployment offers no Facebook sign-in (app id or secret unset); 503 while the Graph API cannot be reached. A verified e-mail links an existing account; otherwise a client account is created. ' +
    SOCIAL_LINKING,
  login:
    'type (default client) decides which roles may log in: client → client, owner; admin → admin, owner; support → support, admin. ' +
    'At most 10 failures per account and per IP in 15 minutes, then 429 with Retry-After (even with the right password). An ' +
    "account's count is one whichever identifier names it (e-mail or username, any case); a login that names no account is " +
    'counted by itself the same way, so the answers do not tell whether it exists. ' +
    'Also sets the session cookie named by type and current_token_type.',
};
