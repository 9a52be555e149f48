// Operation descriptions of the auth routes that say more than a line (the OpenAPI document
// shows them; the routes stay short).

/** How a social sign-in links an account by its address (contract §3, §3b); both providers. */
export const SOCIAL_LINKING =
  'Linking by address is the proof the provider gives, the one a password reset asks for. An account whose address was never ' +
  'verified may have been opened by someone else, waiting for the owner to sign in: linking it removes its password and ends its ' +
  'sessions. An address held for the undo of an e-mail change (7 days) opens no new account: 409 EMAIL_TAKEN. No route links or ' +
  'unlinks a provider to a signed-in account; undoing an e-mail change removes both links (POST /user/undo-email-change).';
