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
  login:
    'type (default client) decides which roles may log in: client → client, owner; admin → admin, owner; support → support, admin. ' +
    'At most 10 failures per account and per IP in 15 minutes, then 429 with Retry-After (even with the right password). An ' +
    "account's count is one whichever identifier names it (e-mail or username, any case); a login that names no account is " +
    'counted by itself the same way, so the answers do not tell whether it exists. ' +
    'Also sets the session cookie named by type and current_token_type.',
};
