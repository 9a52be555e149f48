export interface paths {
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The process is up (no dependency checked) */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The database answers and the instance is not shutting down: 200, else 503 (take the instance out of the load balancer)
         * @description Answers 503 in this shape, with Retry-After, also when the instance is overloaded ({"status":"overloaded"}) or draining ({"status":"draining"}), where other routes answer the error envelope.
         */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/checkout/{sessionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Hosted checkout page (local processor)
         * @description Only with PAYMENT_PROCESSOR=local: the page a checkout session's url points to. Shows the booking (description, reference, property, dates), the amount in the currency's decimals and the currency, and Pay / Cancel forms. HTML, no script; no-store; 404 unknown session, 410 expired, 200 "already paid" page with a link to the success URL.
         */
        get: operations["getCheckoutPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/checkout/{sessionId}/pay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pay a hosted checkout (local processor)
         * @description The Pay form. Pays an open, unexpired session exactly once (one conditional write): the session becomes complete and paid with a payment_intent pi_local_…, the service is told in-process, and the guest is redirected (303) to success_url with {CHECKOUT_SESSION_ID} replaced (or a session_id parameter added). Already paid → 409 page with a link to the success URL; expired → 410; wrong or missing form token → 403; unknown → 404. Example: replace the page fills this form itself, then send it without a token.
         */
        post: operations["payCheckout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/checkout/{sessionId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Leave a hosted checkout (local processor)
         * @description The Cancel form: redirects (303) to cancel_url with the session id ({CHECKOUT_SESSION_ID} replaced, or a session_id parameter). The session stays open until it expires, so the guest may come back and pay. 403 wrong form token, 404 unknown. Example: replace the page fills this form itself, then send it without a token.
         */
        post: operations["cancelCheckout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payments/success": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Page the guest returns to after paying (default success URL)
         * @description Confirms the session exactly as GET /api/subscription-payment/verify does, then shows the outcome. Unknown session → 404 page.
         */
        get: operations["showPaymentSuccessPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payments/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Page the guest returns to after cancelling the checkout (default cancel URL)
         * @description Nothing is charged; the reservation stays pending until its hold expires, and can still be paid.
         */
        get: operations["showPaymentCancelPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reservations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The reservation page (the default link of the booking e-mails and the result pages)
         * @description HTML in the reader’s language: the booking, its status, what is owed, and the pay and cancel forms the reader may use. Reader: `access` (the signed link of a mail or result page) or the session cookie. No credential → 401 page; a link not for this reservation, expired, or of a deactivated account → 404 page. Opening it changes nothing.
         */
        get: operations["getReservationPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reservations/{id}/pay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The reservation page, from a "pay" link (the default CLIENT_PAYMENT_PATH)
         * @description HTML in the reader’s language: the booking, its status, what is owed, and the pay and cancel forms the reader may use. Reader: `access` (the signed link of a mail or result page) or the session cookie. No credential → 401 page; a link not for this reservation, expired, or of a deactivated account → 404 page. Opening it changes nothing.
         */
        get: operations["getReservationPayPage"];
        put?: never;
        /**
         * Pay what is owed, from the reservation page
         * @description Runs the use case of POST /api/payments/process (the guest only) and redirects (303) to the hosted checkout. Authenticated by the form’s signed `access` only, never by a cookie alone (no cross-site posts). Refusals as pages: 404, 403, 409. Example: replace the page fills this form itself, then send it without a token.
         */
        post: operations["submitReservationPayForm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reservations/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel the reservation, from its page
         * @description Runs the use case of POST /api/reservations/{id}/cancel and answers the page as it is now. Authenticated by the form’s signed `access` only, never by a cookie alone (no cross-site posts). Refusals as pages: 404, 403, 409. Example: replace the page fills this form itself, then send it without a token.
         */
        post: operations["submitReservationCancelForm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/set-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Page to choose the first password (the default link of the staff invitation e-mail)
         * @description A form posting to POST /set-password with the token of the link. CLIENT_SET_PASSWORD_PATH points the e-mail elsewhere.
         */
        get: operations["getSetPasswordPage"];
        put?: never;
        /**
         * Set the first password from the page
         * @description Runs the use case of POST /api/auth/set-initial-password. 200 done page; 422 the form again with what to fix. Example: replace the page fills this form itself, then send it without a token.
         */
        post: operations["submitSetPasswordForm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Page to reset a password with the e-mailed code (the default link of the reset e-mail)
         * @description A form posting to POST /reset-password. CLIENT_PASSWORD_RESET_PATH points the e-mail elsewhere.
         */
        get: operations["getResetPasswordPage"];
        put?: never;
        /**
         * Reset the password from the page
         * @description Runs POST /api/password_reset/verify then /reset: the code is used once; every session of the account ends. 200 done page; 422 the form again. Example: replace code: the 6-digit code from the e-mail, then send it without a token.
         */
        post: operations["submitResetPasswordForm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Home page (the default CLIENT_APP_URL of the mails’ home links)
         * @description A short HTML page in the language of Accept-Language (English or French), linking to /docs.
         */
        get: operations["getHomePage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/undo-email-change": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Page to undo an e-mail change (the default link of the mail to the old address)
         * @description Shows what undoing does and a button posting to POST /undo-email-change; opening it changes nothing. CLIENT_UNDO_EMAIL_CHANGE_PATH points the e-mail elsewhere.
         */
        get: operations["getUndoEmailChangePage"];
        put?: never;
        /**
         * Undo the e-mail change from the page
         * @description Runs the use case of POST /api/user/undo-email-change. 200 done page (with a link to choose a new password); 422 the form again with what went wrong (a used or expired link). Example: replace the page fills this form itself, then send it without a token.
         */
        post: operations["submitUndoEmailChangeForm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log in with e-mail or username and password
         * @description type (default client) decides which roles may log in: client → client, owner; admin → admin, owner; support → support, admin. At most 10 failures per account and per IP in 15 minutes, then 429 with Retry-After (even with the right password). An account's count is one whichever identifier names it (e-mail or username, any case); a login that names no account is counted by itself the same way, so the answers do not tell whether it exists. Also sets the session cookie named by type and current_token_type. Example: send it as it is without a token, on the data of a fresh npm run seed:demo.
         */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange the current token for a new one (no body)
         * @description Authenticates only with Authorization: Bearer. Each token can be refreshed once; a second refresh is 401, and one more than 60 s after the first ends the session.
         */
        post: operations["refreshToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who the current token belongs to (no error without one)
         * @description Not in the interface spec: lets a client check its token without side effects. Answers authenticated=false without a token; 401 for an invalid, expired or revoked one.
         */
        get: operations["getSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End the current session and clear the session cookies */
        post: operations["logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register a traveller account; a 6-digit code is e-mailed
         * @description Example: send it as it is without a token, on the data of a fresh npm run seed:demo.
         */
        post: operations["registerTraveller"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/register-owner": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register an owner account (owner role granted when support approves the KYC application)
         * @description Example: send it as it is without a token, on the data of a fresh npm run seed:demo.
         */
        post: operations["registerOwner"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/verify-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify the e-mail address with the 6-digit code (5 attempts, single use)
         * @description Example: replace code: the 6-digit code from the e-mail, then send it without a token.
         */
        post: operations["verifyEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/resend-verification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a new verification code (same answer whether or not the address exists)
         * @description Example: send it as it is without a token, on the data of a fresh npm run seed:demo.
         */
        post: operations["resendVerificationCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/check-account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether an account exists for an e-mail or username */
        get: operations["checkAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/set-initial-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set the first password of an account created by an admin (single-use token from the e-mail); logs in
         * @description Example: replace token: the one in the invitation e-mail, then send it without a token.
         */
        post: operations["setInitialPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/password_reset/request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * E-mail a 6-digit reset code (same answer whether or not the address exists)
         * @description Example: send it as it is without a token, on the data of a fresh npm run seed:demo.
         */
        post: operations["requestPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/password_reset/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Trade the code (15 min, 5 attempts, single use) for a reset token
         * @description Example: replace code: the 6-digit code from the e-mail, then send it without a token.
         */
        post: operations["verifyPasswordResetCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/password_reset/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a new password with the reset token; ends every session of the account
         * @description Example: replace reset_token: the one verifyPasswordResetCode answered, then send it without a token.
         */
        post: operations["resetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/google": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with a Google ID token
         * @description Verified against Google's JWKS (signature, audience, issuer, expiry). A verified e-mail links an existing account; otherwise a client account is created. 404 SOCIAL_PROVIDER_NOT_CONFIGURED when this deployment offers no Google sign-in (GOOGLE_CLIENT_ID unset); 503 while Google cannot be reached. Linking by address is the proof the provider gives, the one a password reset asks for. An account whose address was never verified may have been opened by someone else, waiting for the owner to sign in: linking it removes its password and ends its sessions. An address held for the undo of an e-mail change (7 days) opens no new account: 409 EMAIL_TAKEN. No route links or unlinks a provider to a signed-in account; undoing an e-mail change removes both links (POST /user/undo-email-change). Example: replace id_token: one Google Sign-In gave your app, then send it without a token.
         */
        post: operations["loginWithGoogle"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/facebook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with a Facebook access token
         * @description Checked with the Graph API (debug_token for our app id, then /me). 404 SOCIAL_PROVIDER_NOT_CONFIGURED when this deployment offers no Facebook sign-in (app id or secret unset); 503 while the Graph API cannot be reached. A verified e-mail links an existing account; otherwise a client account is created. Linking by address is the proof the provider gives, the one a password reset asks for. An account whose address was never verified may have been opened by someone else, waiting for the owner to sign in: linking it removes its password and ends its sessions. An address held for the undo of an e-mail change (7 days) opens no new account: 409 EMAIL_TAKEN. No route links or unlinks a provider to a signed-in account; undoing an e-mail change removes both links (POST /user/undo-email-change). Example: replace access_token: one Facebook Login gave your app, then send it without a token.
         */
        post: operations["loginWithFacebook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Audit trail of support and admin actions (newest first) */
        get: operations["listAuditEntries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's flat profile */
        get: operations["getProfile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Update a profile (multipart/form-data or JSON)
         * @description Only the fields sent change; unknown fields are ignored, role is refused (403). user_id and is_active are for admin/support (403 for others, and nothing changes); support may change travellers and owners only, admin anyone; unknown or deleted user_id → 404. user_type, company_name, id_type, id_number and id_expiry_date are locked for the applicant while their owner request is pending or approved (409 when a value would change; sending the same value is fine); admin/support may still correct them. Credentials (contract §3b): changing email, phone or password needs the caller's own current_password; a caller whose account has no password (social sign-in only, staff before their first password) needs a login within the last 10 minutes instead. Missing or wrong → 403 FORBIDDEN with errors.current_password, and nothing changes; wrong passwords count with the account's failed logins (429 past 10 in 15 minutes). The proof is always the caller's: admin and support changing another account's e-mail or phone prove their own credential; nobody changes another account's password (403). current_password, when sent by an account that has a password, is checked even with no credential in the change. A new e-mail must be unique (409; an address another account may still take back with its undo link counts as taken), loses its verification and gets a new code by e-mail. The old address is mailed a notice with a link that undoes the change for 7 days (POST /user/undo-email-change). A new password or a new address ends every other session of the account at once, keeping the caller's (when staff change another account's address, every session of that account ends). The avatar (see its field: re-encoded, metadata dropped, 422 over the pixel limit) is stored under a generated name once every check has passed; the profile avatar becomes /api/user/avatars/<name> and the file it replaces is deleted after the change. Every change by admin/support to another account is written to the audit trail (changed members only, never password hashes). A field, or the name of a file sent under it, holding text PostgreSQL cannot store (a NUL character, an unpaired surrogate) is 422 naming that field. A request refused or failing at any step keeps no file: files are written only after every check, and removed again when anything after the write fails. Example: send it as it is as traveller@demo.stays.test (password demo-traveller-pass, login type client), on the data of a fresh npm run seed:demo.
         */
        put: operations["updateProfile"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/undo-email-change": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Undo an e-mail change with the link mailed to the old address (no authentication)
         * @description For a client app with its own page behind CLIENT_UNDO_EMAIL_CHANGE_PATH; by default the link opens /undo-email-change, a page this service serves that runs the same use case. The token is single-use and lives 7 days; invalid, expired or used → 422 INVALID_TOKEN naming token. Undoing gives the account its old address back, verified as it was, retires the pending undos of later changes, ends every session, and removes the password and the Google and Facebook links (whoever made the change knew the password and may have linked a provider account of theirs): the person sets a new password with password reset to the restored address, or signs in with their own provider account again. 409 EMAIL_TAKEN if the old address belongs to another account by then (the link stays usable). Example: replace token: the one in the link mailed to the old address, then send it without a token.
         */
        post: operations["undoEmailChange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/avatars/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An uploaded avatar (public, no authentication)
         * @description The re-encoded image (no metadata), served inline with the type checked at upload, nosniff, a sandboxing CSP and Cross-Origin-Resource-Policy cross-origin (front ends embed it). Any name the service did not generate is 404. Its path has the shape of /user/{id}/role and the other /user/{id}/… routes; literal segments match first, so /user/avatars/<name> is always this operation (the avatar URLs already stored keep this path).
         */
        get: operations["getAvatar"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/search-user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Find people by username or name
         * @description Any signed-in user. Active, non-deleted accounts; public members only (id, username, first_name, last_name, avatar, role). q needs at least 2 characters (422) and is not matched against e-mail addresses, which are not public. Sorted by username.
         */
        get: operations["searchUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete the caller's account
         * @description Anonymises the personal data (username deleted_<id>, e-mail deleted+<id>@invalid.invalid, names emptied, contact, KYC and address members, password and social links removed) and the personal data of owner applications, keeping the rows that financial and reservation records reference; ends every session and clears the session cookies; deletes the avatar and KYC files. The last active admin cannot delete their account (409).
         */
        delete: operations["deleteAccount"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/admin-support/assign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Assign a support agent to the caller
         * @description Keeps the current agent while it is an active support account; otherwise assigns the active support agent with the fewest assigned users (ties: lowest id; never the caller). One assignment per user, also under concurrent calls. No active agent → 409.
         */
        post: operations["assignSupportAgent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an account for someone (admin)
         * @description Any role may be given. The account has no password and an unverified e-mail; a single-use link token (7 days) for POST /auth/set-initial-password is e-mailed. Duplicate e-mail or username → 409. Audited as user.create. Example: send it as it is as admin@demo.stays.test (password demo-admin-pass, login type admin), on the data of a fresh npm run seed:demo.
         */
        post: operations["createUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/{id}/role": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change an account's role (admin)
         * @description Takes effect on the account's next request (sessions read the role live). Demoting the last active admin → 409. Setting the role it already has changes nothing. Audited as user.role. The path (contract §3) has the shape of /user/avatars/{name} and /user/accept-owner-request/{id}: literal segments match first, so each URL reaches one operation. Example: send it as it is as admin@demo.stays.test (password demo-admin-pass, login type admin), on the data of a fresh npm run seed:demo.
         */
        put: operations["changeUserRole"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List accounts
         * @description Admin and support. Live (non-deleted) accounts, newest first; items are flat profiles. Filters: q (username, e-mail, first or last name, case-insensitive), role, is_active (1/0/true/false).
         */
        get: operations["listUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/individuals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List accounts whose user_type is individual
         * @description Admin and support. Live (non-deleted) accounts, newest first; items are flat profiles. Filters: q (username, e-mail, first or last name, case-insensitive), role, is_active (1/0/true/false).
         */
        get: operations["listIndividualUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/companies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List accounts whose user_type is company
         * @description Admin and support. Live (non-deleted) accounts, newest first; items are flat profiles. Filters: q (username, e-mail, first or last name, case-insensitive), role, is_active (1/0/true/false).
         */
        get: operations["listCompanyUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An account's flat profile
         * @description Self, admin and support. Anyone else, an unknown id or a deleted account → 404 (never 403, so ids cannot be probed).
         */
        get: operations["getUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/{userId}/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Statistics of an account
         * @description Self, admin and support (404 for anyone else). Only figures that exist today: role, member_since, last_login, active_sessions, owner_request_status, support_agent_id. Reservation counts, spending, and for owners properties, earnings and occupancy are added as members by those features; clients must ignore members they do not know.
         */
        get: operations["getUserStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/become-owner": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Apply to become an owner (KYC form)
         * @description Clients only: an owner gets 409, support and admin 403. One open application per user (409). id_expiry_date must be a real date, today or later (422). The ID files and company_document: JPEG, PNG, WebP or PDF by content, ≤ 5 MB each (413 / 415 naming the field); they are kept as sent (an ID document must stay legible to the reviewer) under random keys, downloadable only by the applicant, support and admin, always as an attachment. A company application without company_document (the known client defect) is accepted with missing_documents ["company_document"]; send it with POST /user/owner-request/documents before approval. company_name is optional (the spec form does not send it): a company without it keeps the name given at owner registration; for individuals it is ignored. The KYC and address members are copied onto the profile, and its id_photo_path becomes the download path of the ID front. Members other than the listed ones (status, user_id, …) are ignored. Answers 201 with the whole application. A field, or the name of a file sent under it, holding text PostgreSQL cannot store (a NUL character, an unpaired surrogate) is 422 naming that field. A request refused or failing at any step keeps no file: files are written only after every check, and removed again when anything after the write fails. Example: replace id_reco_path, id_verso_path: the ID files (multipart), then send it as traveller@demo.stays.test (password demo-traveller-pass, login type client).
         */
        post: operations["submitOwnerRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/owner-request/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add the company document to the caller's pending application
         * @description Not in the interface spec (contract §4). Replaces an earlier company document (its file is deleted once the change is made) and removes it from missing_documents. 404 when the caller has no pending application; 409 if it was decided meanwhile. Answers the whole application. A field, or the name of a file sent under it, holding text PostgreSQL cannot store (a NUL character, an unpaired surrogate) is 422 naming that field. A request refused or failing at any step keeps no file: files are written only after every check, and removed again when anything after the write fails. Example: replace company_document: the file (multipart), then send it as traveller@demo.stays.test (password demo-traveller-pass, login type client).
         */
        post: operations["addOwnerRequestDocument"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/owner-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Owner applications to review (support, admin)
         * @description All applications, pending first, then newest; filter with status. Each item is the whole application with its applicant.
         */
        get: operations["listOwnerRequests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/{id}/approve-owner": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve the pending application of a user (support, admin)
         * @description {id} is the applicant's user id; 404 when that user never applied; 409 when their application was already decided. Answers the whole application (the spec does not show this response). Refused with 409 while missing_documents is not empty, or when the application is no longer pending (the row is locked, so of two concurrent decisions one wins and the other gets 409). Sets the applicant's role to owner in the same transaction (a client only; an account made staff meanwhile keeps its role); the applicant's current token carries the owner role from its next request. Audited as owner_request.approve; writes the outbox event owner_request.approved {request_id, user_id}.
         */
        post: operations["approveOwnerRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/accept-owner-request/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve an application by its id (support, admin); returns the whole application
         * @description {id} is the application id; 404 when unknown. Refused with 409 while missing_documents is not empty, or when the application is no longer pending (the row is locked, so of two concurrent decisions one wins and the other gets 409). Sets the applicant's role to owner in the same transaction (a client only; an account made staff meanwhile keeps its role); the applicant's current token carries the owner role from its next request. Audited as owner_request.approve; writes the outbox event owner_request.approved {request_id, user_id}.
         */
        post: operations["acceptOwnerRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/{id}/reject-owner": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reject the pending application of a user (support, admin)
         * @description {id} is the applicant's user id; 404 when that user never applied; 409 when their application was already decided. Answers the whole application. Rejects with the reason (1–1000 characters, shown to the applicant); 409 when the application is no longer pending. The applicant may apply again. The files and the KYC members copied onto the profile are kept. Audited as owner_request.reject; outbox event owner_request.rejected {request_id, user_id, reason}. Example: send it as it is as support@demo.stays.test (password demo-support-pass, login type support), on the data of a fresh npm run seed:demo.
         */
        post: operations["rejectOwnerRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/owner-request-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Status of the caller's latest owner application, as a plain string
         * @description data is none (never applied), pending, approved or rejected; after a rejection and a new application, the new one counts.
         */
        get: operations["getOwnerRequestStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/owner-requests/{id}/files/{field}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a KYC file of an application (applicant, support, admin)
         * @description field: id_reco_path, id_verso_path or company_document. Anyone other than the applicant, support and admin gets 404, as for an unknown application or field. Served with the type checked at upload, Content-Disposition attachment, nosniff, a sandboxing CSP and Cache-Control private, no-store.
         */
        get: operations["getOwnerRequestFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/property-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Property types
         * @description Public. The list is dynamic (admins edit it); sorted by name. Paginated: page (default 1), per_page (default 20, at most 100); meta gives total and last_page.
         */
        get: operations["listPropertyTypes"];
        put?: never;
        /**
         * Add a property type (admin)
         * @description Names are unique case-insensitively (409 naming name). Audited. Example: send it as it is as admin@demo.stays.test (password demo-admin-pass, login type admin), on the data of a fresh npm run seed:demo.
         */
        post: operations["createPropertyType"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/property-types/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Rename or redescribe a property type (admin)
         * @description Only the fields sent change; listings keep the type. Unknown id → 404; a name another type has → 409. Audited. Example: send it as it is as admin@demo.stays.test (password demo-admin-pass, login type admin), on the data of a fresh npm run seed:demo.
         */
        put: operations["updatePropertyType"];
        post?: never;
        /**
         * Delete a property type (admin)
         * @description Refused (409) while any listing, of any status (drafts and archived included), uses the type. Unknown id → 404. Audited.
         */
        delete: operations["deletePropertyType"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/commodities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Amenities (commodities)
         * @description Public. Sorted by group (`type`) then name; `type` narrows to one group. Paginated: page (default 1), per_page (default 20, at most 100).
         */
        get: operations["listCommodities"];
        put?: never;
        /**
         * Add an amenity (admin)
         * @description Names are unique case-insensitively (409 naming name); `type` is a lowercase group key, new groups allowed. Audited. Example: send it as it is as admin@demo.stays.test (password demo-admin-pass, login type admin), on the data of a fresh npm run seed:demo.
         */
        post: operations["createCommodity"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/commodities/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Rename or regroup an amenity (admin)
         * @description Only the fields sent change; listings keep the amenity. Unknown id → 404; a name another amenity has → 409. Audited. Example: send it as it is as admin@demo.stays.test (password demo-admin-pass, login type admin), on the data of a fresh npm run seed:demo.
         */
        put: operations["updateCommodity"];
        post?: never;
        /**
         * Delete an amenity (admin)
         * @description Refused (409) while any listing offers it. Unknown id → 404. Audited.
         */
        delete: operations["deleteCommodity"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/countries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Countries (ISO 3166-1)
         * @description Public. All 249 ISO 3166-1 alpha-2 codes with English names, sorted by name; `id` is the code the property form sends as country.id. `q` matches the exact code or any part of the name, case-insensitively. Paginated: page (default 1), per_page (default 20, at most 100): a full list takes 3 pages of 100.
         */
        get: operations["listCountries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/neighborhoods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A country's neighborhoods
         * @description Public. `country` (ISO alpha-2, any case) is required; an unknown code is 422 naming country (not an empty list). `city` narrows to one city (exact, case-insensitive). Sorted by city then name. Paginated: page (default 1), per_page (default 20, at most 100).
         */
        get: operations["listNeighborhoods"];
        put?: never;
        /**
         * Add a neighborhood (admin)
         * @description Unique per country, city and name, case-insensitively (409). Unknown country → 422 naming country. Audited. Example: send it as it is as admin@demo.stays.test (password demo-admin-pass, login type admin), on the data of a fresh npm run seed:demo.
         */
        post: operations["createNeighborhood"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/currencies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Currencies
         * @description Public: active currencies, the default first, then by code; each is the spec's currency_model plus decimals (ISO 4217 exponent). `all=1` also lists inactive ones and is for admins (401 anonymous, 403 other roles). exchange_rate is units of the currency per one unit of the default currency (the default is always 1), kept exactly at up to 8 decimals and answered as decimal text without trailing zeros. Making a currency the default clears the old default and divides every rate by the new default's rate, in one transaction, so conversions between any two currencies stay as they were. Paginated: page (default 1), per_page (default 20, at most 100).
         */
        get: operations["listCurrencies"];
        put?: never;
        /**
         * Add a currency (admin)
         * @description code is unique (409). decimals (default 2) cannot change later, since stored amounts depend on it. exchange_rate is against the current default; created with is_default true, the currency becomes the default at once (it must then be active: 422). exchange_rate is units of the currency per one unit of the default currency (the default is always 1), kept exactly at up to 8 decimals and answered as decimal text without trailing zeros. Making a currency the default clears the old default and divides every rate by the new default's rate, in one transaction, so conversions between any two currencies stay as they were. Audited. Example: send it as it is as admin@demo.stays.test (password demo-admin-pass, login type admin), on the data of a fresh npm run seed:demo.
         */
        post: operations["createCurrency"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/currencies/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change a currency (admin)
         * @description Only the fields sent change. is_default true makes this the default (see below); the default cannot be deactivated or unset (409: make another currency the default instead), an inactive currency cannot become the default unless is_active true is sent with it (409), and the default's exchange_rate can only be 1 (422). A rate sent together with is_default true is applied first, then the rates are rebased. exchange_rate is units of the currency per one unit of the default currency (the default is always 1), kept exactly at up to 8 decimals and answered as decimal text without trailing zeros. Making a currency the default clears the old default and divides every rate by the new default's rate, in one transaction, so conversions between any two currencies stay as they were. Unknown code → 404. Audited. Example: send it as it is as admin@demo.stays.test (password demo-admin-pass, login type admin), on the data of a fresh npm run seed:demo.
         */
        put: operations["updateCurrency"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/properties": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Listings of the caller's role
         * @description An owner gets their own listings in every status (draft, active, inactive, archived); admin and support get all listings; a traveller gets the public ones (active and visible). status and visibility (0/1) narrow within that. Filters (all optional, combined with AND): q (public name, description or address, case-insensitive), type (type id), address (substring), checkin_date + checkout_date (YYYY-MM-DD; checkout after checkin, at most 365 nights, checkin not before yesterday UTC; 422 otherwise) with guests (default 1): only listings with one unit that holds the guests and is free on every night of the half-open stay [checkin, checkout) — a listing without room types is one unit of its capacity; with room types, one room type whose capacity holds the guests must have a unit left every night (no stop-sell; available_rooms, or count_of_rooms, minus booked above 0). guests without dates: one unit must hold them. min_price/max_price compare price_per_night in minor units of `currency` (default: the platform default currency; with none set, each listing's own currency): each price converted as payouts convert (amount ÷ the listing currency's exchange_rate × `currency`'s, rounded half-up to `currency`'s decimals, in exact decimal arithmetic), so a listing priced exactly P in `currency` (its own, or converted to it) is found by min_price=P and by max_price=P. near=<lat>,<lng> with radius_km (default 25, more than 0 and at most 500): great-circle distance, and each card gets distance_km. neighborhood (id). commodities=1,2: listings with all of them. sort: newest (default), price, -price, rating, distance (needs near). Cards show the internal name only to the listing's owner, admin and support (others read the public name there) and is_favorite only to signed-in callers. page and per_page (at most 100) page through the matches. A search over public listings counts and serves its first 1,000 matches (meta.total is at most 1000, later pages are empty): narrow it down to see others. Lists of one's own or, for staff, of all listings count exactly. Which listings match is always read fresh; a card's contents may be served from a cache of up to 15 s that every change of the listing through the API (and a review or a payment on it) clears at once, so only what no listing route announces (the owner's name or avatar, a renamed property type or commodity) can show up to 15 s late.
         */
        get: operations["listProperties"];
        put?: never;
        /**
         * Create a listing (8-step form)
         * @description Owners list properties under their own account (user_id of someone else → 403); an admin may list one for any owner account (user_id of a non-owner → 422; without user_id the admin owns it); client and support → 403. Any subset of the 8 steps may be sent. The listing is a draft until steps 1–6 are complete, then becomes active (visible) by itself; steps are judged on the stored values. Draft members not yet saved read as "" (texts, base_price, price_per_night) or 0 (capacity). currency defaults to the default currency (EUR when none is flagged); timezone to DEFAULT_TIMEZONE. channel_sync_now is stored as a request and acted on once a channel manager adapter is configured (CHANNEL_MANAGER=none by default). Admin creations are written to the audit trail. Example: send it as it is as owner@demo.stays.test (password demo-owner-pass, login type client), on the data of a fresh npm run seed:demo.
         */
        post: operations["createProperty"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/properties/new": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a listing (8-step form; same as POST /properties)
         * @description Owners list properties under their own account (user_id of someone else → 403); an admin may list one for any owner account (user_id of a non-owner → 422; without user_id the admin owns it); client and support → 403. Any subset of the 8 steps may be sent. The listing is a draft until steps 1–6 are complete, then becomes active (visible) by itself; steps are judged on the stored values. Draft members not yet saved read as "" (texts, base_price, price_per_night) or 0 (capacity). currency defaults to the default currency (EUR when none is flagged); timezone to DEFAULT_TIMEZONE. channel_sync_now is stored as a request and acted on once a channel manager adapter is configured (CHANNEL_MANAGER=none by default). Admin creations are written to the audit trail. Example: send it as it is as owner@demo.stays.test (password demo-owner-pass, login type client), on the data of a fresh npm run seed:demo.
         */
        post: operations["createNewProperty"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/properties/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A listing (read form)
         * @description Active and visible listings are public. Drafts, inactive, hidden and archived listings are 404 for anyone but their owner, admin and support. is_favorite is present only for a signed-in caller. The owner's e-mail and phone are shown to signed-in callers and are "" for anonymous ones. rating is the average review with one decimal ("0.0" without reviews). is_reserved: any booked night in the 366 nights from the listing's today (in its time zone); reserved_dates: those nights with no unit left (a listing without room types: any booking that night). Both stop a year ahead, so the form (and every booking answer carrying it) does not grow with a listing's future bookings: GET /properties/{id}/availability tells any later night. Wi-Fi details are never shown here.
         */
        get: operations["getProperty"];
        /**
         * Update a listing
         * @description Owner of the listing or admin; others who can see it → 403, others → 404. Only the fields sent change (creation form rules). status: active ↔ inactive; a draft cannot become active or inactive before steps 1–6 are complete (409) and turns active by itself when they are; an archived listing cannot change (409). visibility 0/1. recommended: admin only (403). user_id: an admin may hand the listing to another owner account. A currency with other decimals than the current one is refused while amounts stay stored in the old decimals (422). Changes by an admin are written to the audit trail (the Wi-Fi details hidden). Example: send it as it is as owner@demo.stays.test (password demo-owner-pass, login type client), on the data of a fresh npm run seed:demo.
         */
        put: operations["updateProperty"];
        /**
         * Save wizard steps on a draft
         * @description Saves the steps sent on the caller's draft, with the creation form's rules; becoming complete (steps 1–6) makes it active. Owner of the listing or admin. A listing that is not a draft → 409 (use PUT). Another owner's draft → 404; another owner's public listing → 403. Example: send it as it is as owner@demo.stays.test (password demo-owner-pass, login type client), on the data of a fresh npm run seed:demo.
         */
        post: operations["savePropertyDraft"];
        /**
         * Delete a listing (archived when it has booking history)
         * @description Owner of the listing or admin; others who can see it → 403, others → 404. A listing with booking history (any reservation in any status, or any night ever sold in its calendar) is archived instead — hidden, kept for the records, final. Otherwise it is deleted with its media, rules, room types and calendar. Already archived → 409. Admin actions are audited.
         */
        delete: operations["deleteProperty"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/properties/owner/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One owner's listings (second read variant)
         * @description The owner themself, admin and support; anyone else (and an unknown account) → 404. Newest first; archived listings only with status=archived. features, commodities, rules, wifi_informations, cancellation_policy, specifications and some_informations are JSON-encoded strings; wifi_informations carries the Wi-Fi details for the owner and admin, "null" for support. The path (contract: the owner-list variant) has the shape of /properties/{id}/<sub-resource>; literal segments match first, so /properties/owner/7 is always this operation.
         */
        get: operations["listOwnerProperties"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/properties/{id}/favorite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether the listing is in the caller's favorites
         * @description Only on listings the caller may see (404 otherwise).
         */
        get: operations["getFavoriteStatus"];
        put?: never;
        /**
         * Add the listing to the caller's favorites
         * @description Idempotent: adding it again changes nothing. like_count counts favorites exactly, also under concurrent adds and removes. Only on listings the caller may see (404 otherwise).
         */
        post: operations["addFavorite"];
        /**
         * Remove the listing from the caller's favorites
         * @description Idempotent: removing it again changes nothing. Only on listings the caller may see (404 otherwise).
         */
        delete: operations["removeFavorite"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/properties/{id}/seasons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a listing's seasons
         * @description Anyone who can see the listing (anonymous for a public one; its owner, admin and support otherwise; 404 for others). A night belongs to a season when start_date ≤ night ≤ end_date: both days are included. Seasons of one listing may not share a day: a clash → 409 naming the season it overlaps (checked under a lock on the listing, so two concurrent writes cannot both pass). reduction_percent 0–100 (2 decimals) lowers the nightly rate; min_stay/max_stay (1–365 nights, null: none) limit stays; max_stay ≥ min_stay. Listed by start_date.
         */
        get: operations["listSeasons"];
        put?: never;
        /**
         * Add a season to a listing
         * @description The listing's owner or an admin (401 without a token; 403 for others who can see the listing, 404 for those who cannot, and for an item of another listing). Changes on an archived listing → 409. Amounts are in the listing currency with at most its decimals (422 otherwise) and kept as integer minor units. A night belongs to a season when start_date ≤ night ≤ end_date: both days are included. Seasons of one listing may not share a day: a clash → 409 naming the season it overlaps (checked under a lock on the listing, so two concurrent writes cannot both pass). reduction_percent 0–100 (2 decimals) lowers the nightly rate; min_stay/max_stay (1–365 nights, null: none) limit stays; max_stay ≥ min_stay. Listed by start_date. Example: send it as it is as owner@demo.stays.test (password demo-owner-pass, login type client), on the data of a fresh npm run seed:demo.
         */
        post: operations["createSeason"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/properties/{id}/seasons/{itemId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change a season (partial)
         * @description The listing's owner or an admin (401 without a token; 403 for others who can see the listing, 404 for those who cannot, and for an item of another listing). Changes on an archived listing → 409. Amounts are in the listing currency with at most its decimals (422 otherwise) and kept as integer minor units. Only the fields sent change; the resulting item is checked like a new one (422/409). A night belongs to a season when start_date ≤ night ≤ end_date: both days are included. Seasons of one listing may not share a day: a clash → 409 naming the season it overlaps (checked under a lock on the listing, so two concurrent writes cannot both pass). reduction_percent 0–100 (2 decimals) lowers the nightly rate; min_stay/max_stay (1–365 nights, null: none) limit stays; max_stay ≥ min_stay. Listed by start_date. Example: send it as it is as owner@demo.stays.test (password demo-owner-pass, login type client), on the data of a fresh npm run seed:demo.
         */
        put: operations["updateSeason"];
        post?: never;
        /**
         * Delete a season
         * @description The listing's owner or an admin (401 without a token; 403 for others who can see the listing, 404 for those who cannot, and for an item of another listing). Changes on an archived listing → 409. Amounts are in the listing currency with at most its decimals (422 otherwise) and kept as integer minor units.
         */
        delete: operations["deleteSeason"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/properties/{id}/offers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a listing's offers
         * @description Anyone who can see the listing (anonymous for a public one; its owner, admin and support otherwise; 404 for others). discount_type percent (0 < value ≤ 100, 2 decimals) or fixed (an amount > 0 in the listing currency); start_date..end_date (both included, end ≥ start) are the stay days the offer applies to; min_nights ≥ 1 (default 1). Changing discount_type needs discount_value in the same request (422). Listed by start_date.
         */
        get: operations["listOffers"];
        put?: never;
        /**
         * Add a offer to a listing
         * @description The listing's owner or an admin (401 without a token; 403 for others who can see the listing, 404 for those who cannot, and for an item of another listing). Changes on an archived listing → 409. Amounts are in the listing currency with at most its decimals (422 otherwise) and kept as integer minor units. discount_type percent (0 < value ≤ 100, 2 decimals) or fixed (an amount > 0 in the listing currency); start_date..end_date (both included, end ≥ start) are the stay days the offer applies to; min_nights ≥ 1 (default 1). Changing discount_type needs discount_value in the same request (422). Listed by start_date. Example: send it as it is as owner@demo.stays.test (password demo-owner-pass, login type client), on the data of a fresh npm run seed:demo.
         */
        post: operations["createOffer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/properties/{id}/offers/{itemId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change a offer (partial)
         * @description The listing's owner or an admin (401 without a token; 403 for others who can see the listing, 404 for those who cannot, and for an item of another listing). Changes on an archived listing → 409. Amounts are in the listing currency with at most its decimals (422 otherwise) and kept as integer minor units. Only the fields sent change; the resulting item is checked like a new one (422/409). discount_type percent (0 < value ≤ 100, 2 decimals) or fixed (an amount > 0 in the listing currency); start_date..end_date (both included, end ≥ start) are the stay days the offer applies to; min_nights ≥ 1 (default 1). Changing discount_type needs discount_value in the same request (422). Listed by start_date. Example: send it as it is as owner@demo.stays.test (password demo-owner-pass, login type client), on the data of a fresh npm run seed:demo.
         */
        put: operations["updateOffer"];
        post?: never;
        /**
         * Delete a offer
         * @description The listing's owner or an admin (401 without a token; 403 for others who can see the listing, 404 for those who cannot, and for an item of another listing). Changes on an archived listing → 409. Amounts are in the listing currency with at most its decimals (422 otherwise) and kept as integer minor units.
         */
        delete: operations["deleteOffer"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/properties/{id}/packages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a listing's packages
         * @description Anyone who can see the listing (anonymous for a public one; its owner, admin and support otherwise; 404 for others). price ≥ 0 in the listing currency; is_global (default false) is stored and returned as sent.
         */
        get: operations["listPackages"];
        put?: never;
        /**
         * Add a package to a listing
         * @description The listing's owner or an admin (401 without a token; 403 for others who can see the listing, 404 for those who cannot, and for an item of another listing). Changes on an archived listing → 409. Amounts are in the listing currency with at most its decimals (422 otherwise) and kept as integer minor units. price ≥ 0 in the listing currency; is_global (default false) is stored and returned as sent. Example: send it as it is as owner@demo.stays.test (password demo-owner-pass, login type client), on the data of a fresh npm run seed:demo.
         */
        post: operations["createPackage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/properties/{id}/packages/{itemId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change a package (partial)
         * @description The listing's owner or an admin (401 without a token; 403 for others who can see the listing, 404 for those who cannot, and for an item of another listing). Changes on an archived listing → 409. Amounts are in the listing currency with at most its decimals (422 otherwise) and kept as integer minor units. Only the fields sent change; the resulting item is checked like a new one (422/409). price ≥ 0 in the listing currency; is_global (default false) is stored and returned as sent. Example: send it as it is as owner@demo.stays.test (password demo-owner-pass, login type client), on the data of a fresh npm run seed:demo.
         */
        put: operations["updatePackage"];
        post?: never;
        /**
         * Delete a package
         * @description The listing's owner or an admin (401 without a token; 403 for others who can see the listing, 404 for those who cannot, and for an item of another listing). Changes on an archived listing → 409. Amounts are in the listing currency with at most its decimals (422 otherwise) and kept as integer minor units.
         */
        delete: operations["deletePackage"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/properties/{id}/services": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a listing's services
         * @description Anyone who can see the listing (anonymous for a public one; its owner, admin and support otherwise; 404 for others). price ≥ 0 in the listing currency, charged per_stay, per_night or per_guest (type).
         */
        get: operations["listServices"];
        put?: never;
        /**
         * Add a service to a listing
         * @description The listing's owner or an admin (401 without a token; 403 for others who can see the listing, 404 for those who cannot, and for an item of another listing). Changes on an archived listing → 409. Amounts are in the listing currency with at most its decimals (422 otherwise) and kept as integer minor units. price ≥ 0 in the listing currency, charged per_stay, per_night or per_guest (type). Example: send it as it is as owner@demo.stays.test (password demo-owner-pass, login type client), on the data of a fresh npm run seed:demo.
         */
        post: operations["createService"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/properties/{id}/services/{itemId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change a service (partial)
         * @description The listing's owner or an admin (401 without a token; 403 for others who can see the listing, 404 for those who cannot, and for an item of another listing). Changes on an archived listing → 409. Amounts are in the listing currency with at most its decimals (422 otherwise) and kept as integer minor units. Only the fields sent change; the resulting item is checked like a new one (422/409). price ≥ 0 in the listing currency, charged per_stay, per_night or per_guest (type). Example: send it as it is as owner@demo.stays.test (password demo-owner-pass, login type client), on the data of a fresh npm run seed:demo.
         */
        put: operations["updateService"];
        post?: never;
        /**
         * Delete a service
         * @description The listing's owner or an admin (401 without a token; 403 for others who can see the listing, 404 for those who cannot, and for an item of another listing). Changes on an archived listing → 409. Amounts are in the listing currency with at most its decimals (422 otherwise) and kept as integer minor units.
         */
        delete: operations["deleteService"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/properties/{id}/promo-codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a listing's promo codes
         * @description Only the listing's owner or an admin (401 anonymous; 403 for others who can see the listing, 404 for those who cannot). Travellers see usable codes through GET /properties/{id}/promos. code: 3–40 letters, digits, - or _, kept as written and unique on the listing ignoring case (409, also under concurrent writes). Discount as for offers. valid_from..valid_to (both included, in the listing time zone) are the days the code can be redeemed. max_uses ≥ 1 or null (unlimited), never below used_count (422); used_count is read-only (counted by reservations, ignored when sent). Deleting a used code leaves the reservations that used it unchanged. Listed by valid_from.
         */
        get: operations["listPromoCodes"];
        put?: never;
        /**
         * Add a promo code to a listing
         * @description The listing's owner or an admin (401 without a token; 403 for others who can see the listing, 404 for those who cannot, and for an item of another listing). Changes on an archived listing → 409. Amounts are in the listing currency with at most its decimals (422 otherwise) and kept as integer minor units. code: 3–40 letters, digits, - or _, kept as written and unique on the listing ignoring case (409, also under concurrent writes). Discount as for offers. valid_from..valid_to (both included, in the listing time zone) are the days the code can be redeemed. max_uses ≥ 1 or null (unlimited), never below used_count (422); used_count is read-only (counted by reservations, ignored when sent). Deleting a used code leaves the reservations that used it unchanged. Listed by valid_from. Example: send it as it is as owner@demo.stays.test (password demo-owner-pass, login type client), on the data of a fresh npm run seed:demo.
         */
        post: operations["createPromoCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/properties/{id}/promo-codes/{itemId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change a promo code (partial)
         * @description The listing's owner or an admin (401 without a token; 403 for others who can see the listing, 404 for those who cannot, and for an item of another listing). Changes on an archived listing → 409. Amounts are in the listing currency with at most its decimals (422 otherwise) and kept as integer minor units. Only the fields sent change; the resulting item is checked like a new one (422/409). code: 3–40 letters, digits, - or _, kept as written and unique on the listing ignoring case (409, also under concurrent writes). Discount as for offers. valid_from..valid_to (both included, in the listing time zone) are the days the code can be redeemed. max_uses ≥ 1 or null (unlimited), never below used_count (422); used_count is read-only (counted by reservations, ignored when sent). Deleting a used code leaves the reservations that used it unchanged. Listed by valid_from. Example: send it as it is as owner@demo.stays.test (password demo-owner-pass, login type client), on the data of a fresh npm run seed:demo.
         */
        put: operations["updatePromoCode"];
        post?: never;
        /**
         * Delete a promo code
         * @description The listing's owner or an admin (401 without a token; 403 for others who can see the listing, 404 for those who cannot, and for an item of another listing). Changes on an archived listing → 409. Amounts are in the listing currency with at most its decimals (422 otherwise) and kept as integer minor units.
         */
        delete: operations["deletePromoCode"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/properties/{id}/promos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Offers and promo codes a traveller can use now
         * @description Anyone who can see the listing (404 otherwise). Travellers get the offers that are running or upcoming (end_date on or after today) and the promo codes valid today and not used up (used_count < max_uses, or no limit). "Today" is the date in the listing's time zone. Promo codes are shown with their code: a code put on a listing is advertised on it (the marketplace norm); a code meant for a few guests should be shared privately and kept short-lived or capped with max_uses. The listing's owner and admins get all of its offers and codes, expired and used up included. At most 200 of each, offers by start_date, codes by valid_from; the paginated sub-resource lists give everything.
         */
        get: operations["listPropertyPromos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/properties/{id}/room-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A listing's room types with their rate plans
         * @description Anyone who may see the listing (public listings: everyone, no token needed; others: owner, admin, support); 404 otherwise. Oldest first; each with all its rate plans (oldest first).
         */
        get: operations["listRoomTypes"];
        put?: never;
        /**
         * Add a room type
         * @description The listing's owner or an admin: 403 for others who may see it, 404 for those who may not. A room type or rate plan of another listing is 404. title 1–100 characters; count_of_rooms ≥ 1; occ_adults ≥ 1; occ_children ≥ 0 (default 0); capacity ≥ 1 and ≥ occ_adults (422 naming the field). Created without rate plans (add them on /rate-plans). At most 50 per listing (409). A listing without room types is sold as one unit at price_per_night; its first room type switches it to selling by room type, so that is refused (409) while the listing has stays booked as a whole from today on. Example: send it as it is as owner@demo.stays.test (password demo-owner-pass, login type client), on the data of a fresh npm run seed:demo.
         */
        post: operations["createRoomType"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/properties/{id}/room-types/{rt}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change a room type
         * @description The listing's owner or an admin: 403 for others who may see it, 404 for those who may not. A room type or rate plan of another listing is 404. Only the members sent change; title 1–100 characters; count_of_rooms ≥ 1; occ_adults ≥ 1; occ_children ≥ 0 (default 0); capacity ≥ 1 and ≥ occ_adults (422 naming the field). Lowering count_of_rooms is refused (409 naming the night) while a night from today on (the listing's time zone) has more rooms booked; per-night availability overrides above the new count are lowered to it. Example: send it as it is as owner@demo.stays.test (password demo-owner-pass, login type client), on the data of a fresh npm run seed:demo.
         */
        put: operations["updateRoomType"];
        post?: never;
        /**
         * Delete a room type
         * @description The listing's owner or an admin: 403 for others who may see it, 404 for those who may not. A room type or rate plan of another listing is 404. Deletes its rate plans and calendar too. A room type with any booked night (past or future) is kept (409): reservations refer to it; set its availability to 0 on the calendar to stop selling it.
         */
        delete: operations["deleteRoomType"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/properties/{id}/room-types/{rt}/rate-plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A room type's rate plans
         * @description Anyone who may see the listing (public listings: everyone, no token needed; others: owner, admin, support); 404 otherwise. Oldest (the default rate) first.
         */
        get: operations["listRatePlans"];
        put?: never;
        /**
         * Add a rate plan to a room type
         * @description The listing's owner or an admin: 403 for others who may see it, 404 for those who may not. A room type or rate plan of another listing is 404. currency must be the listing's currency (422 naming currency; it defaults to it), because every amount of a listing is kept in one currency; price is the plan's default nightly rate in currency units, ≥ 0, with at most the currency's decimals. Weekday arrays (max_stay, min_stay_arrival, closed_to_arrival, closed_to_departure, stop_sell) have exactly 7 entries, Monday first (422 naming the field); defaults: max_stay all 0 (no limit), min_stay_arrival all 1, the flags all false; a non-zero max_stay below that weekday's min_stay_arrival is refused (422 naming max_stay). sell_mode per_room (default) | per_person; rate_mode manual (default) | derived | auto | cascade, the channel manager's modes, kept for it: this service prices with price and the calendar whatever the mode. The oldest plan of a room type is its default rate (the calendar's price where no override is set). At most 20 per room type (409). Example: send it as it is as owner@demo.stays.test (password demo-owner-pass, login type client), on the data of a fresh npm run seed:demo.
         */
        post: operations["createRatePlan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/properties/{id}/room-types/{rt}/rate-plans/{rp}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change a rate plan
         * @description The listing's owner or an admin: 403 for others who may see it, 404 for those who may not. A room type or rate plan of another listing is 404. Only the members sent change; the result must satisfy the rules: currency must be the listing's currency (422 naming currency; it defaults to it), because every amount of a listing is kept in one currency; price is the plan's default nightly rate in currency units, ≥ 0, with at most the currency's decimals. Weekday arrays (max_stay, min_stay_arrival, closed_to_arrival, closed_to_departure, stop_sell) have exactly 7 entries, Monday first (422 naming the field); defaults: max_stay all 0 (no limit), min_stay_arrival all 1, the flags all false; a non-zero max_stay below that weekday's min_stay_arrival is refused (422 naming max_stay). sell_mode per_room (default) | per_person; rate_mode manual (default) | derived | auto | cascade, the channel manager's modes, kept for it: this service prices with price and the calendar whatever the mode. The oldest plan of a room type is its default rate (the calendar's price where no override is set). Example: send it as it is as owner@demo.stays.test (password demo-owner-pass, login type client), on the data of a fresh npm run seed:demo.
         */
        put: operations["updateRatePlan"];
        post?: never;
        /**
         * Delete a rate plan
         * @description The listing's owner or an admin: 403 for others who may see it, 404 for those who may not. A room type or rate plan of another listing is 404. The next oldest plan becomes the default rate; a room type without plans and without a per-night price override has no price (not sellable).
         */
        delete: operations["deleteRatePlan"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/properties/{id}/room-types/{rt}/calendar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A room type's nightly rates and availability
         * @description Anyone who may see the listing (404 otherwise). from and to are nights (YYYY-MM-DD, the stay starting that day), both included: to ≥ from, at most 730 nights (422 naming the field). Defaults: from = today in the listing's time zone, to = from + 29 days. Each night: price = the night's override, else the default rate (room type: its oldest rate plan's price; listing: price_per_night), null when neither exists; available_rooms = the override, else the full count; booked = units taken (by reservations and by imported iCal calendars); remaining = 0 when stop_sell, else max(0, available_rooms − booked). Prices are numbers in the listing's currency (given as currency), rounded to its decimals. Not paginated: the range is the window (≤ 730 nights). A rate plan's weekday restrictions are not folded in; they apply per plan at booking.
         */
        get: operations["getRoomTypeCalendar"];
        /**
         * Set a room type's rates and availability over a range of nights
         * @description The listing's owner or an admin (403 / 404 as for the listing). Sets, on every night of the range, the members sent: price (override ≥ 0 in currency units with at most the currency's decimals; null removes it), available_rooms (0..count; null goes back to the full count; above the count → 422), stop_sell. At least one of them (422). from may not be before today in the listing's time zone (422). One statement in one transaction: if any night already has more units booked than the new available_rooms, nothing changes and the answer is 409 naming the first such night; a booking running at the same time cannot slip past the check. Answers the calendar of the range. from and to are nights (YYYY-MM-DD, the stay starting that day), both included: to ≥ from, at most 730 nights (422 naming the field). Each night: price = the night's override, else the default rate (room type: its oldest rate plan's price; listing: price_per_night), null when neither exists; available_rooms = the override, else the full count; booked = units taken (by reservations and by imported iCal calendars); remaining = 0 when stop_sell, else max(0, available_rooms − booked). Prices are numbers in the listing's currency (given as currency), rounded to its decimals. Not paginated: the range is the window (≤ 730 nights). A rate plan's weekday restrictions are not folded in; they apply per plan at booking. Example: send it as it is as owner@demo.stays.test (password demo-owner-pass, login type client), on the data of a fresh npm run seed:demo.
         */
        put: operations["setRoomTypeCalendar"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/properties/{id}/calendar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The nightly rates and availability of a listing sold as one unit
         * @description For a listing without room types, which is one unit (count 1) priced at price_per_night; a listing with room types answers 409 (use each room type's calendar). Anyone who may see the listing (404 otherwise). from and to are nights (YYYY-MM-DD, the stay starting that day), both included: to ≥ from, at most 730 nights (422 naming the field). Defaults: from = today in the listing's time zone, to = from + 29 days. Each night: price = the night's override, else the default rate (room type: its oldest rate plan's price; listing: price_per_night), null when neither exists; available_rooms = the override, else the full count; booked = units taken (by reservations and by imported iCal calendars); remaining = 0 when stop_sell, else max(0, available_rooms − booked). Prices are numbers in the listing's currency (given as currency), rounded to its decimals. Not paginated: the range is the window (≤ 730 nights). A rate plan's weekday restrictions are not folded in; they apply per plan at booking. room_type_id is null.
         */
        get: operations["getPropertyCalendar"];
        /**
         * Set the rates and availability of a listing sold as one unit
         * @description Listings without room types only (409 otherwise); available_rooms is 0 or 1. The listing's owner or an admin (403 / 404 as for the listing). Sets, on every night of the range, the members sent: price (override ≥ 0 in currency units with at most the currency's decimals; null removes it), available_rooms (0..count; null goes back to the full count; above the count → 422), stop_sell. At least one of them (422). from may not be before today in the listing's time zone (422). One statement in one transaction: if any night already has more units booked than the new available_rooms, nothing changes and the answer is 409 naming the first such night; a booking running at the same time cannot slip past the check. Answers the calendar of the range. from and to are nights (YYYY-MM-DD, the stay starting that day), both included: to ≥ from, at most 730 nights (422 naming the field). Each night: price = the night's override, else the default rate (room type: its oldest rate plan's price; listing: price_per_night), null when neither exists; available_rooms = the override, else the full count; booked = units taken (by reservations and by imported iCal calendars); remaining = 0 when stop_sell, else max(0, available_rooms − booked). Prices are numbers in the listing's currency (given as currency), rounded to its decimals. Not paginated: the range is the window (≤ 730 nights). A rate plan's weekday restrictions are not folded in; they apply per plan at booking. Example: send it as it is as owner@demo.stays.test (password demo-owner-pass, login type client), on the data of a fresh npm run seed:demo.
         */
        put: operations["setPropertyCalendar"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/properties/{id}/medias": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A listing's photos and videos, in display order
         * @description Anyone who may see the listing; 404 otherwise. url and thumbnail_url are the paths of GET /properties/medias/{mediaId}/file and /thumbnail.
         */
        get: operations["listPropertyMedia"];
        put?: never;
        /**
         * Add photos and videos to a listing
         * @description The listing's owner or an admin: 403 for others who may see the listing, 404 for those who may not; a media of another listing is 404. Multipart field files (or files[]), one or more parts, at most 10 per request and 100 per listing (409). Judged by content, never by name or claimed type: JPEG, PNG, WebP, GIF images ≤ 10 MB, MP4, WebM, QuickTime videos ≤ 50 MB (415 / 413 naming the field: files for a single file, files.<index> among several; an image that cannot be decoded, or declares more than 50 megapixels however small the file (a decompression bomb), is 422 naming the field). Every file is checked before any is kept: one bad file refuses the request. Images are turned upright by their EXIF orientation, re-encoded in their own format (EXIF, GPS and other metadata are dropped), scaled to fit 2560 px, and get a WebP thumbnail 400 px wide (smaller images are not enlarged). Videos are stored as sent (not transcoded, so their own metadata stays) and have no thumbnail (thumbnail_url null). Files are kept under generated names. The new media are appended after the existing ones, in the order sent; answers 201 with them. A field, or the name of a file sent under it, holding text PostgreSQL cannot store (a NUL character, an unpaired surrogate) is 422 naming that field. A request refused or failing at any step keeps no file: files are written only after every check, and removed again when anything after the write fails. Example: replace files: the photos or videos (multipart), then send it as owner@demo.stays.test (password demo-owner-pass, login type client).
         */
        post: operations["uploadPropertyMedia"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/properties/{id}/medias/order": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Reorder a listing's media
         * @description The listing's owner or an admin: 403 for others who may see the listing, 404 for those who may not; a media of another listing is 404. ids must be exactly the listing's media ids, each once, in the new order (422 naming ids otherwise). Answers every media in the new order. Example: replace ids: the listing's media ids (GET /properties/{id}/medias), in the new order, then send it as owner@demo.stays.test (password demo-owner-pass, login type client).
         */
        put: operations["reorderPropertyMedia"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/properties/{id}/medias/{mediaId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a photo or video
         * @description The listing's owner or an admin: 403 for others who may see the listing, 404 for those who may not; a media of another listing is 404. The ones after it move up one place; its files are removed after the change is committed.
         */
        delete: operations["deletePropertyMedia"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/properties/medias/{mediaId}/file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The file of a photo or video
         * @description Anyone who may see the listing (public listings: everyone, no token needed); 404 otherwise, as for an unknown id. Served with the type checked at upload, nosniff and a sandboxing CSP; images inline, videos as attachment (media elements play them all the same; no range requests). Cache-Control public for a public listing, private/no-store otherwise.
         */
        get: operations["getMediaFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/properties/medias/{mediaId}/thumbnail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The thumbnail of a photo
         * @description Anyone who may see the listing (public listings: everyone, no token needed); 404 otherwise, as for an unknown id. Served with the type checked at upload, nosniff and a sandboxing CSP; images inline, videos as attachment (media elements play them all the same; no range requests). Cache-Control public for a public listing, private/no-store otherwise. Videos have none (404).
         */
        get: operations["getMediaThumbnail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/properties/filter": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search listings
         * @description Public listings (active and visible) for everyone. When an owner, admin or support sends status or visibility, the search covers what they may see: an owner their own listings besides the public ones, admin and support every listing; for travellers and anonymous callers those parameters only narrow the public set (so visibility=0 finds nothing). Filters (all optional, combined with AND): q (public name, description or address, case-insensitive), type (type id), address (substring), checkin_date + checkout_date (YYYY-MM-DD; checkout after checkin, at most 365 nights, checkin not before yesterday UTC; 422 otherwise) with guests (default 1): only listings with one unit that holds the guests and is free on every night of the half-open stay [checkin, checkout) — a listing without room types is one unit of its capacity; with room types, one room type whose capacity holds the guests must have a unit left every night (no stop-sell; available_rooms, or count_of_rooms, minus booked above 0). guests without dates: one unit must hold them. min_price/max_price compare price_per_night in minor units of `currency` (default: the platform default currency; with none set, each listing's own currency): each price converted as payouts convert (amount ÷ the listing currency's exchange_rate × `currency`'s, rounded half-up to `currency`'s decimals, in exact decimal arithmetic), so a listing priced exactly P in `currency` (its own, or converted to it) is found by min_price=P and by max_price=P. near=<lat>,<lng> with radius_km (default 25, more than 0 and at most 500): great-circle distance, and each card gets distance_km. neighborhood (id). commodities=1,2: listings with all of them. sort: newest (default), price, -price, rating, distance (needs near). Cards show the internal name only to the listing's owner, admin and support (others read the public name there) and is_favorite only to signed-in callers. page and per_page (at most 100) page through the matches. A search over public listings counts and serves its first 1,000 matches (meta.total is at most 1000, later pages are empty): narrow it down to see others. Lists of one's own or, for staff, of all listings count exactly. Which listings match is always read fresh; a card's contents may be served from a cache of up to 15 s that every change of the listing through the API (and a review or a payment on it) clears at once, so only what no listing route announces (the owner's name or avatar, a renamed property type or commodity) can show up to 15 s late. facets=1 adds `facets` beside `meta`: for the same search, the number of listings per property type, commodity and neighborhood and a price_per_night histogram in `currency` (converted as min_price is), so a count is the meta.total that applying that value gives. Types, neighborhoods and prices are one value at a time, so each is counted with its own filter left out (type=, neighborhood=, min_price/max_price in place of those sent; a bucket holds min ≤ price < max). Commodities add up (a listing must have all those sent), so a commodity is counted as if added to those sent (commodities=<those sent>,<its id>); one already sent counts meta.total. Without facets (or facets=0) the answer is the same as ever.
         */
        get: operations["searchProperties"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/properties/public": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Explorer: public listings
         * @description Active and visible listings only, whoever asks; a token only adds is_favorite. Filters (all optional, combined with AND): q (public name, description or address, case-insensitive), type (type id), address (substring), checkin_date + checkout_date (YYYY-MM-DD; checkout after checkin, at most 365 nights, checkin not before yesterday UTC; 422 otherwise) with guests (default 1): only listings with one unit that holds the guests and is free on every night of the half-open stay [checkin, checkout) — a listing without room types is one unit of its capacity; with room types, one room type whose capacity holds the guests must have a unit left every night (no stop-sell; available_rooms, or count_of_rooms, minus booked above 0). guests without dates: one unit must hold them. min_price/max_price compare price_per_night in minor units of `currency` (default: the platform default currency; with none set, each listing's own currency): each price converted as payouts convert (amount ÷ the listing currency's exchange_rate × `currency`'s, rounded half-up to `currency`'s decimals, in exact decimal arithmetic), so a listing priced exactly P in `currency` (its own, or converted to it) is found by min_price=P and by max_price=P. near=<lat>,<lng> with radius_km (default 25, more than 0 and at most 500): great-circle distance, and each card gets distance_km. neighborhood (id). commodities=1,2: listings with all of them. sort: newest (default), price, -price, rating, distance (needs near). Cards show the internal name only to the listing's owner, admin and support (others read the public name there) and is_favorite only to signed-in callers. page and per_page (at most 100) page through the matches. A search over public listings counts and serves its first 1,000 matches (meta.total is at most 1000, later pages are empty): narrow it down to see others. Lists of one's own or, for staff, of all listings count exactly. Which listings match is always read fresh; a card's contents may be served from a cache of up to 15 s that every change of the listing through the API (and a review or a payment on it) clears at once, so only what no listing route announces (the owner's name or avatar, a renamed property type or commodity) can show up to 15 s late. facets=1 adds `facets` beside `meta`: for the same search, the number of listings per property type, commodity and neighborhood and a price_per_night histogram in `currency` (converted as min_price is), so a count is the meta.total that applying that value gives. Types, neighborhoods and prices are one value at a time, so each is counted with its own filter left out (type=, neighborhood=, min_price/max_price in place of those sent; a bucket holds min ≤ price < max). Commodities add up (a listing must have all those sent), so a commodity is counted as if added to those sent (commodities=<those sent>,<its id>); one already sent counts meta.total. Without facets (or facets=0) the answer is the same as ever.
         */
        get: operations["listPublicProperties"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/properties/recommended": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Recommended listings
         * @description Public listings an admin flagged as recommended. Filters (all optional, combined with AND): q (public name, description or address, case-insensitive), type (type id), address (substring), checkin_date + checkout_date (YYYY-MM-DD; checkout after checkin, at most 365 nights, checkin not before yesterday UTC; 422 otherwise) with guests (default 1): only listings with one unit that holds the guests and is free on every night of the half-open stay [checkin, checkout) — a listing without room types is one unit of its capacity; with room types, one room type whose capacity holds the guests must have a unit left every night (no stop-sell; available_rooms, or count_of_rooms, minus booked above 0). guests without dates: one unit must hold them. min_price/max_price compare price_per_night in minor units of `currency` (default: the platform default currency; with none set, each listing's own currency): each price converted as payouts convert (amount ÷ the listing currency's exchange_rate × `currency`'s, rounded half-up to `currency`'s decimals, in exact decimal arithmetic), so a listing priced exactly P in `currency` (its own, or converted to it) is found by min_price=P and by max_price=P. near=<lat>,<lng> with radius_km (default 25, more than 0 and at most 500): great-circle distance, and each card gets distance_km. neighborhood (id). commodities=1,2: listings with all of them. sort: newest (default), price, -price, rating, distance (needs near). Cards show the internal name only to the listing's owner, admin and support (others read the public name there) and is_favorite only to signed-in callers. page and per_page (at most 100) page through the matches. A search over public listings counts and serves its first 1,000 matches (meta.total is at most 1000, later pages are empty): narrow it down to see others. Lists of one's own or, for staff, of all listings count exactly. Which listings match is always read fresh; a card's contents may be served from a cache of up to 15 s that every change of the listing through the API (and a review or a payment on it) clears at once, so only what no listing route announces (the owner's name or avatar, a renamed property type or commodity) can show up to 15 s late.
         */
        get: operations["listRecommendedProperties"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/properties/popular": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Popular listings
         * @description Public listings ordered by likes (like_count), then newest. Confirmed bookings of the last 90 days will rank first once reservations exist (they arrive with a later issue); until then likes alone decide. An explicit sort replaces this order. Filters (all optional, combined with AND): q (public name, description or address, case-insensitive), type (type id), address (substring), checkin_date + checkout_date (YYYY-MM-DD; checkout after checkin, at most 365 nights, checkin not before yesterday UTC; 422 otherwise) with guests (default 1): only listings with one unit that holds the guests and is free on every night of the half-open stay [checkin, checkout) — a listing without room types is one unit of its capacity; with room types, one room type whose capacity holds the guests must have a unit left every night (no stop-sell; available_rooms, or count_of_rooms, minus booked above 0). guests without dates: one unit must hold them. min_price/max_price compare price_per_night in minor units of `currency` (default: the platform default currency; with none set, each listing's own currency): each price converted as payouts convert (amount ÷ the listing currency's exchange_rate × `currency`'s, rounded half-up to `currency`'s decimals, in exact decimal arithmetic), so a listing priced exactly P in `currency` (its own, or converted to it) is found by min_price=P and by max_price=P. near=<lat>,<lng> with radius_km (default 25, more than 0 and at most 500): great-circle distance, and each card gets distance_km. neighborhood (id). commodities=1,2: listings with all of them. sort: newest (default), price, -price, rating, distance (needs near). Cards show the internal name only to the listing's owner, admin and support (others read the public name there) and is_favorite only to signed-in callers. page and per_page (at most 100) page through the matches. A search over public listings counts and serves its first 1,000 matches (meta.total is at most 1000, later pages are empty): narrow it down to see others. Lists of one's own or, for staff, of all listings count exactly. Which listings match is always read fresh; a card's contents may be served from a cache of up to 15 s that every change of the listing through the API (and a review or a payment on it) clears at once, so only what no listing route announces (the owner's name or avatar, a renamed property type or commodity) can show up to 15 s late.
         */
        get: operations["listPopularProperties"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/properties/get/favorites": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's favorites
         * @description Listings the caller has favorited, most recently added first, each with is_favorite true. A favorite whose listing the caller can no longer see (unpublished, hidden or archived since) is left out but kept: it shows again if the listing comes back.
         */
        get: operations["listFavorites"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reservations/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Price preview of a stay
         * @description Prices a stay without booking or holding anything; anonymous or signed in, same answer. The listing must be active and visible (else 404, for its owner too). A listing with room types needs rooms (422 rooms); one without is priced whole. A room type, rate plan, offer, package or service of another listing → 422 naming the field (rooms.<i>.rate_plan_id, offer_id, package_ids, service_ids). An unknown or unusable promo code is not an error: promo_applied is false. Dates that are not real dates, or a stay over 365 nights → 422; checkout on or before checkin, a check-in before the listing's today (its time zone), stay rules, capacity and full or stopped nights show in stay_validation (valid false) with the price still computed; creating such a reservation is refused with 422. Amounts are numbers in the listing currency. Example: send it as it is as traveller@demo.stays.test (password demo-traveller-pass, login type client), on the data of a fresh npm run seed:demo.
         */
        post: operations["previewReservation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/properties/{id}/availability": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Availability and price calendar of a listing
         * @description Night by night over [from, to): whether it can be booked, its price after seasons in the listing currency (per rate plan for a listing sold by room type, with the rooms left), and the stay rules of arriving or leaving that day (min/max stay, closed to arrival/departure, stop-sell). It says what POST /reservations/preview says: a stay whose nights are bookable and whose arrival and departure days allow it previews as valid, at these prices (before long-stay, offer and promo discounts, fees and taxes). Public for an active, visible listing (else 404, for its owner too); from not before to, or more than 366 nights → 422 to. Room types without a rate plan are not listed (they cannot be booked).
         */
        get: operations["getPropertyAvailability"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public-feedback/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A stay's feedback page (no authentication)
         * @description The id is the unguessable link id issued when the stay completed (192 random bits); it is the only credential, so an id never issued is 404. Shows the stay summary and its review, or null before one is left.
         */
        get: operations["getPublicFeedback"];
        put?: never;
        /**
         * Leave the review of a stay (no authentication)
         * @description Only for a completed stay (409 otherwise) and only once (409 on a second, also under concurrent submissions). Adds the rating to the listing's average in the same transaction. rating: integer 1–5; comment: at most 2000 characters, trimmed. Example: replace id: the feedback id seed:demo printed for a completed stay, then send it without a token.
         */
        post: operations["submitPublicFeedback"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/properties/{id}/reviews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A listing's reviews
         * @description Public for an active, visible listing; a hidden or draft listing only for its owner, admin and support (404 for others). Newest first; guest_first_name is the only guest detail shown.
         */
        get: operations["listPropertyReviews"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reservations/dashboard-stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Reservation figures for the dashboard
         * @description Owner: reservations on their own listings; admin and support: the platform; a client is 403. counts_by_status: every reservation in scope. revenue_by_month: total_minor of confirmed and completed reservations grouped by check-in month and currency (no conversion), for the current UTC month and the 11 before it, in currency units. occupancy_rate: unit-nights of confirmed/completed stays within each listing's next 30 days (from its today in its time zone) ÷ (units × 30), units = the room types' count_of_rooms, or 1 for a listing without room types, over active and inactive listings; rounded to 4 decimals, 0 without units. upcoming_checkins / upcoming_checkouts: confirmed reservations with that date in the listing's next 7 days (today included), earliest first, at most 20 each.
         */
        get: operations["getReservationStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reservations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * My reservations (read form)
         * @description Scope, as for GET /reservations/{id}: admin and support see every reservation; anyone else sees the reservations they made as a guest plus those on listings they own — so a client sees their own bookings, and an owner sees the bookings of their listings and their own stays elsewhere. Nothing outside the scope is ever counted or shown. Newest booking (created_at) first, id descending on ties. Paginated: page (default 1), per_page (default 20, max 100); meta {current_page, per_page, total, last_page}. Filters combine with AND; from/to select stays overlapping [from, to) (checkin_date < to and checkout_date > from), either may be given alone. A bad value → 422 naming the parameter. Each item is the read form of GET /reservations/{id}, prices from the snapshot taken at booking.
         */
        get: operations["listReservations"];
        put?: never;
        /**
         * Book a stay (simple form)
         * @description Any signed-in role may book, except the owner of the listing (403). Priced exactly as POST /reservations/preview (same total to the cent). The reservation is created pending and its nights are held for RESERVATION_HOLD_SECONDS (default 30 min) until paid. Stay rules, capacity, past or inverted dates → 422 naming checkin_date / checkout_date / guests / rooms; nights already sold → 409 DATES_UNAVAILABLE (nothing written); a promo code used up meanwhile → 409; more than 5 live unpaid pending reservations → 422 pending_reservations. Honours Idempotency-Key: a repeat returns the first answer and books once. Answers the lighter variant: guests and price_details are JSON text, total is decimal text. Example: send it as it is as traveller@demo.stays.test (password demo-traveller-pass, login type client), on the data of a fresh npm run seed:demo.
         */
        post: operations["createReservation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reservations/multi-room": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Book several rooms
         * @description Any signed-in role may book, except the owner of the listing (403). Priced exactly as POST /reservations/preview (same total to the cent). The reservation is created pending and its nights are held for RESERVATION_HOLD_SECONDS (default 30 min) until paid. Stay rules, capacity, past or inverted dates → 422 naming checkin_date / checkout_date / guests / rooms; nights already sold → 409 DATES_UNAVAILABLE (nothing written); a promo code used up meanwhile → 409; more than 5 live unpaid pending reservations → 422 pending_reservations. Honours Idempotency-Key: a repeat returns the first answer and books once. guests is the list of people staying: age ≥ 18 is an adult, younger a child; the list and the contact fields are kept with the reservation. Answers the read form. Example: send it as it is as traveller@demo.stays.test (password demo-traveller-pass, login type client), on the data of a fresh npm run seed:demo.
         */
        post: operations["createMultiRoomReservation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reservations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A reservation (read form)
         * @description For its guest, the listing's owner, admin and support; 404 for anyone else. Prices come from the snapshot taken at booking.
         */
        get: operations["getReservation"];
        /**
         * Change the dates, rooms or guests of a reservation
         * @description Guest, listing owner or admin (support: 403; anyone else: 404). Only a pending or confirmed reservation whose check-in day (listing time zone) has not come yet (409 otherwise; 409 too when a pending hold has lapsed). Omitted members keep their booked value. The stay is re-priced at current rates and rules with the booking's own extras (offer, packages, services, and its promo without counting another use; extras deleted since are dropped); the cancellation policy stays the booked one. Nights move atomically: if any new night is taken → 409 DATES_UNAVAILABLE and nothing changes; stay rules and capacity → 422 per field. Open checkouts: every accepted change moves the reservation to a new version, and every checkout opened before it is superseded in the same transaction (payment status expired) and expired at the processor right after (the local page then says the checkout has expired and takes no money). A payment that still lands on a superseded checkout is never counted: it is refunded in full, once (refund reason superseded). Money: a pending booking just gets the new total, paid through a new checkout. On a confirmed booking the new total is compared with what the platform holds (paid − refunds requested): a surplus → needs_additional_payment, pricing.additional_due and one pending payment of type additional for the new version; a shortfall → refund_initiated and refund_amount, the whole difference, requested from the processor. pricing also carries paid_amount, refund_due and price_difference. No night without money or a deadline: a surplus on a confirmed booking is applied at once but holds the added nights only until RESERVATION_HOLD_SECONDS after the first unpaid change (a further change keeps that deadline; the stay as paid for keeps its nights meanwhile, and the additional checkout ends with the deadline). Unpaid then, the change is reverted: the stay goes back to what was paid for, the added nights are released, guest and owner are told, and a payment that still lands is refunded in full (refunded_late). Honours Idempotency-Key. Example: send it as it is as traveller@demo.stays.test (password demo-traveller-pass, login type client), on the data of a fresh npm run seed:demo.
         */
        put: operations["modifyReservation"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reservations/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a reservation
         * @description Guest, listing owner, admin or support (anyone else: 404). Only pending or confirmed (409 otherwise, also on a second cancel). The nights go back on sale in the same transaction. Refund of what the platform holds for the booking: in full when the owner or an admin cancels; otherwise by the cancellation policy kept at booking (flexible: full until 24 h before check-in; moderate: full until 5 days before; strict: full within 48 h of booking if check-in is ≥ 14 days away, else 50 % until 7 days before; the most generous policy listed wins), the check-in instant taken in the listing's time zone. An unpaid booking refunds nothing. Open checkouts of the booking (its own or an additional payment) are superseded in the same transaction and expired at the processor right after; a payment that still lands on one is refunded in full, once. Answers the read form with refund_initiated and refund_amount (currency units); the refund itself is executed by the payment processor. Example: send it as it is as traveller@demo.stays.test (password demo-traveller-pass, login type client), on the data of a fresh npm run seed:demo.
         */
        post: operations["cancelReservation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reservations/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search my reservations (lighter variant)
         * @description Scope, as for GET /reservations/{id}: admin and support see every reservation; anyone else sees the reservations they made as a guest plus those on listings they own — so a client sees their own bookings, and an owner sees the bookings of their listings and their own stays elsewhere. Nothing outside the scope is ever counted or shown. Newest booking (created_at) first, id descending on ties. Paginated: page (default 1), per_page (default 20, max 100); meta {current_page, per_page, total, last_page}. Filters combine with AND; from/to select stays overlapping [from, to) (checkin_date < to and checkout_date > from), either may be given alone. A bad value → 422 naming the parameter. q matches a booking reference by prefix or a guest or contact name by substring; without q this is the list of GET /reservations without its property_id filter. Items are the lighter variant: guests and price_details are JSON text, total is decimal text equal to price_details.total.
         */
        get: operations["searchReservations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chats/send_messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a message (multipart: text, attachment, references)
         * @description Anyone may write to an owner, support or admin; support and admin may write to anyone; writing to a client needs a reservation in common (one of the two booked a listing of the other, any status) or that the client wrote to the sender first (a reply to an enquiry) — otherwise 403. An unknown, deleted or deactivated receiver is 404; oneself is 422. content (≤ 5000 characters, trimmed) or attachment is required (422 naming content). attachment: JPEG, PNG, GIF, WebP or PDF judged by content (415 otherwise), at most 10 MB (413); both name the field attachment. An image is decoded and re-encoded in its own format: EXIF (GPS position, camera serial) and all other metadata, and anything after the image data (an HTML or script trailer), are dropped; turned upright first, and scaled to fit 2560 px; an image that cannot be decoded, or declares more than 50 megapixels however small the file (a decompression bomb), is 422 naming the field. A PDF is kept as sent and always downloaded as an attachment; stored under a generated name and served only to the two parties and support/admin at the returned attachment path. reservation_id: a reservation the caller has a part in (guest, the listing's owner, or support/admin; 404 otherwise, as for an unknown one) and the receiver too (422 otherwise). document_id is kept as sent. Checks run in that order, the file last, so nothing is stored for a refused message. A field, or the name of a file sent under it, holding text PostgreSQL cannot store (a NUL character, an unpaired surrogate) is 422 naming that field. A request refused or failing at any step keeps no file: files are written only after every check, and removed again when anything after the write fails. Honours Idempotency-Key (contract §2; the file's bytes are part of the request compared). In the same transaction the outbox event message.created {message_id, sender_id, receiver_id, sender_name, content, kind (text|image|file), created_at, reservation_id?, attachment?} is written: it reaches the receiver on /ws/chat and as a message notification. A receiver_id that is not all digits names a travel-platform thread: only the owner of the thread's listing may reply (support/admin 403, anyone else 404 as for an unknown thread). The reply is stored with receiver_id null, the thread's source, provider, booking_id and guest name, and the outbox event channel.message.outgoing {message_id, property_id, sender_id, external_thread_id, source, provider, booking_id, content, created_at, attachment?} for the channel manager; reservation_id is refused there (422). Answers 201 with the message in its REST form. Example: send it as it is as traveller@demo.stays.test (password demo-traveller-pass, login type client), on the data of a fresh npm run seed:demo.
         */
        post: operations["sendMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chats/messages/{otherUserId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The messages of one conversation (marks them read)
         * @description otherUserId: a user id, or a travel-platform thread id (a string). Internal conversations hold the messages between the caller and that user in both directions; a thread, every message of it (its listing's owner, or support/admin; 404 for anyone else). Newest first by default (order=asc for oldest first); paginated (page, per_page ≤ 100). Every unread message to the caller in the conversation (not only this page) is marked read in the same request; the answer shows each message as it was before, so a client can highlight what was new. No event is emitted. Unknown user: 404 (a deleted user keeps their history); oneself: 422.
         */
        get: operations["listMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chats/conversation_summaries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's conversations, latest first
         * @description One entry per counterpart: another user (user_id a number), or a travel-platform thread of one of the caller's listings (user_id the thread id, a string; source channel, provider). Ordered by the latest message, newest first; paginated (page, per_page ≤ 100, meta.total = conversations). last_message is the latest text ("[image]" / "[file]" for an attachment alone). is_read is 1 when nothing addressed to the caller is unread (unread_count, not in the spec, gives how many are). phone is shown only to support/admin or between the guest and the owner of a shared reservation. is_online comes from live real-time connections on any instance; last_seen (when the last one closed) is given only when offline. Reading this list marks nothing read.
         */
        get: operations["listConversations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chats/attachments/{messageId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The attachment of a message
         * @description Not in the spec: where a message's attachment URL points. Only the sender, the receiver (the listing's owner on a travel-platform thread) and support/admin; 404 for anyone else and for a message without attachment. Served with the type checked at upload, nosniff, a sandboxing CSP and Cache-Control private, no-store; images (re-encoded at upload) inline, PDF (kept as sent) as attachment.
         */
        get: operations["getMessageAttachment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chatbots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Recent chatbot conversations (support, admin)
         * @description Newest first, with the user who asked; filter by status (answered, needs_support, replied). Paginated (page, per_page ≤ 100). 403 for other roles.
         */
        get: operations["listChatbotConversations"];
        put?: never;
        /**
         * Ask the chatbot
         * @description Any signed-in user. property_id, when sent, must be a listing the caller may see (404 otherwise). The default engine matches keywords and intents, in English and French (it answers in the question's language): check-in and check-out times, house rules, pets, breakfast, cancellation policy, amenities (the list, or the ones a question names), Wi-Fi. The Wi-Fi network and password are given only to a guest with a confirmed reservation at that listing whose stay is not over (checkout today or later in the listing's time zone); anyone else — owner and staff included — is told that the listing has Wi-Fi and that the details are shared with confirmed guests. A fact the owner left empty is never guessed. The listing's facts come first; then the active FAQ entry with the most keywords in the question. A question it cannot answer is stored with status needs_support, answer a notice that support will reply, answered_from null, and the outbox event chatbot.handoff {conversation_id, user_id, property_id, question, created_at} is written in the same transaction. Every question is kept (GET /chatbots). Answers 201 with the conversation. Example: send it as it is as traveller@demo.stays.test (password demo-traveller-pass, login type client), on the data of a fresh npm run seed:demo.
         */
        post: operations["askChatbot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/history_chatbots/{id}/response": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Support's reply to a chatbot conversation (support, admin)
         * @description Stores support_reply, replied_by, replied_at and status replied, and in the same transaction delivers the reply to the user as a chat message from the agent (content: Re: "<question>", a blank line, the reply) with its message.created event, so it reaches the user on /ws/chat and as a message notification, and the user can answer in the chat. Any conversation can be answered once (a bot answer may be corrected); a second reply is 409, as is a reply to one's own question. Unknown id: 404. Answers the conversation. Example: replace id: a conversation of GET /chatbots (askChatbot makes one), then send it as support@demo.stays.test (password demo-support-pass, login type support).
         */
        post: operations["replyToChatbotConversation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chatbots/faqs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The chatbot's FAQ (admin; support may read)
         * @description Every entry, oldest first; filter with is_active. Paginated (page, per_page ≤ 100).
         */
        get: operations["listFaqs"];
        put?: never;
        /**
         * Add an FAQ entry (admin)
         * @description Keywords are stored trimmed, lower-case and without duplicates. Active unless is_active is false. Answers 201 with the entry. Example: send it as it is as admin@demo.stays.test (password demo-admin-pass, login type admin), on the data of a fresh npm run seed:demo.
         */
        post: operations["createFaq"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chatbots/faqs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change an FAQ entry (admin)
         * @description Only the members sent change (at least one of question, answer, keywords, is_active; 422 otherwise). Unknown id: 404. Example: replace id: an entry of GET /chatbots/faqs (createFaq makes one), then send it as admin@demo.stays.test (password demo-admin-pass, login type admin).
         */
        put: operations["updateFaq"];
        post?: never;
        /**
         * Delete an FAQ entry (admin)
         * @description Conversations answered from it keep their answer. Unknown id: 404.
         */
        delete: operations["deleteFaq"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ws/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Notifications over WebSocket
         * @description The connected user's notifications only, as the spec's WebSocket notification (type: the six spec values; a support broadcast is `message`). Authentication: the Authorization Bearer header, else `?token=`, else the session cookie named by `current_token_type`; a missing or bad token or a revoked session refuses the upgrade with HTTP 401 and the error body (403 for a cookie-authenticated socket from an origin other than ours). Caps: at most REALTIME_MAX_CONNECTIONS_PER_ADDRESS (default 128) real-time connections (both WebSockets and the SSE stream, open or still authenticating) per client address, checked before the token is looked at: beyond it HTTP 429 with Retry-After and the error body, even for a WebSocket upgrade. At most REALTIME_MAX_CONNECTIONS_PER_USER (default 16) open connections per user on each server instance (several instances behind a balancer each allow as many): the newest beyond it is refused and the open ones stay. Close codes: 4429 "too many connections" for the user's connection beyond the cap (sent right after the upgrade, so a browser can read it); 4401 when the session is revoked (reason "session revoked": logout, password change, deactivation), when the access token the socket was opened (or last re-authenticated) with expires (reason "token expired"), or when a re-authentication frame is refused (reason "token refused"): on any 4401, refresh the token (log in again if that fails) and reconnect. 1013 when the client reads too slowly and its send buffer passes REALTIME_MAX_BUFFER_BYTES, 1001 when the server shuts down. Re-authentication in band: before the token expires, send the text frame `{"type":"authenticate","token":"<access token>"}` with a token of the same session (the one POST /auth/refresh returns); the socket then lives until that token expires. Nothing is sent back when it is accepted; a refused one closes with 4401. The server pings every REALTIME_PING_MS and terminates a socket that did not answer the previous ping. Any other frame from the client is ignored. A plain GET without the upgrade is 426.
         */
        get: operations["connectNotificationSocket"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ws/chat": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Chat messages over WebSocket
         * @description Messages the connected user receives, and the ones they send (to their other devices), as the spec's real-time chat message. Authentication: the Authorization Bearer header, else `?token=`, else the session cookie named by `current_token_type`; a missing or bad token or a revoked session refuses the upgrade with HTTP 401 and the error body (403 for a cookie-authenticated socket from an origin other than ours). Caps: at most REALTIME_MAX_CONNECTIONS_PER_ADDRESS (default 128) real-time connections (both WebSockets and the SSE stream, open or still authenticating) per client address, checked before the token is looked at: beyond it HTTP 429 with Retry-After and the error body, even for a WebSocket upgrade. At most REALTIME_MAX_CONNECTIONS_PER_USER (default 16) open connections per user on each server instance (several instances behind a balancer each allow as many): the newest beyond it is refused and the open ones stay. Close codes: 4429 "too many connections" for the user's connection beyond the cap (sent right after the upgrade, so a browser can read it); 4401 when the session is revoked (reason "session revoked": logout, password change, deactivation), when the access token the socket was opened (or last re-authenticated) with expires (reason "token expired"), or when a re-authentication frame is refused (reason "token refused"): on any 4401, refresh the token (log in again if that fails) and reconnect. 1013 when the client reads too slowly and its send buffer passes REALTIME_MAX_BUFFER_BYTES, 1001 when the server shuts down. Re-authentication in band: before the token expires, send the text frame `{"type":"authenticate","token":"<access token>"}` with a token of the same session (the one POST /auth/refresh returns); the socket then lives until that token expires. Nothing is sent back when it is accepted; a refused one closes with 4401. The server pings every REALTIME_PING_MS and terminates a socket that did not answer the previous ping. Any other frame from the client is ignored. A plain GET without the upgrade is 426.
         */
        get: operations["connectChatSocket"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Notifications as server-sent events
         * @description The connected user's notifications. Each event: `id: <notification id>`, `event: <type>`, `data: {"type", "data": {id, title, message, timestamp, metadata}}` with the SSE type names of contract §8. With `Last-Event-ID` (header, or ?last_event_id=) the notifications after that id are first replayed from the database, oldest first (at most the newest 1000), then live ones follow with no duplicate and no gap. A `: ping` comment every REALTIME_HEARTBEAT_MS (at most 30 s); `retry: 3000`. Authentication as the WebSocket routes (401 JSON error body when refused). Caps: at most REALTIME_MAX_CONNECTIONS_PER_ADDRESS (default 128) real-time connections (both WebSockets and the SSE stream, open or still authenticating) per client address, checked before the token is looked at: beyond it HTTP 429 with Retry-After and the error body, even for a WebSocket upgrade. At most REALTIME_MAX_CONNECTIONS_PER_USER (default 16) open connections per user on each server instance (several instances behind a balancer each allow as many): the newest beyond it is refused and the open ones stay. A stream refused for the per-user cap is HTTP 429 with Retry-After and the error body (code RATE_LIMITED). The stream ends when the session is revoked, when the access token it was opened with expires (there is no in-band re-authentication here: the browser reconnects on its own, which succeeds with a refreshed session cookie; with ?token=, open a new stream with a fresh token and ?last_event_id=), or when the server shuts down; a client whose unread backlog passes REALTIME_MAX_BUFFER_BYTES is disconnected and resumes with Last-Event-ID.
         */
        get: operations["streamNotifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * My notifications
         * @description Only the caller's own notifications exist for the caller: one row per recipient, written when a domain event concerns them (booking, confirmation, payment, cancellation or expiry, refund, host application decision, chat message, review, reservation change) or by a support broadcast. payload is JSON text (not parsed), is_read 0/1, user the recipient; the REST form has no type. Newest first (id descending). Paginated: page (default 1), per_page (default 20, max 100); meta {current_page, per_page, total, last_page}.
         */
        get: operations["listNotifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * My notifications by read status
         * @description Only the caller's own notifications exist for the caller: one row per recipient, written when a domain event concerns them (booking, confirmation, payment, cancellation or expiry, refund, host application decision, chat message, review, reservation change) or by a support broadcast. payload is JSON text (not parsed), is_read 0/1, user the recipient; the REST form has no type. is_read is required: 0 lists the unread ones, 1 the read ones; another value → 422 is_read. Newest first (id descending). Paginated: page (default 1), per_page (default 20, max 100); meta {current_page, per_page, total, last_page}.
         */
        get: operations["listNotificationsByStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/unread-count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How many of my notifications are unread
         * @description data: {count}.
         */
        get: operations["countUnreadNotifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/mark-all-as-read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark all my notifications read
         * @description No body. data.count is how many were unread (0 when none; calling it again is harmless).
         */
        post: operations["markAllNotificationsRead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One of my notifications
         * @description Only the caller's own notifications exist for the caller: one row per recipient, written when a domain event concerns them (booking, confirmation, payment, cancellation or expiry, refund, host application decision, chat message, review, reservation change) or by a support broadcast. payload is JSON text (not parsed), is_read 0/1, user the recipient; the REST form has no type. Another user's notification is 404, as an unknown id. Reading it does not mark it read.
         */
        get: operations["getNotification"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/{id}/mark-as-read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark one of my notifications read
         * @description No body. Answers the notification with is_read 1. Idempotent: marking a read one again answers the same, and keeps its first read time and updated_at. Another user's notification is 404.
         */
        post: operations["markNotificationRead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a notification to a role and/or listed users (support, admin)
         * @description Support and admin only (403 for other roles). Recipients: the accounts in `user_ids` when it is given, each once; else every active account with `role`; at least one of the two (422 naming role and user_ids otherwise). With both, `role` narrows and never widens: the recipients are exactly the listed accounts, and every listed account must have that role (422 naming user_ids and listing the ids that do not, nothing sent). Deleted, deactivated and unknown accounts are skipped, so data.count (the notifications written) can be below the number asked. title and message are trimmed and must not be blank. payload, when given, must be JSON text of an object (422 payload otherwise); it is stored parsed and returned by the REST routes as JSON text, and sent as `data` on the real-time transports, where the notification is 'notification.general' (SSE) / 'message' (WebSocket). Written in chunks of 1000 recipients by user id, each committed on its own: recipients of the first chunks may see it before the last chunk is written, and a failure midway leaves the chunks already written. Honours Idempotency-Key: a repeat with the key answers the first result and sends nothing again. Example: send it as it is as support@demo.stays.test (password demo-support-pass, login type support), on the data of a fresh npm run seed:demo.
         */
        post: operations["sendNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/process": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Open a hosted checkout for what a reservation owes
         * @description Only the guest who booked (owner, admin, support: 403; anyone else: 404). What is owed is derived: total − (paid − refunds requested). type reservation: a pending booking with a live hold that holds no money, for its total; type additional: a confirmed booking that owes a surplus after a modification, for what it owes now. Anything else → 409 (nothing owed, hold lapsed, already paid). currency must be the reservation's (422). The checkout is opened for one reservation, amount, currency and version of the reservation: repeated or concurrent calls return the same payment and session while it is live (also honours Idempotency-Key); an open checkout for an older version or another amount is superseded (expired here and at the processor) and a new one opened; a checkout whose session lapsed is replaced by a new payment. The reservation's own checkout expires with the hold, an additional one after RESERVATION_HOLD_SECONDS. If the booking changes while the processor is answering, the new session is expired and the call answers 409 (open it again). Send the guest to payment.payment_details.url; they come back to the success URL with session_id, then call GET /subscription-payment/verify. Example: send it as it is as traveller@demo.stays.test (password demo-traveller-pass, login type client), on the data of a fresh npm run seed:demo.
         */
        post: operations["processPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subscription-payment/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Confirm a payment after the hosted checkout
         * @description The confirmation mechanism: asks the processor for the session and, when it is paid for exactly the amount and currency of its payment, records the payment (paid) once, however many times it is called or raced with the webhook. The money counts towards the booking only when the checkout is for the reservation's current version and pays what is owed now: then a reservation payment confirms the booking (outcome confirmed) and an additional one clears the surplus. A payment on a checkout superseded by a change or cancellation since it was opened is refunded in full (outcome refunded_superseded); one that lands after the hold lapsed confirms if the nights are still free, otherwise it is refunded in full (outcome refunded_late). Such a payment shows as refund_pending (never paid) from the moment it is recorded, and every later call answers the same outcome. A session paid with another amount or currency is recorded as received (refund_pending), never counted, refunded in full and support alerted (outcome refunded_mismatch). The session id is the credential (no token needed). Unknown session → 404.
         */
        get: operations["verifyPayment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The payment processor's webhook
         * @description Signed by the processor (Stripe-Signature for stripe, Local-Signature for the built-in processor) over the raw body, with a 300 s tolerance: a missing, wrong, tampered or stale signature → 400 and nothing changes. checkout.session.completed and async_payment_succeeded confirm through the same path as verify (exactly once; a superseded or late payment is refunded in full). A delayed method (bank debit) completes with payment_status unpaid: nothing is recorded and the booking stays pending on its hold; its later async_payment_succeeded confirms (or, the hold lapsed and the nights sold, is refunded in full) and async_payment_failed marks the payment failed, tells the guest and releases the nights (a pending booking expires, an unpaid change is reverted). checkout.session.expired closes the unpaid payment. A paid session no payment records but whose client_reference_id is one of our payments (an attempt whose answer was lost) is recorded and refunded in full; so is a session paid with another amount or currency (200, support alerted). Other events and unknown sessions are acknowledged (200) and ignored.
         */
        post: operations["handlePaymentWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/{userId}/all-payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A user's payment history
         * @description For the user themself, admin and support (anyone else: 404). Newest first, paginated.
         */
        get: operations["listUserPayments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/{userId}/pending-payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A user's unpaid payments
         * @description For the user themself, admin and support (anyone else: 404). Newest first, paginated. Only payments still pending (an open checkout or an additional payment owed).
         */
        get: operations["listPendingPayments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payouts/all-eligible-owners": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Owners owed a payout now, with original and converted balances
         * @description Admin and support (others 403). An owner's balance in a currency is the sum of their earnings-ledger lines in it that are in no payout yet and payable by now (PAYOUT_DELAY_HOURS after check-in): earnings are positive, refund reversals negative, so they net out; only positive balances count. Per owner, one balance per currency, each converted to the settings' currency or ?currency= (active, else 422). Owners without a payout account are listed with has_payout_account false. Largest total first; paginated.
         */
        get: operations["listEligibleOwners"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payouts/process": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Plan payouts and, unless dry_run, make them
         * @description Admin only. An owner's balance in a currency is the sum of their earnings-ledger lines in it that are in no payout yet and payable by now (PAYOUT_DELAY_HOURS after check-in): earnings are positive, refund reversals negative, so they net out; only positive balances count. Fields not sent come from the settings. Plan: the balances whose converted amount is ≥ min_amount, owners with a payout account, largest first, at most max_payouts; the rest are listed under skipped with a reason. dry_run true writes nothing and answers the same plan a real run would make. A real run first re-sends open payouts whose outcome is unknown, then for each entry binds the owner's due earnings to a new payout in one transaction and transfers the converted amount through the processor with the idempotency key payout-<id>. Each earning is paid once even when runs race (owner row locked, lines bound only while free). A processor outage leaves the payout failed, re-sent later under the same key; a rejection frees its earnings for a later payout. The request fields are repeated in data as applied. Honours Idempotency-Key. Example: send it as it is as admin@demo.stays.test (password demo-admin-pass, login type admin), on the data of a fresh npm run seed:demo.
         */
        post: operations["processPayouts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payouts/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Payout settings
         * @description Admin and support. The defaults of a payout run. Until first saved: min_amount 0, max_payouts 100, the default currency, updated_at null.
         */
        get: operations["getPayoutSettings"];
        /**
         * Change the payout settings
         * @description Admin only. Only the fields sent change. currency must exist and be active; min_amount is in that currency and must fit its decimals (422 naming the field); changing the currency keeps the min_amount figure as is. Audited. Example: send it as it is as admin@demo.stays.test (password demo-admin-pass, login type admin), on the data of a fresh npm run seed:demo.
         */
        put: operations["updatePayoutSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payouts/currencies-processor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Currencies the payment processor can pay out in
         * @description Admin and support. The active currencies of the table (default first, then by code), each with supported: whether the processor can pay out in it. A run can only target a supported one. Not paginated (bounded by the currency table).
         */
        get: operations["listPayoutCurrencies"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payouts/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An owner's payout account
         * @description The caller's own; admin and support may name owner_id (an owner naming someone else: 403; unknown: 404).
         */
        get: operations["getPayoutAccount"];
        /**
         * Set where an owner's payouts are sent
         * @description An owner sets their own; an admin sets any owner's by naming owner_id (an owner naming someone else: 403). payout_account_id is the processor's connected account (Stripe: acct_…, else 422); null clears it. It cannot change while the owner has a pending or failed payout (409), because that payout is re-sent to the same account under the same idempotency key. Audited. Example: send it as it is as owner@demo.stays.test (password demo-owner-pass, login type client), on the data of a fresh npm run seed:demo.
         */
        put: operations["updatePayoutAccount"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/owners/me/performance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Occupancy, ADR, RevPAR and revenue per listing and month
         * @description Per listing and month, for the nights in [from, to) (a night belongs to the month of its date). Units: a listing with room types has count_of_rooms units per room type; one without is one unit. nights_available: per unit kind and night, the units open to sell: 0 on a stop-sell night (the calendar's, or every rate plan of the room type stopping sales on that weekday; a room type without a rate plan sells nothing), else the calendar's available_rooms (or count_of_rooms) minus the units blocked by imported calendars (iCal); a unit already sold that night counts as available (sold before the night was closed), so occupancy never passes 1. nights_sold: units held by confirmed and completed reservations (rooms × nights); pending holds, expired and cancelled ones are not sold. revenue: each sold reservation's total (what the guest pays, after discounts, with fees and tax) split equally over its nights (the remainder one minor unit at a time to the first nights), the shares of the nights in the month summed. adr = revenue ÷ nights_sold; revpar = revenue ÷ nights_available; both rounded half-up to the currency's minor unit. cancellations: reservations that had been confirmed and were cancelled, in the month of the cancellation date (the listing's time zone), not of the stay. avg_lead_days and avg_length_of_stay: over the sold reservations arriving in the month (check-in date), lead = check-in − booking date in the listing's time zone. Currencies: revenue, adr and revpar are in the row's currency (the listing's); revenue_default, adr_default and revpar_default in data.currency, the default currency, converted with the currency table's exchange rates (amount ÷ rate_listing × rate_default, exact, rounded half-up); totals are in the default currency only, since listings may use different currencies. Who: an owner sees their own active and inactive listings (property_id: that listing whatever its status; another owner's is 404; owner_id naming someone else is 403); an admin names owner_id or property_id (neither: 422); everyone else 403. Accept: text/csv answers the same rows as CSV (RFC 4180, header line, CRLF): month, property_id, currency, nights_available, nights_sold, occupancy, adr, revpar, revenue, cancellations, avg_lead_days, avg_length_of_stay, default_currency, revenue_default, adr_default, revpar_default; totals are not in it. To try it on a fresh npm run seed:demo: log in as owner@demo.stays.test (password demo-owner-pass, login type client) and send it without parameters: the last 12 months hold the demo traveller's past stays at the Nice villa (5) and the Barcelona apartment (4).
         */
        get: operations["getOwnerPerformance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/channel/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The channel manager's webhook (bookings and messages from travel platforms)
         * @description Authenticated by the shared secret in the x-channel-secret header (CHANNEX_WEBHOOK_SECRET; wrong or missing → 401, nothing pulled). 404 when no channel manager or no webhook secret is configured. Answers 200 at once; booking events then pull the unacknowledged booking revisions (each applied once by its revision id, acknowledged after commit), a message event pulls that thread. Travel platforms map to the spec's pair: Airbnb (or OtaB) → provider OtaB / source channel_ota_b, any other → OtaA / channel_ota_a. Example: replace the whole body: the channel manager sends and signs it, then send it without a token.
         */
        post: operations["handleChannelWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/properties/{id}/channel/sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Link the listing to the channel manager now (create it there, or send what changed), then push its nights
         * @description The owner of the listing or an admin (others who can see it: 403; cannot see it: 404). The body (optional) carries contact details Channex needs before it connects the listing to a travel platform; they are kept. Creates the listing, its room types and rate plans at the channel manager (a listing sold whole becomes one room type of one unit), or updates those that changed since last sent, and stores channel_property_id and channel_synced_at. The first link, and a link a day or more after the last full sync, is a full sync: the next 500 nights of availability and rates/restrictions are sent again in one call per kind; any other link sends only what changed. Ids are stored as each create answers, so a retry after a failure half-way updates rather than duplicates. 409 CHANNEL_NOT_CONFIGURED with CHANNEL_MANAGER=none; 409 CONFLICT when the listing lacks a name, country, address, map position, contact e-mail, phone, zip code, city or state (the message names them; see missing_for_link), or is being linked right now; 502 CHANNEL_REJECTED when the channel manager refuses the listing, 503 CHANNEL_UNAVAILABLE when it cannot be reached or limits us (both recorded as a link failure; a 503 is retried by the push job with backoff). Answers the channel status: data = {channel_manager, linked, channel_property_id, channel_synced_at, full_sync_at, link_requested, missing_for_link: [text], contact: {email, phone, zip_code, city, state}, last_push: {availability: {at, succeeded_at, ok, error, warnings, attempts, next_attempt_at}, restrictions: {same}}, pending_changes: {availability: n, restrictions: n}, failures: [{kind, message, warnings, created_at}], unplaced_bookings: [{revision_id, booking_id, platform, guest, arrival, departure, reason, received_at}], unacknowledged_revisions: n, drift: {nights: n, checked_at, sample: [{room_type_id, night, ours, remote}]}}. linked: the listing exists at the channel manager. last_push.<kind>.ok: true when the last push succeeded, false when it failed or was answered with warnings (a 200 with warnings means the channel manager refused those values: they are recorded as a failure, in plain words, and not resent), null before any push; next_attempt_at: the push waits until then (backoff after 429/5xx). pending_changes: changed ranges not yet pushed (the push job runs every 10 s, at most CHANNEX_CALLS_PER_MINUTE calls per listing and kind per minute, one call per kind carrying only the nights that differ from what the channel manager was last told). failures: unresolved failures, newest first, at most 20 (link, availability, restrictions, booking, message, reconcile); a later success of the same kind resolves them. unplaced_bookings: platform bookings whose room is not mapped, acknowledged so the feed moves on, waiting for the owner. unacknowledged_revisions: revisions applied here not yet acknowledged there. drift: nights of the next 90 where the channel manager's availability differs from ours, found by the hourly reconciliation (checked_at: its last read; nights waiting to be pushed are not counted); shown, not overwritten, since a lower number there is often a platform booking not yet pulled; the next push of those nights sets them. Example: send it as it is as owner@demo.stays.test (password demo-owner-pass, login type client), on the data of a fresh npm run seed:demo. It needs a channel manager (CHANNEL_MANAGER); without one the answer is 409 CHANNEL_NOT_CONFIGURED.
         */
        post: operations["syncChannel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/properties/{id}/channel/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What the link to the channel manager is doing for this listing
         * @description The owner of the listing, admin and support; anyone else: 404. data = {channel_manager, linked, channel_property_id, channel_synced_at, full_sync_at, link_requested, missing_for_link: [text], contact: {email, phone, zip_code, city, state}, last_push: {availability: {at, succeeded_at, ok, error, warnings, attempts, next_attempt_at}, restrictions: {same}}, pending_changes: {availability: n, restrictions: n}, failures: [{kind, message, warnings, created_at}], unplaced_bookings: [{revision_id, booking_id, platform, guest, arrival, departure, reason, received_at}], unacknowledged_revisions: n, drift: {nights: n, checked_at, sample: [{room_type_id, night, ours, remote}]}}. linked: the listing exists at the channel manager. last_push.<kind>.ok: true when the last push succeeded, false when it failed or was answered with warnings (a 200 with warnings means the channel manager refused those values: they are recorded as a failure, in plain words, and not resent), null before any push; next_attempt_at: the push waits until then (backoff after 429/5xx). pending_changes: changed ranges not yet pushed (the push job runs every 10 s, at most CHANNEX_CALLS_PER_MINUTE calls per listing and kind per minute, one call per kind carrying only the nights that differ from what the channel manager was last told). failures: unresolved failures, newest first, at most 20 (link, availability, restrictions, booking, message, reconcile); a later success of the same kind resolves them. unplaced_bookings: platform bookings whose room is not mapped, acknowledged so the feed moves on, waiting for the owner. unacknowledged_revisions: revisions applied here not yet acknowledged there. drift: nights of the next 90 where the channel manager's availability differs from ours, found by the hourly reconciliation (checked_at: its last read; nights waiting to be pushed are not counted); shown, not overwritten, since a lower number there is often a platform booking not yet pulled; the next push of those nights sets them.
         */
        get: operations["getChannelStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/properties/{id}/calendar.ics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The listing's availability as iCal (busy nights, today to 365 days on)
         * @description No login: the token of the secret link (GET /properties/{id}/calendar/ical) is the credential; a wrong or missing token, or an unknown listing, is 404. One all-day event (DTSTART/DTEND VALUE=DATE, DTEND exclusive) per range of consecutive nights with no unit left to sell: a listing sold whole when its unit is booked, blocked by an imported calendar, stopped or closed; a listing with room types when none has a unit left. UID = listing and first night of the range (stable while the range starts there); SUMMARY "Reserved" when a reservation takes a unit on some night of the range, else "Not available"; no guest data.
         */
        get: operations["exportPropertyCalendar"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/properties/{id}/calendar/ical": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The listing's secret iCal link and its imported calendars
         * @description Owner of the listing, admin, support; anyone else 404 (the links are not part of the public listing). The link's token is made on the first request.
         */
        get: operations["getIcalLink"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/properties/{id}/calendar/ical/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the secret iCal link (the old one stops working)
         * @description Owner of the listing or admin; support 403; anyone else 404.
         */
        post: operations["rotateIcalLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/properties/{id}/calendar/ical-feeds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Imported calendars
         * @description Owner of the listing, admin, support; anyone else 404.
         */
        get: operations["listIcalFeeds"];
        put?: never;
        /**
         * Import an external calendar (iCal URL) whose busy dates block the listing
         * @description Owner of the listing or admin (support 403, anyone else 404). Fetched at once and every 30 minutes. Only http(s) URLs resolving to public addresses (loopback, private, link-local and other reserved ranges are refused unless ICAL_ALLOW_PRIVATE), at most ICAL_MAX_BYTES, within ICAL_TIMEOUT_MS, three redirects (each checked again), text/calendar or text/plain parsing as VCALENDAR, read on a worker thread within a budget for the whole file (ICAL_MAX_OCCURRENCES event occurrences, ICAL_PARSE_TIMEOUT_MS). Refused URL, too large, over the budget or not a calendar → 422 url naming why; too many calendars waiting to be read → 503; the calendar server failing (error status, no answer in time) → 502 CALENDAR_FETCH_FAILED; nothing is stored then. Events (all-day or timed, recurring ones expanded, cancelled and transparent ones ignored) block nights [start, end) from today to 365 days on; a night already fully booked stays booked and is listed in conflicts. room_type_id: required for a listing with room types (one unit of it is blocked per busy night), absent or 0 for a listing sold whole (422 room_type_id otherwise). Same URL twice → 409. Example: replace url: a calendar feed of yours, then send it as owner@demo.stays.test (password demo-owner-pass, login type client).
         */
        post: operations["importIcalFeed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/properties/{id}/calendar/ical-feeds/{feedId}/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Fetch an imported calendar again now
         * @description Owner of the listing or admin (support 403, anyone else 404). A failure keeps the previous blocks, is recorded in last_error and answered 502 CALENDAR_FETCH_FAILED; a calendar over its reading budget is answered 422 url and marked status failed (no more automatic refreshes); one read again within it is active again.
         */
        post: operations["refreshIcalFeed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/properties/{id}/calendar/ical-feeds/{feedId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Stop importing a calendar (its blocks are lifted)
         * @description Owner of the listing or admin (support 403, anyone else 404).
         */
        delete: operations["deleteIcalFeed"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhook-endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's webhook endpoints (an admin: everyone's), newest first
         * @description Owners (events of their own listings) and admins (every event); travellers and support 403.
         */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Subscribe a URL to events, signed as Standard Webhooks describes
         * @description Owners (events of their own listings) and admins (every event); travellers and support 403. The answer carries the signing secret, shown again only by rotate-secret. Endpoints integrators subscribe (owners: their own listings’ events; admins: all), and the events posted to them (the webhooks section). Each delivery is signed as Standard Webhooks says, so its verifiers (e.g. the standardwebhooks npm package) check it with the endpoint’s secret. Answer 2xx within 15 s; anything else is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h with the same webhook-id; events may arrive out of order (order by timestamp). An endpoint failing for 5 days is disabled and its owner mailed. Example: replace url: a receiver of yours (https), then send it as owner@demo.stays.test (password demo-owner-pass, login type client).
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhook-endpoints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One webhook endpoint
         * @description Owners (events of their own listings) and admins (every event); travellers and support 403. Another owner's endpoint is 404.
         */
        get: operations["getWebhookEndpoint"];
        /**
         * Change the URL, events, description, or turn the endpoint off and on
         * @description Owners (events of their own listings) and admins (every event); travellers and support 403. Another owner's endpoint is 404. Members left out are kept. Turning a disabled endpoint on starts its 5 failing days afresh. Example: replace id: one of your endpoints (POST /webhook-endpoints makes one), then send it as owner@demo.stays.test (password demo-owner-pass, login type client).
         */
        put: operations["updateWebhookEndpoint"];
        post?: never;
        /**
         * Delete a webhook endpoint and its deliveries
         * @description Owners (events of their own listings) and admins (every event); travellers and support 403. Another owner's endpoint is 404.
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhook-endpoints/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the signing secret; the old one keeps signing beside it for 24 hours
         * @description Owners (events of their own listings) and admins (every event); travellers and support 403. Another owner's endpoint is 404. During those 24 hours webhook-signature carries two signatures, new first.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhook-endpoints/{id}/ping": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a ping event to the endpoint (delivered and retried like any event)
         * @description Owners (events of their own listings) and admins (every event); travellers and support 403. Another owner's endpoint is 404.
         */
        post: operations["pingWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhook-endpoints/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The endpoint's deliveries, newest first
         * @description Owners (events of their own listings) and admins (every event); travellers and support 403. Another owner's endpoint is 404.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhook-endpoints/{id}/deliveries/{deliveryId}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a delivery again now (same webhook-id and body)
         * @description Owners (events of their own listings) and admins (every event); travellers and support 403. Another owner's endpoint is 404. A delivery being sent at this moment is a 409.
         */
        post: operations["retryWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "reservation.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A booking was made (pending until paid).
         * @description Signed as Standard Webhooks says; delivery and retries: createWebhookEndpoint.
         */
        post: operations["onReservationCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "reservation.confirmed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A booking was paid and confirmed.
         * @description Signed as Standard Webhooks says; delivery and retries: createWebhookEndpoint.
         */
        post: operations["onReservationConfirmed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "reservation.modified": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A booking’s dates, rooms or guests changed.
         * @description Signed as Standard Webhooks says; delivery and retries: createWebhookEndpoint.
         */
        post: operations["onReservationModified"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "reservation.cancelled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A booking was cancelled.
         * @description Signed as Standard Webhooks says; delivery and retries: createWebhookEndpoint.
         */
        post: operations["onReservationCancelled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment.received": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A payment for a booking was received.
         * @description Signed as Standard Webhooks says; delivery and retries: createWebhookEndpoint.
         */
        post: operations["onPaymentReceived"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment.refunded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Money was sent back to the guest.
         * @description Signed as Standard Webhooks says; delivery and retries: createWebhookEndpoint.
         */
        post: operations["onPaymentRefunded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "message.received": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A message reached the subscriber (an owner: messages to them; an admin: every message).
         * @description Signed as Standard Webhooks says; delivery and retries: createWebhookEndpoint.
         */
        post: operations["onMessageReceived"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payout.paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An owner’s payout was sent.
         * @description Signed as Standard Webhooks says; delivery and retries: createWebhookEndpoint.
         */
        post: operations["onPayoutPaid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    ping: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sent by POST /webhook-endpoints/{id}/ping only.
         * @description Signed as Standard Webhooks says; delivery and retries: createWebhookEndpoint.
         */
        post: operations["onPing"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @description What every success answer carries: {success, message, data}, and meta beside data on a list. Each operation gives data (and meta). */
        Envelope: {
            /** @description true on every success answer */
            success: boolean;
            /** @description a human-readable outcome */
            message: string;
        };
        /** @description Every error answer: a human message, a stable code, per-field messages on 422, the request id on 500. */
        ErrorBody: {
            /** @enum {boolean} */
            success: false;
            message: string;
            code: string;
            errors?: {
                [key: string]: string[];
            };
            /** @description On 500: the X-Request-Id, which finds the failure in our logs. */
            request_id?: string;
        };
        /** @description Flat user profile: every member a string except id; flags "0"/"1"; "" for unknown. */
        FlatProfile: {
            id: number;
            username: string;
            first_name: string;
            last_name: string;
            job: string;
            location: string;
            phone: string;
            phone_verified: string;
            email: string;
            email_verified: string;
            avatar: string;
            role: string;
            email_verified_at: string;
            is_active: string;
            last_login: string;
            time_zone: string;
            created_at: string;
            updated_at: string;
            user_type: string;
            company_name: string;
            country_region: string;
            id_type: string;
            id_number: string;
            id_expiry_date: string;
            id_photo_path: string;
            place_type: string;
            place_details: string;
            address: string;
            city: string;
            state: string;
            postal_code: string;
            country: string;
            latitude: string;
            longitude: string;
            /** @description Language of the account's e-mails (default en) */
            locale: "en" | "fr";
        };
        PageMeta: {
            current_page: number;
            per_page: number;
            total: number;
            last_page: number;
        };
        /** @description An owner application. File members are download paths; storage keys never leave the server. */
        OwnerRequest: {
            id: number;
            user_id: number;
            status: "pending" | "approved" | "rejected";
            user_type: string;
            company_name: string | null;
            country_region: string;
            id_type: string;
            id_number: string | null;
            id_expiry_date: string;
            place_type: string;
            place_details: string | null;
            address: string;
            city: string;
            state: string | null;
            postal_code: string;
            country: string;
            latitude: number;
            longitude: number;
            /** @description documents still to send before approval is possible */
            missing_documents: string[];
            documents: {
                id_reco_path: string | null;
                id_verso_path: string | null;
                company_document: string | null;
            };
            rejection_reason: string | null;
            reviewed_by: number | null;
            reviewed_at: string | null;
            created_at: string;
            updated_at: string;
            user: {
                id: number;
                username: string;
                first_name: string;
                last_name: string;
                email: string;
            };
        };
        /** @description A currency as the spec's currency_model, plus decimals. */
        CurrencyModel: {
            id: number;
            /** @description ISO 4217 code */
            code: string;
            name: string;
            symbol: string;
            /** @description units of this currency per one unit of the default currency; decimal text, up to 8 decimals, no trailing zeros ("1.08") */
            exchange_rate: string;
            is_default: boolean;
            is_active: boolean;
            /** @description ISO 4217 minor-unit exponent: money in this currency has this many decimals (JPY 0, EUR 2, KWD 3) */
            decimals: number;
        };
        /** @description Property read form. Wi-Fi details are never part of it; the owner reads them from GET /properties/owner/{userId}. */
        PropertyReadForm: {
            id: number;
            /** @description the owner's account id */
            user_id: number;
            internal_name: string;
            public_name: string;
            /** @description the property type's name ("" in a draft without one) */
            type: string;
            type_id: number | null;
            description: string;
            address: string;
            /** @description "<lat>,<lng>" ("" in a draft without one) */
            location: string;
            country_id: string | null;
            neighborhood_id: number | null;
            /** @description draft | active | inactive | archived */
            status: string;
            /** @description 0 or 1 */
            visibility: number;
            /** @description 0 or 1 */
            breakfast_included: number;
            /** @description 0 or 1 */
            pets_allowed: number;
            /** @description 0 or 1 */
            recommended: number;
            /** @description decimal text in the listing currency's decimals ("120.00"); "" in a draft without it */
            base_price: string;
            /** @description decimal text in the listing currency's decimals ("120.00"); "" in a draft without it */
            price_per_night: string;
            /** @description 0 in a draft without it */
            capacity: number;
            /** @description decimal text in the listing currency's decimals ("120.00"); "0.00" when none */
            cleaning_fee: string;
            /** @description tax rate in percent as decimal text ("10.00"); "0.00" when none */
            tax: string;
            /** @description decimal text in the listing currency's decimals ("120.00"); "0.00" when none */
            security_deposit: string;
            /** @description average review rating with one decimal ("4.5"); "0.0" without reviews */
            rating: string;
            like_count: number;
            /** @description only when the caller is signed in */
            is_favorite?: boolean;
            /** @description whether any night of the coming year (from the listing's today, 366 nights) is booked */
            is_reserved: boolean;
            /** @description nights (YYYY-MM-DD) of the coming year (from the listing's today, 366 nights) with no unit left to book; later nights: GET /properties/{id}/availability */
            reserved_dates: string[];
            check_in_time: string;
            check_in_time_end: string;
            check_out_time: string;
            commodities: {
                id: number;
                name: string;
                type: string;
            }[];
            medias: {
                id: number;
                media_type: string;
                url: string;
                thumbnail_url: string | null;
            }[];
            seasons: {
                id: number;
                name: string;
                start_date: string;
                end_date: string;
                reduction_percent: number;
                min_stay: number | null;
                max_stay: number | null;
            }[];
            offers: {
                id: number;
                name: string;
                discount_type: string;
                discount_value: number;
                start_date: string;
                end_date: string;
                min_nights: number;
            }[];
            packages: {
                id: number;
                name: string;
                price: number;
                is_global: boolean;
            }[];
            owner: {
                id: number;
                username: string;
                first_name: string;
                last_name: string;
                location: string;
                /** @description shown to signed-in callers; "" for anonymous callers */
                email: string;
                avatar: string | null;
                /** @description shown to signed-in callers; "" for anonymous callers or when unknown */
                phone: string;
            };
            channel_property_id: string | null;
            channel_synced_at: string | null;
            channel_sync_requested: boolean;
            channel_room_types: {
                id: number;
                title: string;
                count_of_rooms: number;
                occ_adults: number;
                occ_children: number;
                capacity: number;
                rate_plans: {
                    id: number;
                    title: string;
                    currency: string;
                    price: number;
                    max_stay: number[];
                    min_stay_arrival: number[];
                    closed_to_arrival: boolean[];
                    closed_to_departure: boolean[];
                    stop_sell: boolean[];
                    sell_mode: string;
                    rate_mode: string;
                }[];
            }[];
            currency_model: components["schemas"]["CurrencyModel"] | null;
            currency: string;
            timezone: string;
            weekly_discount_percent: number;
            monthly_discount_percent: number;
            square_footage: number | null;
            rules: string[];
            cancellation_policy: {
                flexible: boolean;
                moderate: boolean;
                strict: boolean;
                description: string;
            } | null;
            specifications: string[];
            features: string[];
            some_informations: {
                key: string;
                value: string;
            }[];
            /** @description step 4's pricing, returned as it was sent */
            pricing: number | null;
            who_are_you: string | null;
            name_of_structure: string | null;
            /** @description wizard steps saved (1–8); steps 1–6 are required to leave draft */
            completed_steps: number[];
            created_at: string;
            updated_at: string;
        };
        /** @description A listing as the owner list shows it: the read form with features, commodities, rules, wifi_informations, cancellation_policy, specifications and some_informations as JSON-encoded strings. */
        OwnerListItem: {
            id: number;
            /** @description the owner's account id */
            user_id: number;
            internal_name: string;
            public_name: string;
            /** @description the property type's name ("" in a draft without one) */
            type: string;
            type_id: number | null;
            description: string;
            address: string;
            /** @description "<lat>,<lng>" ("" in a draft without one) */
            location: string;
            country_id: string | null;
            neighborhood_id: number | null;
            /** @description draft | active | inactive | archived */
            status: string;
            /** @description 0 or 1 */
            visibility: number;
            /** @description 0 or 1 */
            breakfast_included: number;
            /** @description 0 or 1 */
            pets_allowed: number;
            /** @description 0 or 1 */
            recommended: number;
            /** @description decimal text in the listing currency's decimals ("120.00"); "" in a draft without it */
            base_price: string;
            /** @description decimal text in the listing currency's decimals ("120.00"); "" in a draft without it */
            price_per_night: string;
            /** @description 0 in a draft without it */
            capacity: number;
            /** @description decimal text in the listing currency's decimals ("120.00"); "0.00" when none */
            cleaning_fee: string;
            /** @description tax rate in percent as decimal text ("10.00"); "0.00" when none */
            tax: string;
            /** @description decimal text in the listing currency's decimals ("120.00"); "0.00" when none */
            security_deposit: string;
            /** @description average review rating with one decimal ("4.5"); "0.0" without reviews */
            rating: string;
            like_count: number;
            /** @description only when the caller is signed in */
            is_favorite?: boolean;
            /** @description whether any night of the coming year (from the listing's today, 366 nights) is booked */
            is_reserved: boolean;
            /** @description nights (YYYY-MM-DD) of the coming year (from the listing's today, 366 nights) with no unit left to book; later nights: GET /properties/{id}/availability */
            reserved_dates: string[];
            check_in_time: string;
            check_in_time_end: string;
            check_out_time: string;
            /** @description JSON-encoded array of {id, name, type}; parse it */
            commodities: string;
            medias: {
                id: number;
                media_type: string;
                url: string;
                thumbnail_url: string | null;
            }[];
            seasons: {
                id: number;
                name: string;
                start_date: string;
                end_date: string;
                reduction_percent: number;
                min_stay: number | null;
                max_stay: number | null;
            }[];
            offers: {
                id: number;
                name: string;
                discount_type: string;
                discount_value: number;
                start_date: string;
                end_date: string;
                min_nights: number;
            }[];
            packages: {
                id: number;
                name: string;
                price: number;
                is_global: boolean;
            }[];
            owner: {
                id: number;
                username: string;
                first_name: string;
                last_name: string;
                location: string;
                /** @description shown to signed-in callers; "" for anonymous callers */
                email: string;
                avatar: string | null;
                /** @description shown to signed-in callers; "" for anonymous callers or when unknown */
                phone: string;
            };
            channel_property_id: string | null;
            channel_synced_at: string | null;
            channel_sync_requested: boolean;
            channel_room_types: {
                id: number;
                title: string;
                count_of_rooms: number;
                occ_adults: number;
                occ_children: number;
                capacity: number;
                rate_plans: {
                    id: number;
                    title: string;
                    currency: string;
                    price: number;
                    max_stay: number[];
                    min_stay_arrival: number[];
                    closed_to_arrival: boolean[];
                    closed_to_departure: boolean[];
                    stop_sell: boolean[];
                    sell_mode: string;
                    rate_mode: string;
                }[];
            }[];
            currency_model: components["schemas"]["CurrencyModel"] | null;
            currency: string;
            timezone: string;
            weekly_discount_percent: number;
            monthly_discount_percent: number;
            square_footage: number | null;
            /** @description JSON-encoded string[]; parse it */
            rules: string;
            /** @description JSON-encoded null or {flexible, moderate, strict, description}; parse it */
            cancellation_policy: string;
            /** @description JSON-encoded string[]; parse it */
            specifications: string;
            /** @description JSON-encoded string[]; parse it */
            features: string;
            /** @description JSON-encoded array of {key, value}; parse it */
            some_informations: string;
            /** @description step 4's pricing, returned as it was sent */
            pricing: number | null;
            who_are_you: string | null;
            name_of_structure: string | null;
            /** @description wizard steps saved (1–8); steps 1–6 are required to leave draft */
            completed_steps: number[];
            created_at: string;
            updated_at: string;
            /** @description JSON-encoded {network, password, speed} or null (null for support); parse it */
            wifi_informations: string;
        };
        /** @description A listing in a list: the scalar members of the read form with the same names and types, plus currency, timezone, cover, owner (public members only) and, with `near`, distance_km. Never the Wi-Fi details. As in the read form, members of wizard steps a draft has not saved yet are "" (text) or 0 (numbers); drafts are seen only by their owner, admin and support. */
        PropertyCard: {
            id: number;
            /** @description the internal name for the listing's owner, admin and support; everyone else gets the public name here */
            internal_name: string;
            public_name: string;
            /** @description name of the property type */
            type: string;
            address: string;
            /** @description "<lat>,<lng>" */
            location: string;
            /** @description draft | active | inactive | archived */
            status: string;
            visibility: 0 | 1;
            breakfast_included: 0 | 1;
            pets_allowed: 0 | 1;
            recommended: 0 | 1;
            /** @description decimal text with the currency's decimals ("" until set) */
            base_price: string;
            /** @description decimal text with the currency's decimals ("" until set) */
            price_per_night: string;
            /** @description decimal text with the currency's decimals ("120.00"; "1500" for JPY) */
            cleaning_fee: string;
            /** @description tax rate in percent of the sub-total, decimal text ("10.00"; "0.00" when none) */
            tax: string;
            /** @description decimal text with the currency's decimals ("120.00"; "1500" for JPY) */
            security_deposit: string;
            /** @description 0 until set */
            capacity: number;
            /** @description average review rating with one decimal ("4.5"); "0.0" without reviews */
            rating: string;
            like_count: number;
            /** @description whether the caller has favorited it; only for signed-in callers */
            is_favorite?: boolean;
            /** @description HH:MM:SS ("" until set) */
            check_in_time: string;
            /** @description HH:MM:SS ("" until set) */
            check_in_time_end: string;
            /** @description HH:MM:SS ("" until set) */
            check_out_time: string;
            /** @description ISO 4217 code of every amount of the listing */
            currency: string;
            /** @description IANA time zone of the listing */
            timezone: string;
            cover: {
                url: string;
                thumbnail_url: string | null;
            } | null;
            commodities: {
                id: number;
                name: string;
                type: string;
            }[];
            owner: {
                id: number;
                username: string;
                first_name: string;
                last_name: string;
                avatar: string | null;
            };
            /** @description great-circle distance from `near`, km, two decimals; only when `near` is sent */
            distance_km?: number;
        };
        /** @description Counts for the same search, each what meta.total says once that value is applied: a type, neighborhood or price bucket in place of the one sent (type=id, neighborhood=id, min_price=min with max_price just under max), a commodity added to those sent (commodities=<those sent>,id: listings must have every one). Like meta.total of a public search, a count stops at 1,000. */
        SearchFacets: {
            /** @description per property type (the `type` filter left out), most listings first */
            types: {
                id: number;
                name: string;
                count: number;
            }[];
            /** @description per commodity (the `commodities` filter left out): listings that have it, most first */
            commodities: {
                id: number;
                name: string;
                count: number;
            }[];
            /** @description per neighborhood (the `neighborhood` filter left out), most listings first */
            neighborhoods: {
                id: number;
                name: string;
                count: number;
            }[];
            /** @description price_per_night histogram (min_price and max_price left out) in `currency` units, converted as min_price is (a listing priced exactly P falls in the bucket whose min ≤ P < max): consecutive buckets of one round width (1, 2 or 5 × a power of ten, at least 1) from the lowest price to the highest, empty ones included; [] when nothing matches */
            price: {
                /** @description lower bound, included */
                min: number;
                /** @description upper bound, excluded (the next bucket's min) */
                max: number;
                count: number;
            }[];
        };
        /** @description Reservation, lighter variant: guests and price_details as JSON text, total as decimal text. needs_additional_payment, additional_due, pricing, refund_initiated and refund_amount are on every read, whatever the status: on a booking never changed they read false, 0, pricing {old_total = new_total = total, paid_amount = what the platform holds (paid − refunds requested), additional_due = what is owed now, refund_due 0, price_difference 0}, false and 0 (a cancellation sets refund_initiated and refund_amount to its own refund). */
        ReservationLight: {
            id: number;
            /** @description 'BK-' and 8 characters without look-alikes (0/O, 1/I/L) */
            booking_ref_code: string;
            checkin_date: string;
            checkout_date: string;
            /** @description pending until paid; the nights are held until the hold expires */
            status: string;
            special_requests: string | null;
            /** @description set only when the promo was applied (and counted as used) */
            promo_code_id: number | null;
            /** @description units held per night over all lines; 1 for a listing sold whole */
            rooms_count: number;
            /** @description a confirmed booking owes a surplus now — total − (paid − refunds requested) > 0, derived on every read; pay it with POST /payments/process type additional. false once paid, on a booking never changed, and on a pending, cancelled or expired booking */
            needs_additional_payment: boolean;
            /** @description what a confirmed booking owes now (0 when nothing), currency units */
            additional_due: number;
            pricing: components["schemas"]["ModificationPricing"];
            /** @description a refund was requested by the last modification or by the cancellation; false otherwise */
            refund_initiated: boolean;
            /** @description the refund requested by the last modification, or by the cancellation; 0 when none */
            refund_amount: number;
            property: components["schemas"]["PropertyReadForm"];
            /** @description JSON text of {adults, children} */
            guests: string;
            /** @description JSON text of the read form's price_details. Lines add up exactly: base_total − season_discount − long_stay_discount − offer_discount − promo_discount + cleaning_fee + services_total + packages_total + service_fee_total = sub_total, and sub_total + tax_amount = total. */
            price_details: string;
            /** @description decimal text with the currency's decimals ("485.10"); equals price_details.total */
            total: string;
        };
        ModificationPricing: {
            /** @description currency units, the reservation currency's decimals */
            old_total: number;
            /** @description currency units, the reservation currency's decimals */
            new_total: number;
            /** @description what the platform held for the booking when the change was made (never changed: what it holds now): paid minus refunds requested */
            paid_amount: number;
            /** @description what the booking owes now (derived on every read: 0 once the surplus is paid) */
            additional_due: number;
            /** @description the refund the change requested (executed through the processor) */
            refund_due: number;
            /** @description new_total − old_total (negative when cheaper) */
            price_difference: number;
        };
        /** @description Reservation (read form), with the listing's read form in property. needs_additional_payment, additional_due, pricing, refund_initiated and refund_amount are on every read, whatever the status: on a booking never changed they read false, 0, pricing {old_total = new_total = total, paid_amount = what the platform holds (paid − refunds requested), additional_due = what is owed now, refund_due 0, price_difference 0}, false and 0 (a cancellation sets refund_initiated and refund_amount to its own refund). */
        ReservationReadForm: {
            id: number;
            /** @description 'BK-' and 8 characters without look-alikes (0/O, 1/I/L) */
            booking_ref_code: string;
            checkin_date: string;
            checkout_date: string;
            /** @description pending until paid; the nights are held until the hold expires */
            status: string;
            special_requests: string | null;
            /** @description set only when the promo was applied (and counted as used) */
            promo_code_id: number | null;
            /** @description units held per night over all lines; 1 for a listing sold whole */
            rooms_count: number;
            /** @description a confirmed booking owes a surplus now — total − (paid − refunds requested) > 0, derived on every read; pay it with POST /payments/process type additional. false once paid, on a booking never changed, and on a pending, cancelled or expired booking */
            needs_additional_payment: boolean;
            /** @description what a confirmed booking owes now (0 when nothing), currency units */
            additional_due: number;
            pricing: components["schemas"]["ModificationPricing"];
            /** @description a refund was requested by the last modification or by the cancellation; false otherwise */
            refund_initiated: boolean;
            /** @description the refund requested by the last modification, or by the cancellation; 0 when none */
            refund_amount: number;
            property: components["schemas"]["PropertyReadForm"];
            guests: {
                adults: number;
                children: number;
            };
            rooms_details: {
                /** @description 0 = the listing sold whole */
                channel_room_type_id: number;
                /** @description 0 = none (listing sold whole) */
                channel_rate_plan_id: number;
                rooms_count: number;
                line_total: number;
            }[];
            price_details: components["schemas"]["PriceDetails"];
        };
        /** @description Lines add up exactly: base_total − season_discount − long_stay_discount − offer_discount − promo_discount + cleaning_fee + services_total + packages_total + service_fee_total = sub_total, and sub_total + tax_amount = total. */
        PriceDetails: {
            currency: string;
            nights: number;
            base_price_per_night: number;
            /** @description accommodation before any discount (list price, before the season) */
            base_total: number;
            /** @description what the seasons took off base_total */
            season_discount: number;
            cleaning_fee: number;
            service_fee_total: number;
            services_total: number;
            packages_total: number;
            long_stay_discount: number;
            offer_discount: number;
            sub_total: number;
            tax_rate: number;
            tax_amount: number;
            promo_discount: number;
            total: number;
        };
        Notification: {
            id: number;
            title: string;
            message: string;
            /** @description JSON text of an object (reservation_id, property_name, booking_ref_code, ... by event); "{}" when there is none. Serialised by the server, so key order and spacing may differ from what a sender gave. */
            payload: string;
            /** @description 0 unread, 1 read */
            is_read: 0 | 1;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** @description The recipient (the caller). */
            user: {
                id: number;
                username: string;
                avatar: string | null;
                first_name: string;
                last_name: string;
            };
        };
        Payment: {
            id: number;
            reservation_id: number;
            /** @description decimal text in the currency's decimals */
            amount: string;
            /** @description decimal text: the tax included in amount */
            tax: string;
            currency: string;
            payment_method: string;
            /** @description the checkout session id until paid, then the processor's payment id */
            transaction_id: string;
            /** @description pending, paid, failed, expired, refund_pending (received but not counted: refunded in full, not yet executed), refunded, partially_refunded */
            status: string;
            type: string;
            /** @description hosted_checkout */
            payment_flow: string;
            created_at: string;
            /** @description the processor's checkout session, near-raw: amount_total (minor units), currency (lower-case), customer_details, payment_status, url, ... */
            payment_details: {
                [key: string]: unknown;
            };
        };
    };
    responses: {
        /** @description The request could not be read, or is refused as it stands (code and message say why). */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description No valid token: none was sent, or it is invalid, expired or revoked (code UNAUTHENTICATED). */
        Unauthenticated: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description Authenticated, but this caller may not do this: the role, the ownership, or a cookie-authenticated write from another origin. */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description No such resource, or one the caller may not see. */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description Refused by the current state of the resource (code names the rule). */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description The body or a file is over its limit; errors names the field. */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description A file is not of an accepted type (judged by its content); errors names the field. */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description Invalid input: errors maps each field to its messages. */
        ValidationFailed: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description A WebSocket route called without the WebSocket upgrade. */
        UpgradeRequired: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description Rate limited: try again after Retry-After seconds. */
        TooManyRequests: {
            headers: {
                /** @description seconds to wait */
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description A failure on our side; request_id finds it in our logs. */
        InternalError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description An outside service (payment processor, channel manager, calendar feed) failed or answered wrongly. */
        BadGateway: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description Unavailable for a moment: the instance is restarting or overloaded, or an outside service cannot be reached. Retry. */
        ServiceUnavailable: {
            headers: {
                /** @description seconds to wait, when known */
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description Any other status: the error body. */
        Error: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
    };
    parameters: {
        /** @description Unique per event and endpoint, the same on every retry: drop a repeat you already handled. */
        WebhookId: string;
        /** @description Unix seconds of this attempt; refuse one far from your clock (the verifiers allow 5 minutes). */
        WebhookTimestamp: string;
        /** @description v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>"> with the secret’s bytes (base64 after whsec_); space-separated when a rotation is under way (24 h): accept any. */
        WebhookSignature: string;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the process is up (no dependency checked). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the database answers and the instance is not shutting down: 200, else 503 (take the instance out of the load balancer). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description Not ready: the database does not answer, or the instance is shutting down */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: string;
                    };
                };
            };
        };
    };
    getCheckoutPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Checkout session id (cs_local_…) */
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The checkout page, or the already-paid page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description Unknown session */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Expired session */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    payCheckout: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Checkout session id (cs_local_…) */
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description The form token the page embeds; a POST without it is refused (403). */
                    token?: string;
                    /** @description Receipt e-mail, kept as customer_details.email. */
                    email?: string;
                    /** @description Payer name, kept as customer_details.name; one line: no line breaks, tabs or other control characters */
                    name?: string;
                };
            };
        };
        responses: {
            /** @description To the success URL */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            /** @description Form token missing or wrong */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Unknown session */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Already paid */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Expired session */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            default: components["responses"]["Error"];
        };
    };
    cancelCheckout: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Checkout session id (cs_local_…) */
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description The form token the page embeds; a POST without it is refused (403). */
                    token?: string;
                    /** @description Receipt e-mail, kept as customer_details.email. */
                    email?: string;
                    /** @description Payer name, kept as customer_details.name; one line: no line breaks, tabs or other control characters */
                    name?: string;
                };
            };
        };
        responses: {
            /** @description To the cancel URL */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            /** @description Form token missing or wrong */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Unknown session */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            default: components["responses"]["Error"];
        };
    };
    showPaymentSuccessPage: {
        parameters: {
            query: {
                session_id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The outcome: confirmed, not paid yet, or refunded */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description Unknown session */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The session does not match a payment */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    showPaymentCancelPage: {
        parameters: {
            query?: {
                reservation_id?: string;
                access?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Nothing charged; links to pay or view the reservation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["BadRequest"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getReservationPage: {
        parameters: {
            query?: {
                access?: string;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reservation page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description No link and no session: what to do */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Not a reservation this reader may see, or an expired link */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getReservationPayPage: {
        parameters: {
            query?: {
                access?: string;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reservation page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description No link and no session: what to do */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Not a reservation this reader may see, or an expired link */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    submitReservationPayForm: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    access?: string;
                };
            };
        };
        responses: {
            /** @description The page again (nothing to redirect to) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description To the hosted checkout */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            /** @description No access in the form */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Not allowed to this reader */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Not a reservation this reader may see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Nothing to pay, or not cancellable any more */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    submitReservationCancelForm: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    access?: string;
                };
            };
        };
        responses: {
            /** @description The page, cancelled */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description No access in the form */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Not allowed to this reader */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Not a reservation this reader may see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Nothing to pay, or not cancellable any more */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getSetPasswordPage: {
        parameters: {
            query?: {
                token?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The form */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["BadRequest"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    submitSetPasswordForm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    token?: string;
                    password?: string;
                    password_confirmation?: string;
                };
            };
        };
        responses: {
            /** @description Password set */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description The form again, with the problem (text/html); or the error body when a field is refused as sent */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getResetPasswordPage: {
        parameters: {
            query?: {
                email?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The form */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["BadRequest"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    submitResetPasswordForm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    email?: string;
                    /** @description one line: no line breaks, tabs or other control characters */
                    code?: string;
                    password?: string;
                    password_confirmation?: string;
                };
            };
        };
        responses: {
            /** @description Password changed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description The form again, with the problem (text/html); or the error body when a field is refused as sent */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getHomePage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The home page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["BadRequest"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getUndoEmailChangePage: {
        parameters: {
            query?: {
                token?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The confirmation form */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["BadRequest"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    submitUndoEmailChangeForm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    token?: string;
                };
            };
        };
        responses: {
            /** @description The address is back */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description The form again, with the problem (text/html); or the error body when a field is refused as sent */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description e-mail or username */
                    login: string;
                    password: string;
                    type?: "client" | "admin" | "support";
                };
            };
        };
        responses: {
            /** @description OK: log in with e-mail or username and password. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            token: string;
                            role: string;
                            user: components["schemas"]["FlatProfile"];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    refreshToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: exchange the current token for a new one (no body). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            newToken: string;
                            role: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: who the current token belongs to (no error without one). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            authenticated: boolean;
                            user_id: number | null;
                            role: string | null;
                            login_type: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: end the current session and clear the session cookies. data is null; message says what was done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    registerTraveller: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 3–30 letters, digits, dot, dash or underscore */
                    username: string;
                    /** @description one line: no line breaks, tabs or other control characters */
                    first_name: string;
                    /** @description one line: no line breaks, tabs or other control characters */
                    last_name: string;
                    /** Format: email */
                    email: string;
                    phone?: string;
                    password: string;
                    password_confirmation: string;
                };
            };
        };
        responses: {
            /** @description Created: register a traveller account; a 6-digit code is e-mailed. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            user: components["schemas"]["FlatProfile"];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    registerOwner: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 3–30 letters, digits, dot, dash or underscore */
                    username: string;
                    /** @description one line: no line breaks, tabs or other control characters */
                    first_name: string;
                    /** @description one line: no line breaks, tabs or other control characters */
                    last_name: string;
                    /** Format: email */
                    email: string;
                    phone?: string;
                    password: string;
                    password_confirmation: string;
                    user_type: "individual" | "company";
                    /** @description one line: no line breaks, tabs or other control characters */
                    company_name?: string;
                };
            };
        };
        responses: {
            /** @description Created: register an owner account (owner role granted when support approves the KYC application). */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            user: components["schemas"]["FlatProfile"];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    verifyEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    /** @description the 6-digit code sent by e-mail */
                    code: string;
                };
            };
        };
        responses: {
            /** @description OK: verify the e-mail address with the 6-digit code (5 attempts, single use). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            user: components["schemas"]["FlatProfile"];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    resendVerificationCode: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                };
            };
        };
        responses: {
            /** @description OK: send a new verification code (same answer whether or not the address exists). data is null; message says what was done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    checkAccount: {
        parameters: {
            query: {
                login: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: whether an account exists for an e-mail or username. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            exists: boolean;
                            is_active: boolean;
                            has_password: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    setInitialPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                    password: string;
                    password_confirmation: string;
                };
            };
        };
        responses: {
            /** @description OK: set the first password of an account created by an admin (single-use token from the e-mail); logs in. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            token: string;
                            role: string;
                            user: components["schemas"]["FlatProfile"];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    requestPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                };
            };
        };
        responses: {
            /** @description OK: e-mail a 6-digit reset code (same answer whether or not the address exists). data is null; message says what was done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    verifyPasswordResetCode: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    /** @description the 6-digit code sent by e-mail */
                    code: string;
                };
            };
        };
        responses: {
            /** @description OK: trade the code (15 min, 5 attempts, single use) for a reset token. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            reset_token: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    resetPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reset_token: string;
                    password: string;
                    password_confirmation: string;
                };
            };
        };
        responses: {
            /** @description OK: set a new password with the reset token; ends every session of the account. data is null; message says what was done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    loginWithGoogle: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    id_token: string;
                    type?: "client" | "admin" | "support";
                };
            };
        };
        responses: {
            /** @description OK: sign in with a Google ID token. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            token: string;
                            role: string;
                            user: components["schemas"]["FlatProfile"];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    loginWithFacebook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    access_token: string;
                    type?: "client" | "admin" | "support";
                };
            };
        };
        responses: {
            /** @description OK: sign in with a Facebook access token. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            token: string;
                            role: string;
                            user: components["schemas"]["FlatProfile"];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listAuditEntries: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                actor_id?: number;
                target_type?: string;
                target_id?: string;
                action?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: audit trail of support and admin actions (newest first). data is one page; meta gives the page, its size and the totals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            actor_id: number;
                            actor_role: string;
                            action: string;
                            target_type: string;
                            target_id: string;
                            before: unknown;
                            after: unknown;
                            created_at: string;
                        }[];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the caller's flat profile. data is the FlatProfile. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["FlatProfile"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    updateProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description multipart/form-data (or JSON). Every field optional; only the fields sent change. Fields not listed here are ignored (the change set is built from these names only), except role, which is refused with 403. */
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description admin/support only: the account to change (others: 403 unless it is their own id) */
                    user_id?: number;
                    /** @description admin/support only (others: 403); "1"/"0" or true/false. Deactivating ends every session of the account at once; nobody may deactivate themselves (409) */
                    is_active?: string;
                    /** @description never settable here: 403; admins use PUT /user/{id}/role */
                    role?: unknown;
                    /** @description 3–30 letters, digits, dot, dash or underscore */
                    username?: string;
                    /** @description one line: no line breaks, tabs or other control characters */
                    first_name?: string;
                    /** @description one line: no line breaks, tabs or other control characters */
                    last_name?: string;
                    /** @description one line: no line breaks, tabs or other control characters */
                    job?: string;
                    /** @description one line: no line breaks, tabs or other control characters */
                    location?: string;
                    /** @description IANA time zone name, e.g. Europe/Paris; empty clears it; one line: no line breaks, tabs or other control characters */
                    time_zone?: string;
                    /** @description Language of the e-mails the account receives: en or fr (set at registration from Accept-Language; default en) */
                    locale?: "en" | "fr";
                    /**
                     * Format: email
                     * @description needs current_password; unique (409 EMAIL_TAKEN); a new address is unverified until the code mailed to it is entered, and the old one is told, with a link that undoes the change for 7 days
                     */
                    email?: string;
                    /** @description needs current_password; empty clears it */
                    phone?: string;
                    /** @description own account only (403 otherwise). Needs current_password (an account without one: a login within the last 10 minutes), else 403 naming current_password; ends the account's other sessions */
                    password?: string;
                    /** @description required with password; must match (422) */
                    password_confirmation?: string;
                    /** @description the caller's own password: required to change email, phone or password (403 naming it when missing or wrong); checked whenever sent by an account that has one */
                    current_password?: string;
                    /**
                     * Format: binary
                     * @description JPEG, PNG or GIF judged by content (415 otherwise), at most 2 MB (413); decoded and re-encoded in its own format: EXIF (GPS position, camera serial) and all other metadata, and anything after the image data (an HTML or script trailer), are dropped; turned upright first; scaled to fit 1024 px; an image that cannot be decoded, or declares more than 50 megapixels however small the file (a decompression bomb), is 422 naming the field. Served publicly at the returned profile avatar URL
                     */
                    avatar?: Blob;
                    user_type?: "individual" | "company";
                    /** @description one line: no line breaks, tabs or other control characters */
                    company_name?: string;
                    /** @description one line: no line breaks, tabs or other control characters */
                    country_region?: string;
                    id_type?: "identity_card" | "passport" | "driver_licence";
                    /** @description one line: no line breaks, tabs or other control characters */
                    id_number?: string;
                    /** @description YYYY-MM-DD, a real calendar date from 1900-01-01 to 2200-12-31 (422 otherwise); empty clears it */
                    id_expiry_date?: string | "";
                    /** @description one line: no line breaks, tabs or other control characters */
                    place_type?: string;
                    place_details?: string;
                    /** @description one line: no line breaks, tabs or other control characters */
                    address?: string;
                    /** @description one line: no line breaks, tabs or other control characters */
                    city?: string;
                    /** @description one line: no line breaks, tabs or other control characters */
                    state?: string;
                    /** @description one line: no line breaks, tabs or other control characters */
                    postal_code?: string;
                    /** @description one line: no line breaks, tabs or other control characters */
                    country?: string;
                    latitude?: number;
                    longitude?: number;
                };
                "application/json": {
                    /** @description admin/support only: the account to change (others: 403 unless it is their own id) */
                    user_id?: number;
                    /** @description admin/support only (others: 403); "1"/"0" or true/false. Deactivating ends every session of the account at once; nobody may deactivate themselves (409) */
                    is_active?: string;
                    /** @description never settable here: 403; admins use PUT /user/{id}/role */
                    role?: unknown;
                    /** @description 3–30 letters, digits, dot, dash or underscore */
                    username?: string;
                    /** @description one line: no line breaks, tabs or other control characters */
                    first_name?: string;
                    /** @description one line: no line breaks, tabs or other control characters */
                    last_name?: string;
                    /** @description one line: no line breaks, tabs or other control characters */
                    job?: string;
                    /** @description one line: no line breaks, tabs or other control characters */
                    location?: string;
                    /** @description IANA time zone name, e.g. Europe/Paris; empty clears it; one line: no line breaks, tabs or other control characters */
                    time_zone?: string;
                    /** @description Language of the e-mails the account receives: en or fr (set at registration from Accept-Language; default en) */
                    locale?: "en" | "fr";
                    /**
                     * Format: email
                     * @description needs current_password; unique (409 EMAIL_TAKEN); a new address is unverified until the code mailed to it is entered, and the old one is told, with a link that undoes the change for 7 days
                     */
                    email?: string;
                    /** @description needs current_password; empty clears it */
                    phone?: string;
                    /** @description own account only (403 otherwise). Needs current_password (an account without one: a login within the last 10 minutes), else 403 naming current_password; ends the account's other sessions */
                    password?: string;
                    /** @description required with password; must match (422) */
                    password_confirmation?: string;
                    /** @description the caller's own password: required to change email, phone or password (403 naming it when missing or wrong); checked whenever sent by an account that has one */
                    current_password?: string;
                    /**
                     * Format: binary
                     * @description JPEG, PNG or GIF judged by content (415 otherwise), at most 2 MB (413); decoded and re-encoded in its own format: EXIF (GPS position, camera serial) and all other metadata, and anything after the image data (an HTML or script trailer), are dropped; turned upright first; scaled to fit 1024 px; an image that cannot be decoded, or declares more than 50 megapixels however small the file (a decompression bomb), is 422 naming the field. Served publicly at the returned profile avatar URL
                     */
                    avatar?: Blob;
                    user_type?: "individual" | "company";
                    /** @description one line: no line breaks, tabs or other control characters */
                    company_name?: string;
                    /** @description one line: no line breaks, tabs or other control characters */
                    country_region?: string;
                    id_type?: "identity_card" | "passport" | "driver_licence";
                    /** @description one line: no line breaks, tabs or other control characters */
                    id_number?: string;
                    /** @description YYYY-MM-DD, a real calendar date from 1900-01-01 to 2200-12-31 (422 otherwise); empty clears it */
                    id_expiry_date?: string | "";
                    /** @description one line: no line breaks, tabs or other control characters */
                    place_type?: string;
                    place_details?: string;
                    /** @description one line: no line breaks, tabs or other control characters */
                    address?: string;
                    /** @description one line: no line breaks, tabs or other control characters */
                    city?: string;
                    /** @description one line: no line breaks, tabs or other control characters */
                    state?: string;
                    /** @description one line: no line breaks, tabs or other control characters */
                    postal_code?: string;
                    /** @description one line: no line breaks, tabs or other control characters */
                    country?: string;
                    latitude?: number;
                    longitude?: number;
                };
            };
        };
        responses: {
            /** @description OK: update a profile (multipart/form-data or JSON). data is the FlatProfile. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["FlatProfile"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    undoEmailChange: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the token of the link mailed to the old address */
                    token: string;
                };
            };
        };
        responses: {
            /** @description OK: undo an e-mail change with the link mailed to the old address (no authentication). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            /** @description the address the account has again */
                            email: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getAvatar: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the image, with the type checked at upload, inline */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/png": Blob;
                    "image/jpeg": Blob;
                    "image/gif": Blob;
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    searchUsers: {
        parameters: {
            query: {
                page?: number;
                per_page?: number;
                /** @description at least 2 characters; matched against username, first and last name */
                q: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: find people by username or name. data is one page; meta gives the page, its size and the totals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            username: string;
                            first_name: string;
                            last_name: string;
                            avatar: string | null;
                            role: string;
                        }[];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: delete the caller's account. data is null; message says what was done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    assignSupportAgent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: assign a support agent to the caller. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            agent: {
                                id: number;
                                username: string;
                                first_name: string;
                                last_name: string;
                                avatar: string | null;
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    createUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 3–30 letters, digits, dot, dash or underscore */
                    username: string;
                    /** @description one line: no line breaks, tabs or other control characters */
                    first_name: string;
                    /** @description one line: no line breaks, tabs or other control characters */
                    last_name: string;
                    /** Format: email */
                    email: string;
                    /** @description empty clears it */
                    phone?: string;
                    role: "admin" | "support" | "owner" | "client";
                };
            };
        };
        responses: {
            /** @description Created: create an account for someone (admin). data is the FlatProfile. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["FlatProfile"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    changeUserRole: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    role: "admin" | "support" | "owner" | "client";
                };
            };
        };
        responses: {
            /** @description OK: change an account's role (admin). data is the FlatProfile. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["FlatProfile"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listUsers: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description part of the username, e-mail, first or last name (case-insensitive) */
                q?: string;
                role?: "admin" | "support" | "owner" | "client";
                /** @description "1"/"0" (form data) or true/false */
                is_active?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: list accounts. data is one page of FlatProfile; meta gives the page, its size and the totals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["FlatProfile"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listIndividualUsers: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description part of the username, e-mail, first or last name (case-insensitive) */
                q?: string;
                role?: "admin" | "support" | "owner" | "client";
                /** @description "1"/"0" (form data) or true/false */
                is_active?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: list accounts whose user_type is individual. data is one page of FlatProfile; meta gives the page, its size and the totals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["FlatProfile"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listCompanyUsers: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description part of the username, e-mail, first or last name (case-insensitive) */
                q?: string;
                role?: "admin" | "support" | "owner" | "client";
                /** @description "1"/"0" (form data) or true/false */
                is_active?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: list accounts whose user_type is company. data is one page of FlatProfile; meta gives the page, its size and the totals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["FlatProfile"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: an account's flat profile. data is the FlatProfile. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["FlatProfile"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getUserStats: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: statistics of an account. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        /** @description Real figures only. Reservation, spending, property and earnings members are added by the features that own them; clients must ignore members they do not know. */
                        data: {
                            user_id: number;
                            role: string;
                            /** @description account creation, ISO 8601 UTC */
                            member_since: string;
                            last_login: string | null;
                            /** @description sessions neither revoked nor expired */
                            active_sessions: number;
                            owner_request_status: "none" | "pending" | "approved" | "rejected";
                            /** @description the support agent assigned to the user, if any */
                            support_agent_id: number | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    submitOwnerRequest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    user_type: "individual" | "company";
                    /** @description not in the spec form; optional. For a company without it, the company name given at owner registration is kept; one line: no line breaks, tabs or other control characters */
                    company_name?: string;
                    /** @description one line: no line breaks, tabs or other control characters */
                    country_region: string;
                    id_type: "identity_card" | "passport" | "driver_licence";
                    /** @description one line: no line breaks, tabs or other control characters */
                    id_number: string;
                    /**
                     * Format: date
                     * @description YYYY-MM-DD; today (UTC) or later (422 otherwise); a real calendar date from 1900-01-01 to 2200-12-31 (422 otherwise)
                     */
                    id_expiry_date: string;
                    /**
                     * Format: binary
                     * @description front of the ID: JPEG, PNG, WebP or PDF, judged by content; at most 5 MB (413 / 415 name the field)
                     */
                    id_reco_path: Blob;
                    /**
                     * Format: binary
                     * @description back of the ID: JPEG, PNG, WebP or PDF, judged by content; at most 5 MB (413 / 415 name the field)
                     */
                    id_verso_path: Blob;
                    /** @description one line: no line breaks, tabs or other control characters */
                    place_type: string;
                    place_details?: string;
                    /** @description one line: no line breaks, tabs or other control characters */
                    address: string;
                    /** @description one line: no line breaks, tabs or other control characters */
                    city: string;
                    /** @description one line: no line breaks, tabs or other control characters */
                    state?: string;
                    /** @description one line: no line breaks, tabs or other control characters */
                    postal_code: string;
                    /** @description one line: no line breaks, tabs or other control characters */
                    country: string;
                    longitude: number;
                    latitude: number;
                    /**
                     * Format: binary
                     * @description company registration document: JPEG, PNG, WebP or PDF, judged by content; at most 5 MB (413 / 415 name the field). Optional (known client defect); a company application without it is kept with missing_documents ["company_document"]
                     */
                    company_document?: Blob;
                };
            };
        };
        responses: {
            /** @description Created: apply to become an owner (KYC form). data is the OwnerRequest. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["OwnerRequest"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    addOwnerRequestDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description company registration document: JPEG, PNG, WebP or PDF, judged by content; at most 5 MB (413 / 415 name the field)
                     */
                    company_document: Blob;
                };
            };
        };
        responses: {
            /** @description OK: add the company document to the caller's pending application. data is the OwnerRequest. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["OwnerRequest"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listOwnerRequests: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                status?: "pending" | "approved" | "rejected";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: owner applications to review (support, admin). data is one page of OwnerRequest; meta gives the page, its size and the totals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["OwnerRequest"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    approveOwnerRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the applicant's user id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: approve the pending application of a user (support, admin). data is the OwnerRequest. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["OwnerRequest"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    acceptOwnerRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the owner request id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: approve an application by its id (support, admin); returns the whole application. data is the OwnerRequest. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["OwnerRequest"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    rejectOwnerRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the applicant's user id */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description shown to the applicant */
                    reason: string;
                };
            };
        };
        responses: {
            /** @description OK: reject the pending application of a user (support, admin). data is the OwnerRequest. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["OwnerRequest"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getOwnerRequestStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: status of the caller's latest owner application, as a plain string. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        /** @description status of the latest application, or none */
                        data: "none" | ("pending" | "approved" | "rejected");
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getOwnerRequestFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the owner request id */
                id: number;
                /** @description id_reco_path, id_verso_path or company_document (anything else is 404) */
                field: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the file, with its checked content type, as an attachment */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": Blob;
                    "image/png": Blob;
                    "image/webp": Blob;
                    "application/pdf": Blob;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listPropertyTypes: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: property types. data is one page; meta gives the page, its size and the totals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            name: string;
                            /** @description optional in the spec: null when there is none */
                            description: string | null;
                            /** @description ISO 8601 UTC */
                            created_at: string;
                            /** @description ISO 8601 UTC */
                            updated_at: string;
                        }[];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    createPropertyType: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description surrounding spaces are trimmed; one line: no line breaks, tabs or other control characters */
                    name: string;
                    /** @description null or empty clears it */
                    description?: string | null;
                };
            };
        };
        responses: {
            /** @description Created: add a property type (admin). */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            name: string;
                            /** @description optional in the spec: null when there is none */
                            description: string | null;
                            /** @description ISO 8601 UTC */
                            created_at: string;
                            /** @description ISO 8601 UTC */
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    updatePropertyType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description surrounding spaces are trimmed; one line: no line breaks, tabs or other control characters */
                    name?: string;
                    /** @description null or empty clears it */
                    description?: string | null;
                };
            };
        };
        responses: {
            /** @description OK: rename or redescribe a property type (admin). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            name: string;
                            /** @description optional in the spec: null when there is none */
                            description: string | null;
                            /** @description ISO 8601 UTC */
                            created_at: string;
                            /** @description ISO 8601 UTC */
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    deletePropertyType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: delete a property type (admin). data is null; message says what was done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listCommodities: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description only this group (exact, case-insensitive) */
                type?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: amenities (commodities). data is one page; meta gives the page, its size and the totals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            name: string;
                            /** @description the group: essentials, kitchen, safety, outdoor, parking, accessibility, entertainment, work, family, facilities, … */
                            type: string;
                        }[];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    createCommodity: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description surrounding spaces are trimmed; one line: no line breaks, tabs or other control characters */
                    name: string;
                    /** @description group key: lowercase letters, digits, underscore (e.g. kitchen, outdoor) */
                    type: string;
                };
            };
        };
        responses: {
            /** @description Created: add an amenity (admin). */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            name: string;
                            /** @description the group: essentials, kitchen, safety, outdoor, parking, accessibility, entertainment, work, family, facilities, … */
                            type: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    updateCommodity: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description surrounding spaces are trimmed; one line: no line breaks, tabs or other control characters */
                    name?: string;
                    /** @description group key: lowercase letters, digits, underscore (e.g. kitchen, outdoor) */
                    type?: string;
                };
            };
        };
        responses: {
            /** @description OK: rename or regroup an amenity (admin). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            name: string;
                            /** @description the group: essentials, kitchen, safety, outdoor, parking, accessibility, entertainment, work, family, facilities, … */
                            type: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteCommodity: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: delete an amenity (admin). data is null; message says what was done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listCountries: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description the exact code, or any part of the name (case-insensitive) */
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: countries (ISO 3166-1). data is one page; meta gives the page, its size and the totals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            /** @description ISO 3166-1 alpha-2 code: the `country.id` of the property creation form */
                            id: string;
                            /** @description English short name */
                            name: string;
                        }[];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listNeighborhoods: {
        parameters: {
            query: {
                page?: number;
                per_page?: number;
                /** @description ISO 3166-1 alpha-2 code (case-insensitive) */
                country: string;
                /** @description only this city (exact, case-insensitive) */
                city?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: a country's neighborhoods. data is one page; meta gives the page, its size and the totals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            /** @description the `neighborhood_id` of the property creation form */
                            id: number;
                            /** @description ISO 3166-1 alpha-2 code */
                            country: string;
                            city: string;
                            name: string;
                        }[];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    createNeighborhood: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description ISO 3166-1 alpha-2 code (case-insensitive) */
                    country: string;
                    /** @description surrounding spaces are trimmed; one line: no line breaks, tabs or other control characters */
                    city: string;
                    /** @description surrounding spaces are trimmed; one line: no line breaks, tabs or other control characters */
                    name: string;
                };
            };
        };
        responses: {
            /** @description Created: add a neighborhood (admin). */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            /** @description the `neighborhood_id` of the property creation form */
                            id: number;
                            /** @description ISO 3166-1 alpha-2 code */
                            country: string;
                            city: string;
                            name: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listCurrencies: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description "1"/true: include inactive currencies; admin only (401 anonymous, 403 other roles) */
                all?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: currencies. data is one page of CurrencyModel; meta gives the page, its size and the totals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["CurrencyModel"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    createCurrency: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description ISO 4217 code; stored upper-case; unique (409) */
                    code: string;
                    /** @description surrounding spaces are trimmed; one line: no line breaks, tabs or other control characters */
                    name: string;
                    /** @description surrounding spaces are trimmed; one line: no line breaks, tabs or other control characters */
                    symbol: string;
                    /**
                     * @description ISO 4217 minor-unit exponent; fixed once created (stored amounts depend on it)
                     * @default 2
                     */
                    decimals?: number;
                    /** @description units of this currency per one unit of the default currency, > 0, at most 8 decimals; a JSON number or decimal text ("1.08") */
                    exchange_rate: number | string;
                    /** @default true */
                    is_active?: boolean;
                    /** @default false */
                    is_default?: boolean;
                };
            };
        };
        responses: {
            /** @description Created: add a currency (admin). data is the CurrencyModel. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["CurrencyModel"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    updateCurrency: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ISO 4217 code (case-insensitive) */
                code: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description surrounding spaces are trimmed; one line: no line breaks, tabs or other control characters */
                    name?: string;
                    /** @description surrounding spaces are trimmed; one line: no line breaks, tabs or other control characters */
                    symbol?: string;
                    /** @description units of this currency per one unit of the default currency, > 0, at most 8 decimals; a JSON number or decimal text ("1.08") */
                    exchange_rate?: number | string;
                    is_active?: boolean;
                    is_default?: boolean;
                };
            };
        };
        responses: {
            /** @description OK: change a currency (admin). data is the CurrencyModel. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["CurrencyModel"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listProperties: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description text in the public name, description or address (case-insensitive; % and _ are literal) */
                q?: string;
                /** @description property type id */
                type?: number;
                /** @description part of the address (case-insensitive) */
                address?: string;
                /** @description neighborhood id (GET /neighborhoods) */
                neighborhood?: number;
                /** @description first night, YYYY-MM-DD; a real calendar date from 1900-01-01 to 2200-12-31 (422 otherwise) */
                checkin_date?: string;
                /** @description departure day (not a night of the stay), YYYY-MM-DD; a real calendar date from 1900-01-01 to 2200-12-31 (422 otherwise) */
                checkout_date?: string;
                /** @description total guests one unit must hold; default 1 with dates */
                guests?: number;
                /** @description price_per_night at least this, in `currency` units (compared exactly, in its minor units) */
                min_price?: number;
                /** @description price_per_night at most this, in `currency` units (compared exactly, in its minor units) */
                max_price?: number;
                /** @description currency of min_price/max_price and of sort=price; default: the platform default currency */
                currency?: string;
                /** @description "<lat>,<lng>" in decimal degrees */
                near?: string;
                /** @description with near: more than 0, at most 500; default 25 */
                radius_km?: number;
                /** @description comma-separated commodity ids; a listing must have all of them (at most 20) */
                commodities?: string;
                /** @description newest (default), price, -price, rating (best first, unrated last), distance (needs near) */
                sort?: "newest" | "price" | "-price" | "rating" | "distance";
                status?: "draft" | "active" | "inactive" | "archived";
                visibility?: "0" | "1";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: listings of the caller's role. data is one page of PropertyCard; meta gives the page, its size and the totals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["PropertyCard"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    createProperty: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The 8-step creation form. Every field is optional per request; fields not listed are ignored. Each invalid field is a 422 naming it (nested: type.id, country.id). Steps 1–6 are required for the listing to leave draft: 1 who_are_you; 2 internal_name, public_name, type, description; 3 country, address, location; 4 base_price, price_per_night; 5 capacity, check_in_time, check_out_time; 6 at least one cancellation_policy. Steps 7 and 8 are optional and count as done once sent. When the last required step is saved the draft becomes active. */
        requestBody: {
            content: {
                "application/json": {
                    /** @description step 1 */
                    who_are_you?: "individual" | "company";
                    /** @description step 1: the owner. An owner may only name themselves (403); an admin may name any owner account (422 for another role); default the caller */
                    user_id?: number;
                    /** @description step 1, optional; one line: no line breaks, tabs or other control characters */
                    name_of_structure?: string;
                    /** @description step 2: at least 2 characters (not counting surrounding spaces); internal/admin use; one line: no line breaks, tabs or other control characters */
                    internal_name?: string;
                    /** @description step 2: at least 2 characters; visible to travellers; one line: no line breaks, tabs or other control characters */
                    public_name?: string;
                    type?: {
                        /** @description step 2: a property type id (GET /property-types); unknown → 422 type.id */
                        id: string;
                        /** @description ignored; one line: no line breaks, tabs or other control characters */
                        name?: string;
                    };
                    /** @description step 2: at least 20 characters */
                    description?: string;
                    country?: {
                        /** @description step 3: ISO 3166-1 alpha-2 code (GET /countries); unknown → 422 country.id */
                        id: string;
                        /** @description ignored; one line: no line breaks, tabs or other control characters */
                        name?: string;
                    };
                    /** @description step 3; one line: no line breaks, tabs or other control characters */
                    address?: string;
                    /** @description step 3: "<lat>,<lng>", latitude −90..90, longitude −180..180 */
                    location?: string;
                    /** @description step 3, optional: a neighborhood of the listing's country (GET /neighborhoods?country=) */
                    neighborhood_id?: number;
                    /** @description IANA time zone (Europe/Paris); default DEFAULT_TIMEZONE. "Today", check-in instants and cut-offs are computed in it; one line: no line breaks, tabs or other control characters */
                    timezone?: string;
                    /** @description ISO 4217 code of an active currency (GET /currencies); default the default currency. Amounts are read in its decimals */
                    currency?: string;
                    /** @description step 4, in currency units, at most the currency's decimals (422 otherwise) */
                    base_price?: number;
                    /** @description step 4, the nightly price of a listing without room types */
                    price_per_night?: number;
                    /** @description step 4: no stated meaning; stored and returned unchanged (up to 4 decimals) */
                    pricing?: number;
                    /** @description step 4, per stay; absent means none */
                    cleaning_fee?: number;
                    /** @description step 4: tax rate in percent of the sub-total (up to 3 decimals) */
                    tax?: number;
                    /** @description step 4; absent means none */
                    security_deposit?: number;
                    /** @description long-stay discount for 7+ nights */
                    weekly_discount_percent?: number;
                    /** @description long-stay discount for 28+ nights */
                    monthly_discount_percent?: number;
                    /** @description step 5: guests */
                    capacity?: number;
                    /** @description step 5, optional */
                    square_footage?: number;
                    /** @description HH:MM:SS; step 5 */
                    check_in_time?: string;
                    /** @description HH:MM:SS; step 5, optional: latest check-in */
                    check_in_time_end?: string;
                    /** @description HH:MM:SS; step 5 */
                    check_out_time?: string;
                    /** @description true/false or 1/0; step 5 */
                    breakfast_included?: boolean;
                    /** @description true/false or 1/0; step 5 */
                    pets_allowed?: boolean;
                    /** @description step 6: house rules */
                    rules?: string[];
                    /** @description step 6: one or more of flexible, moderate, strict (contract §5 refund rules); read back as {flexible, moderate, strict, description} */
                    cancellation_policy?: ("flexible" | "moderate" | "strict")[];
                    /** @description step 6 */
                    specifications?: string[];
                    /** @description step 6 */
                    features?: string[];
                    /** @description true/false or 1/0; step 7, optional: asks for the listing to be linked to the channel manager. Stored as a request; it is acted on once a channel manager adapter is configured (none by default) */
                    channel_sync_now?: boolean;
                    /** @description step 8 */
                    some_informations?: {
                        /** @description one line: no line breaks, tabs or other control characters */
                        key: string;
                        value: string;
                    }[];
                    /** @description step 8: never shown on public routes; null clears it */
                    wifi_informations?: {
                        /** @description one line: no line breaks, tabs or other control characters */
                        network: string;
                        password: string;
                        /** @description one line: no line breaks, tabs or other control characters */
                        speed: string;
                    } | null;
                    /** @description amenity ids (GET /commodities); replaces the set; unknown ids → 422 */
                    commodities?: number[];
                };
            };
        };
        responses: {
            /** @description Created: create a listing (8-step form). data is the PropertyReadForm. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["PropertyReadForm"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    createNewProperty: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The 8-step creation form. Every field is optional per request; fields not listed are ignored. Each invalid field is a 422 naming it (nested: type.id, country.id). Steps 1–6 are required for the listing to leave draft: 1 who_are_you; 2 internal_name, public_name, type, description; 3 country, address, location; 4 base_price, price_per_night; 5 capacity, check_in_time, check_out_time; 6 at least one cancellation_policy. Steps 7 and 8 are optional and count as done once sent. When the last required step is saved the draft becomes active. */
        requestBody: {
            content: {
                "application/json": {
                    /** @description step 1 */
                    who_are_you?: "individual" | "company";
                    /** @description step 1: the owner. An owner may only name themselves (403); an admin may name any owner account (422 for another role); default the caller */
                    user_id?: number;
                    /** @description step 1, optional; one line: no line breaks, tabs or other control characters */
                    name_of_structure?: string;
                    /** @description step 2: at least 2 characters (not counting surrounding spaces); internal/admin use; one line: no line breaks, tabs or other control characters */
                    internal_name?: string;
                    /** @description step 2: at least 2 characters; visible to travellers; one line: no line breaks, tabs or other control characters */
                    public_name?: string;
                    type?: {
                        /** @description step 2: a property type id (GET /property-types); unknown → 422 type.id */
                        id: string;
                        /** @description ignored; one line: no line breaks, tabs or other control characters */
                        name?: string;
                    };
                    /** @description step 2: at least 20 characters */
                    description?: string;
                    country?: {
                        /** @description step 3: ISO 3166-1 alpha-2 code (GET /countries); unknown → 422 country.id */
                        id: string;
                        /** @description ignored; one line: no line breaks, tabs or other control characters */
                        name?: string;
                    };
                    /** @description step 3; one line: no line breaks, tabs or other control characters */
                    address?: string;
                    /** @description step 3: "<lat>,<lng>", latitude −90..90, longitude −180..180 */
                    location?: string;
                    /** @description step 3, optional: a neighborhood of the listing's country (GET /neighborhoods?country=) */
                    neighborhood_id?: number;
                    /** @description IANA time zone (Europe/Paris); default DEFAULT_TIMEZONE. "Today", check-in instants and cut-offs are computed in it; one line: no line breaks, tabs or other control characters */
                    timezone?: string;
                    /** @description ISO 4217 code of an active currency (GET /currencies); default the default currency. Amounts are read in its decimals */
                    currency?: string;
                    /** @description step 4, in currency units, at most the currency's decimals (422 otherwise) */
                    base_price?: number;
                    /** @description step 4, the nightly price of a listing without room types */
                    price_per_night?: number;
                    /** @description step 4: no stated meaning; stored and returned unchanged (up to 4 decimals) */
                    pricing?: number;
                    /** @description step 4, per stay; absent means none */
                    cleaning_fee?: number;
                    /** @description step 4: tax rate in percent of the sub-total (up to 3 decimals) */
                    tax?: number;
                    /** @description step 4; absent means none */
                    security_deposit?: number;
                    /** @description long-stay discount for 7+ nights */
                    weekly_discount_percent?: number;
                    /** @description long-stay discount for 28+ nights */
                    monthly_discount_percent?: number;
                    /** @description step 5: guests */
                    capacity?: number;
                    /** @description step 5, optional */
                    square_footage?: number;
                    /** @description HH:MM:SS; step 5 */
                    check_in_time?: string;
                    /** @description HH:MM:SS; step 5, optional: latest check-in */
                    check_in_time_end?: string;
                    /** @description HH:MM:SS; step 5 */
                    check_out_time?: string;
                    /** @description true/false or 1/0; step 5 */
                    breakfast_included?: boolean;
                    /** @description true/false or 1/0; step 5 */
                    pets_allowed?: boolean;
                    /** @description step 6: house rules */
                    rules?: string[];
                    /** @description step 6: one or more of flexible, moderate, strict (contract §5 refund rules); read back as {flexible, moderate, strict, description} */
                    cancellation_policy?: ("flexible" | "moderate" | "strict")[];
                    /** @description step 6 */
                    specifications?: string[];
                    /** @description step 6 */
                    features?: string[];
                    /** @description true/false or 1/0; step 7, optional: asks for the listing to be linked to the channel manager. Stored as a request; it is acted on once a channel manager adapter is configured (none by default) */
                    channel_sync_now?: boolean;
                    /** @description step 8 */
                    some_informations?: {
                        /** @description one line: no line breaks, tabs or other control characters */
                        key: string;
                        value: string;
                    }[];
                    /** @description step 8: never shown on public routes; null clears it */
                    wifi_informations?: {
                        /** @description one line: no line breaks, tabs or other control characters */
                        network: string;
                        password: string;
                        /** @description one line: no line breaks, tabs or other control characters */
                        speed: string;
                    } | null;
                    /** @description amenity ids (GET /commodities); replaces the set; unknown ids → 422 */
                    commodities?: number[];
                };
            };
        };
        responses: {
            /** @description Created: create a listing (8-step form; same as POST /properties). data is the PropertyReadForm. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["PropertyReadForm"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getProperty: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: a listing (read form). data is the PropertyReadForm. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["PropertyReadForm"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    updateProperty: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        /** @description Partial update: only the fields sent change, with the creation form's rules, plus status, visibility and recommended. */
        requestBody: {
            content: {
                "application/json": {
                    /** @description step 1 */
                    who_are_you?: "individual" | "company";
                    /** @description step 1: the owner. An owner may only name themselves (403); an admin may name any owner account (422 for another role); default the caller */
                    user_id?: number;
                    /** @description step 1, optional; one line: no line breaks, tabs or other control characters */
                    name_of_structure?: string;
                    /** @description step 2: at least 2 characters (not counting surrounding spaces); internal/admin use; one line: no line breaks, tabs or other control characters */
                    internal_name?: string;
                    /** @description step 2: at least 2 characters; visible to travellers; one line: no line breaks, tabs or other control characters */
                    public_name?: string;
                    type?: {
                        /** @description step 2: a property type id (GET /property-types); unknown → 422 type.id */
                        id: string;
                        /** @description ignored; one line: no line breaks, tabs or other control characters */
                        name?: string;
                    };
                    /** @description step 2: at least 20 characters */
                    description?: string;
                    country?: {
                        /** @description step 3: ISO 3166-1 alpha-2 code (GET /countries); unknown → 422 country.id */
                        id: string;
                        /** @description ignored; one line: no line breaks, tabs or other control characters */
                        name?: string;
                    };
                    /** @description step 3; one line: no line breaks, tabs or other control characters */
                    address?: string;
                    /** @description step 3: "<lat>,<lng>", latitude −90..90, longitude −180..180 */
                    location?: string;
                    /** @description step 3, optional: a neighborhood of the listing's country (GET /neighborhoods?country=) */
                    neighborhood_id?: number;
                    /** @description IANA time zone (Europe/Paris); default DEFAULT_TIMEZONE. "Today", check-in instants and cut-offs are computed in it; one line: no line breaks, tabs or other control characters */
                    timezone?: string;
                    /** @description ISO 4217 code of an active currency (GET /currencies); default the default currency. Amounts are read in its decimals */
                    currency?: string;
                    /** @description step 4, in currency units, at most the currency's decimals (422 otherwise) */
                    base_price?: number;
                    /** @description step 4, the nightly price of a listing without room types */
                    price_per_night?: number;
                    /** @description step 4: no stated meaning; stored and returned unchanged (up to 4 decimals) */
                    pricing?: number;
                    /** @description step 4, per stay; absent means none */
                    cleaning_fee?: number;
                    /** @description step 4: tax rate in percent of the sub-total (up to 3 decimals) */
                    tax?: number;
                    /** @description step 4; absent means none */
                    security_deposit?: number;
                    /** @description long-stay discount for 7+ nights */
                    weekly_discount_percent?: number;
                    /** @description long-stay discount for 28+ nights */
                    monthly_discount_percent?: number;
                    /** @description step 5: guests */
                    capacity?: number;
                    /** @description step 5, optional */
                    square_footage?: number;
                    /** @description HH:MM:SS; step 5 */
                    check_in_time?: string;
                    /** @description HH:MM:SS; step 5, optional: latest check-in */
                    check_in_time_end?: string;
                    /** @description HH:MM:SS; step 5 */
                    check_out_time?: string;
                    /** @description true/false or 1/0; step 5 */
                    breakfast_included?: boolean;
                    /** @description true/false or 1/0; step 5 */
                    pets_allowed?: boolean;
                    /** @description step 6: house rules */
                    rules?: string[];
                    /** @description step 6: one or more of flexible, moderate, strict (contract §5 refund rules); read back as {flexible, moderate, strict, description} */
                    cancellation_policy?: ("flexible" | "moderate" | "strict")[];
                    /** @description step 6 */
                    specifications?: string[];
                    /** @description step 6 */
                    features?: string[];
                    /** @description true/false or 1/0; step 7, optional: asks for the listing to be linked to the channel manager. Stored as a request; it is acted on once a channel manager adapter is configured (none by default) */
                    channel_sync_now?: boolean;
                    /** @description step 8 */
                    some_informations?: {
                        /** @description one line: no line breaks, tabs or other control characters */
                        key: string;
                        value: string;
                    }[];
                    /** @description step 8: never shown on public routes; null clears it */
                    wifi_informations?: {
                        /** @description one line: no line breaks, tabs or other control characters */
                        network: string;
                        password: string;
                        /** @description one line: no line breaks, tabs or other control characters */
                        speed: string;
                    } | null;
                    /** @description amenity ids (GET /commodities); replaces the set; unknown ids → 422 */
                    commodities?: number[];
                    /** @description active ↔ inactive by the owner or an admin. A draft becomes active only once steps 1–6 are complete (409 otherwise); an archived listing cannot change (409) */
                    status?: "active" | "inactive";
                    /** @description 0 hides an active listing from travellers, 1 shows it */
                    visibility?: number;
                    /** @description admin only (403 for owners) */
                    recommended?: number;
                };
            };
        };
        responses: {
            /** @description OK: update a listing. data is the PropertyReadForm. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["PropertyReadForm"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    savePropertyDraft: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        /** @description The 8-step creation form. Every field is optional per request; fields not listed are ignored. Each invalid field is a 422 naming it (nested: type.id, country.id). Steps 1–6 are required for the listing to leave draft: 1 who_are_you; 2 internal_name, public_name, type, description; 3 country, address, location; 4 base_price, price_per_night; 5 capacity, check_in_time, check_out_time; 6 at least one cancellation_policy. Steps 7 and 8 are optional and count as done once sent. When the last required step is saved the draft becomes active. */
        requestBody: {
            content: {
                "application/json": {
                    /** @description step 1 */
                    who_are_you?: "individual" | "company";
                    /** @description step 1: the owner. An owner may only name themselves (403); an admin may name any owner account (422 for another role); default the caller */
                    user_id?: number;
                    /** @description step 1, optional; one line: no line breaks, tabs or other control characters */
                    name_of_structure?: string;
                    /** @description step 2: at least 2 characters (not counting surrounding spaces); internal/admin use; one line: no line breaks, tabs or other control characters */
                    internal_name?: string;
                    /** @description step 2: at least 2 characters; visible to travellers; one line: no line breaks, tabs or other control characters */
                    public_name?: string;
                    type?: {
                        /** @description step 2: a property type id (GET /property-types); unknown → 422 type.id */
                        id: string;
                        /** @description ignored; one line: no line breaks, tabs or other control characters */
                        name?: string;
                    };
                    /** @description step 2: at least 20 characters */
                    description?: string;
                    country?: {
                        /** @description step 3: ISO 3166-1 alpha-2 code (GET /countries); unknown → 422 country.id */
                        id: string;
                        /** @description ignored; one line: no line breaks, tabs or other control characters */
                        name?: string;
                    };
                    /** @description step 3; one line: no line breaks, tabs or other control characters */
                    address?: string;
                    /** @description step 3: "<lat>,<lng>", latitude −90..90, longitude −180..180 */
                    location?: string;
                    /** @description step 3, optional: a neighborhood of the listing's country (GET /neighborhoods?country=) */
                    neighborhood_id?: number;
                    /** @description IANA time zone (Europe/Paris); default DEFAULT_TIMEZONE. "Today", check-in instants and cut-offs are computed in it; one line: no line breaks, tabs or other control characters */
                    timezone?: string;
                    /** @description ISO 4217 code of an active currency (GET /currencies); default the default currency. Amounts are read in its decimals */
                    currency?: string;
                    /** @description step 4, in currency units, at most the currency's decimals (422 otherwise) */
                    base_price?: number;
                    /** @description step 4, the nightly price of a listing without room types */
                    price_per_night?: number;
                    /** @description step 4: no stated meaning; stored and returned unchanged (up to 4 decimals) */
                    pricing?: number;
                    /** @description step 4, per stay; absent means none */
                    cleaning_fee?: number;
                    /** @description step 4: tax rate in percent of the sub-total (up to 3 decimals) */
                    tax?: number;
                    /** @description step 4; absent means none */
                    security_deposit?: number;
                    /** @description long-stay discount for 7+ nights */
                    weekly_discount_percent?: number;
                    /** @description long-stay discount for 28+ nights */
                    monthly_discount_percent?: number;
                    /** @description step 5: guests */
                    capacity?: number;
                    /** @description step 5, optional */
                    square_footage?: number;
                    /** @description HH:MM:SS; step 5 */
                    check_in_time?: string;
                    /** @description HH:MM:SS; step 5, optional: latest check-in */
                    check_in_time_end?: string;
                    /** @description HH:MM:SS; step 5 */
                    check_out_time?: string;
                    /** @description true/false or 1/0; step 5 */
                    breakfast_included?: boolean;
                    /** @description true/false or 1/0; step 5 */
                    pets_allowed?: boolean;
                    /** @description step 6: house rules */
                    rules?: string[];
                    /** @description step 6: one or more of flexible, moderate, strict (contract §5 refund rules); read back as {flexible, moderate, strict, description} */
                    cancellation_policy?: ("flexible" | "moderate" | "strict")[];
                    /** @description step 6 */
                    specifications?: string[];
                    /** @description step 6 */
                    features?: string[];
                    /** @description true/false or 1/0; step 7, optional: asks for the listing to be linked to the channel manager. Stored as a request; it is acted on once a channel manager adapter is configured (none by default) */
                    channel_sync_now?: boolean;
                    /** @description step 8 */
                    some_informations?: {
                        /** @description one line: no line breaks, tabs or other control characters */
                        key: string;
                        value: string;
                    }[];
                    /** @description step 8: never shown on public routes; null clears it */
                    wifi_informations?: {
                        /** @description one line: no line breaks, tabs or other control characters */
                        network: string;
                        password: string;
                        /** @description one line: no line breaks, tabs or other control characters */
                        speed: string;
                    } | null;
                    /** @description amenity ids (GET /commodities); replaces the set; unknown ids → 422 */
                    commodities?: number[];
                };
            };
        };
        responses: {
            /** @description OK: save wizard steps on a draft. data is the PropertyReadForm. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["PropertyReadForm"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteProperty: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: delete a listing (archived when it has booking history). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            status: "deleted" | "archived";
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listOwnerProperties: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description only listings in this status; default every status except archived */
                status?: "draft" | "active" | "inactive" | "archived";
            };
            header?: never;
            path: {
                userId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: one owner's listings (second read variant). data is one page of OwnerListItem; meta gives the page, its size and the totals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["OwnerListItem"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getFavoriteStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: whether the listing is in the caller's favorites. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            is_favorite: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    addFavorite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: add the listing to the caller's favorites. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            is_favorite: boolean;
                            like_count: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    removeFavorite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: remove the listing from the caller's favorites. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            is_favorite: boolean;
                            like_count: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listSeasons: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: list a listing's seasons. data is one page; meta gives the page, its size and the totals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            name: string;
                            start_date: string;
                            end_date: string;
                            reduction_percent: number;
                            min_stay: number | null;
                            max_stay: number | null;
                        }[];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    createSeason: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 1–120 characters, not blank; one line: no line breaks, tabs or other control characters */
                    name: string;
                    /**
                     * Format: date
                     * @description YYYY-MM-DD; first day of the season; a real calendar date from 1900-01-01 to 2200-12-31 (422 otherwise)
                     */
                    start_date: string;
                    /**
                     * Format: date
                     * @description YYYY-MM-DD; last day of the season, included; on or after start_date; a real calendar date from 1900-01-01 to 2200-12-31 (422 otherwise)
                     */
                    end_date: string;
                    /** @description reduction of the nightly rate during the season (default 0); 0–100, at most 2 decimals */
                    reduction_percent?: number;
                    /** @description shortest stay in nights touching the season; null: no minimum */
                    min_stay?: number | null;
                    /** @description longest stay in nights; null: no maximum; at least min_stay */
                    max_stay?: number | null;
                };
            };
        };
        responses: {
            /** @description Created: add a season to a listing. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            name: string;
                            start_date: string;
                            end_date: string;
                            reduction_percent: number;
                            min_stay: number | null;
                            max_stay: number | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    updateSeason: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                itemId: number;
            };
            cookie?: never;
        };
        /** @description Partial: only the fields sent change; the resulting item must satisfy every rule of a new one. */
        requestBody: {
            content: {
                "application/json": {
                    /** @description 1–120 characters, not blank; one line: no line breaks, tabs or other control characters */
                    name?: string;
                    /**
                     * Format: date
                     * @description YYYY-MM-DD; first day of the season; a real calendar date from 1900-01-01 to 2200-12-31 (422 otherwise)
                     */
                    start_date?: string;
                    /**
                     * Format: date
                     * @description YYYY-MM-DD; last day of the season, included; on or after start_date; a real calendar date from 1900-01-01 to 2200-12-31 (422 otherwise)
                     */
                    end_date?: string;
                    /** @description reduction of the nightly rate during the season (default 0); 0–100, at most 2 decimals */
                    reduction_percent?: number;
                    /** @description shortest stay in nights touching the season; null: no minimum */
                    min_stay?: number | null;
                    /** @description longest stay in nights; null: no maximum; at least min_stay */
                    max_stay?: number | null;
                };
            };
        };
        responses: {
            /** @description OK: change a season (partial). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            name: string;
                            start_date: string;
                            end_date: string;
                            reduction_percent: number;
                            min_stay: number | null;
                            max_stay: number | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteSeason: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                itemId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: delete a season. data is null; message says what was done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listOffers: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: list a listing's offers. data is one page; meta gives the page, its size and the totals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            name: string;
                            discount_type: string;
                            discount_value: number;
                            start_date: string;
                            end_date: string;
                            min_nights: number;
                        }[];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    createOffer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 1–120 characters, not blank; one line: no line breaks, tabs or other control characters */
                    name: string;
                    /** @description percent of the stay, or a fixed amount off it */
                    discount_type: "percent" | "fixed";
                    /** @description greater than 0; percent: at most 100 with 2 decimals; fixed: an amount in the listing currency with at most its decimals */
                    discount_value: number;
                    /**
                     * Format: date
                     * @description YYYY-MM-DD; first day of the stays the offer applies to; a real calendar date from 1900-01-01 to 2200-12-31 (422 otherwise)
                     */
                    start_date: string;
                    /**
                     * Format: date
                     * @description YYYY-MM-DD; last day, included; on or after start_date; a real calendar date from 1900-01-01 to 2200-12-31 (422 otherwise)
                     */
                    end_date: string;
                    /** @description shortest stay the offer applies to (default 1) */
                    min_nights?: number;
                };
            };
        };
        responses: {
            /** @description Created: add a offer to a listing. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            name: string;
                            discount_type: string;
                            discount_value: number;
                            start_date: string;
                            end_date: string;
                            min_nights: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    updateOffer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                itemId: number;
            };
            cookie?: never;
        };
        /** @description Partial: only the fields sent change; the resulting item must satisfy every rule of a new one. */
        requestBody: {
            content: {
                "application/json": {
                    /** @description 1–120 characters, not blank; one line: no line breaks, tabs or other control characters */
                    name?: string;
                    /** @description percent of the stay, or a fixed amount off it */
                    discount_type?: "percent" | "fixed";
                    /** @description greater than 0; percent: at most 100 with 2 decimals; fixed: an amount in the listing currency with at most its decimals */
                    discount_value?: number;
                    /**
                     * Format: date
                     * @description YYYY-MM-DD; first day of the stays the offer applies to; a real calendar date from 1900-01-01 to 2200-12-31 (422 otherwise)
                     */
                    start_date?: string;
                    /**
                     * Format: date
                     * @description YYYY-MM-DD; last day, included; on or after start_date; a real calendar date from 1900-01-01 to 2200-12-31 (422 otherwise)
                     */
                    end_date?: string;
                    /** @description shortest stay the offer applies to (default 1) */
                    min_nights?: number;
                };
            };
        };
        responses: {
            /** @description OK: change a offer (partial). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            name: string;
                            discount_type: string;
                            discount_value: number;
                            start_date: string;
                            end_date: string;
                            min_nights: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteOffer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                itemId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: delete a offer. data is null; message says what was done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listPackages: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: list a listing's packages. data is one page; meta gives the page, its size and the totals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            name: string;
                            price: number;
                            is_global: boolean;
                        }[];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    createPackage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 1–120 characters, not blank; one line: no line breaks, tabs or other control characters */
                    name: string;
                    /** @description price of the package, 0 or more; in the listing currency with at most its decimals (EUR 2, JPY 0: 422 otherwise) */
                    price: number;
                    /** @description stored and returned as sent (default false); the spec gives it no further meaning */
                    is_global?: boolean;
                };
            };
        };
        responses: {
            /** @description Created: add a package to a listing. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            name: string;
                            price: number;
                            is_global: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    updatePackage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                itemId: number;
            };
            cookie?: never;
        };
        /** @description Partial: only the fields sent change; the resulting item must satisfy every rule of a new one. */
        requestBody: {
            content: {
                "application/json": {
                    /** @description 1–120 characters, not blank; one line: no line breaks, tabs or other control characters */
                    name?: string;
                    /** @description price of the package, 0 or more; in the listing currency with at most its decimals (EUR 2, JPY 0: 422 otherwise) */
                    price?: number;
                    /** @description stored and returned as sent (default false); the spec gives it no further meaning */
                    is_global?: boolean;
                };
            };
        };
        responses: {
            /** @description OK: change a package (partial). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            name: string;
                            price: number;
                            is_global: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    deletePackage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                itemId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: delete a package. data is null; message says what was done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listServices: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: list a listing's services. data is one page; meta gives the page, its size and the totals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            name: string;
                            price: number;
                            type: string;
                        }[];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    createService: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 1–120 characters, not blank; one line: no line breaks, tabs or other control characters */
                    name: string;
                    /** @description price, 0 or more: per stay, per night or per guest as `type` says; in the listing currency with at most its decimals (EUR 2, JPY 0: 422 otherwise) */
                    price: number;
                    type: "per_stay" | "per_night" | "per_guest";
                };
            };
        };
        responses: {
            /** @description Created: add a service to a listing. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            name: string;
                            price: number;
                            type: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    updateService: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                itemId: number;
            };
            cookie?: never;
        };
        /** @description Partial: only the fields sent change; the resulting item must satisfy every rule of a new one. */
        requestBody: {
            content: {
                "application/json": {
                    /** @description 1–120 characters, not blank; one line: no line breaks, tabs or other control characters */
                    name?: string;
                    /** @description price, 0 or more: per stay, per night or per guest as `type` says; in the listing currency with at most its decimals (EUR 2, JPY 0: 422 otherwise) */
                    price?: number;
                    type?: "per_stay" | "per_night" | "per_guest";
                };
            };
        };
        responses: {
            /** @description OK: change a service (partial). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            name: string;
                            price: number;
                            type: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteService: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                itemId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: delete a service. data is null; message says what was done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listPromoCodes: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: list a listing's promo codes. data is one page; meta gives the page, its size and the totals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            code: string;
                            discount_type: string;
                            discount_value: number;
                            valid_from: string;
                            valid_to: string;
                            max_uses: number | null;
                            used_count: number;
                            min_nights: number;
                        }[];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    createPromoCode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        /** @description used_count is read-only: counted by reservations, ignored when sent */
        requestBody: {
            content: {
                "application/json": {
                    /** @description 3–40 letters, digits, - or _; unique on the listing ignoring case (409); kept as written, matched ignoring case */
                    code: string;
                    /** @description percent of the stay, or a fixed amount off it */
                    discount_type: "percent" | "fixed";
                    /** @description greater than 0; percent: at most 100 with 2 decimals; fixed: an amount in the listing currency with at most its decimals */
                    discount_value: number;
                    /**
                     * Format: date
                     * @description YYYY-MM-DD; first day, in the listing time zone, on which the code can be redeemed; a real calendar date from 1900-01-01 to 2200-12-31 (422 otherwise)
                     */
                    valid_from: string;
                    /**
                     * Format: date
                     * @description YYYY-MM-DD; last day it can be redeemed, included; on or after valid_from; a real calendar date from 1900-01-01 to 2200-12-31 (422 otherwise)
                     */
                    valid_to: string;
                    /** @description how many reservations may use it; null (default): unlimited; never below used_count */
                    max_uses?: number | null;
                    /** @description shortest stay the code applies to (default 1) */
                    min_nights?: number;
                };
            };
        };
        responses: {
            /** @description Created: add a promo code to a listing. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            code: string;
                            discount_type: string;
                            discount_value: number;
                            valid_from: string;
                            valid_to: string;
                            max_uses: number | null;
                            used_count: number;
                            min_nights: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    updatePromoCode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                itemId: number;
            };
            cookie?: never;
        };
        /** @description Partial: only the fields sent change; the resulting item must satisfy every rule of a new one. */
        requestBody: {
            content: {
                "application/json": {
                    /** @description 3–40 letters, digits, - or _; unique on the listing ignoring case (409); kept as written, matched ignoring case */
                    code?: string;
                    /** @description percent of the stay, or a fixed amount off it */
                    discount_type?: "percent" | "fixed";
                    /** @description greater than 0; percent: at most 100 with 2 decimals; fixed: an amount in the listing currency with at most its decimals */
                    discount_value?: number;
                    /**
                     * Format: date
                     * @description YYYY-MM-DD; first day, in the listing time zone, on which the code can be redeemed; a real calendar date from 1900-01-01 to 2200-12-31 (422 otherwise)
                     */
                    valid_from?: string;
                    /**
                     * Format: date
                     * @description YYYY-MM-DD; last day it can be redeemed, included; on or after valid_from; a real calendar date from 1900-01-01 to 2200-12-31 (422 otherwise)
                     */
                    valid_to?: string;
                    /** @description how many reservations may use it; null (default): unlimited; never below used_count */
                    max_uses?: number | null;
                    /** @description shortest stay the code applies to (default 1) */
                    min_nights?: number;
                };
            };
        };
        responses: {
            /** @description OK: change a promo code (partial). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            code: string;
                            discount_type: string;
                            discount_value: number;
                            valid_from: string;
                            valid_to: string;
                            max_uses: number | null;
                            used_count: number;
                            min_nights: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    deletePromoCode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                itemId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: delete a promo code. data is null; message says what was done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listPropertyPromos: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: offers and promo codes a traveller can use now. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            offers: {
                                id: number;
                                name: string;
                                discount_type: string;
                                discount_value: number;
                                start_date: string;
                                end_date: string;
                                min_nights: number;
                            }[];
                            promo_codes: {
                                id: number;
                                code: string;
                                discount_type: string;
                                discount_value: number;
                                valid_from: string;
                                valid_to: string;
                                max_uses: number | null;
                                used_count: number;
                                min_nights: number;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listRoomTypes: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: a listing's room types with their rate plans. data is one page; meta gives the page, its size and the totals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            title: string;
                            count_of_rooms: number;
                            occ_adults: number;
                            occ_children: number;
                            capacity: number;
                            rate_plans: {
                                id: number;
                                title: string;
                                currency: string;
                                price: number;
                                max_stay: number[];
                                min_stay_arrival: number[];
                                closed_to_arrival: boolean[];
                                closed_to_departure: boolean[];
                                stop_sell: boolean[];
                                sell_mode: string;
                                rate_mode: string;
                            }[];
                        }[];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    createRoomType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 1–100 characters, not blank (trimmed); one line: no line breaks, tabs or other control characters */
                    title: string;
                    /** @description identical units of this kind, at least 1 */
                    count_of_rooms: number;
                    /** @description adults a unit sleeps, at least 1 */
                    occ_adults: number;
                    /** @description children a unit sleeps besides the adults; default 0 */
                    occ_children?: number;
                    /** @description most guests in one unit; at least occ_adults (422 naming capacity) */
                    capacity: number;
                };
            };
        };
        responses: {
            /** @description Created: add a room type. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            title: string;
                            count_of_rooms: number;
                            occ_adults: number;
                            occ_children: number;
                            capacity: number;
                            rate_plans: {
                                id: number;
                                title: string;
                                currency: string;
                                price: number;
                                max_stay: number[];
                                min_stay_arrival: number[];
                                closed_to_arrival: boolean[];
                                closed_to_departure: boolean[];
                                stop_sell: boolean[];
                                sell_mode: string;
                                rate_mode: string;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    updateRoomType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                rt: number;
            };
            cookie?: never;
        };
        /** @description Only the members sent change; the result must still satisfy every rule. */
        requestBody: {
            content: {
                "application/json": {
                    /** @description 1–100 characters, not blank (trimmed); one line: no line breaks, tabs or other control characters */
                    title?: string;
                    /** @description identical units of this kind, at least 1 */
                    count_of_rooms?: number;
                    /** @description adults a unit sleeps, at least 1 */
                    occ_adults?: number;
                    /** @description children a unit sleeps besides the adults; default 0 */
                    occ_children?: number;
                    /** @description most guests in one unit; at least occ_adults (422 naming capacity) */
                    capacity?: number;
                };
            };
        };
        responses: {
            /** @description OK: change a room type. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            title: string;
                            count_of_rooms: number;
                            occ_adults: number;
                            occ_children: number;
                            capacity: number;
                            rate_plans: {
                                id: number;
                                title: string;
                                currency: string;
                                price: number;
                                max_stay: number[];
                                min_stay_arrival: number[];
                                closed_to_arrival: boolean[];
                                closed_to_departure: boolean[];
                                stop_sell: boolean[];
                                sell_mode: string;
                                rate_mode: string;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteRoomType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                rt: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: delete a room type. data is null; message says what was done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listRatePlans: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
            };
            header?: never;
            path: {
                id: number;
                rt: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: a room type's rate plans. data is one page; meta gives the page, its size and the totals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            title: string;
                            currency: string;
                            price: number;
                            max_stay: number[];
                            min_stay_arrival: number[];
                            closed_to_arrival: boolean[];
                            closed_to_departure: boolean[];
                            stop_sell: boolean[];
                            sell_mode: string;
                            rate_mode: string;
                        }[];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    createRatePlan: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                rt: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 1–100 characters, not blank (trimmed); one line: no line breaks, tabs or other control characters */
                    title: string;
                    /** @description default nightly rate in currency units, at most the currency's decimals (422 naming price otherwise) */
                    price: number;
                    /** @description ISO 4217 code; must be the listing's currency (422 naming currency otherwise); defaults to it */
                    currency?: string;
                    /** @description longest stay in nights by arrival weekday, 0 = no limit; default all 0; exactly 7 entries, Monday first (422 naming the field otherwise) */
                    max_stay?: number[];
                    /** @description shortest stay in nights by arrival weekday; default all 1; a non-zero max_stay may not be below it (422 naming max_stay); exactly 7 entries, Monday first (422 naming the field otherwise) */
                    min_stay_arrival?: number[];
                    /** @description no check-in on that weekday; default all false; exactly 7 entries, Monday first (422 naming the field otherwise) */
                    closed_to_arrival?: boolean[];
                    /** @description no check-out on that weekday; default all false; exactly 7 entries, Monday first (422 naming the field otherwise) */
                    closed_to_departure?: boolean[];
                    /** @description not sold for nights on that weekday; default all false; exactly 7 entries, Monday first (422 naming the field otherwise) */
                    stop_sell?: boolean[];
                    /** @description per_room (default): price is per unit and night; per_person: per guest and night */
                    sell_mode?: "per_room" | "per_person";
                    /** @description the channel manager's rate modes (default manual). Kept here for the owner's reference: this service always prices with `price` and the calendar overrides, so every option it sends to the channel manager is priced and the plan goes there in manual mode */
                    rate_mode?: "manual" | "derived" | "auto" | "cascade";
                };
            };
        };
        responses: {
            /** @description Created: add a rate plan to a room type. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            title: string;
                            currency: string;
                            price: number;
                            max_stay: number[];
                            min_stay_arrival: number[];
                            closed_to_arrival: boolean[];
                            closed_to_departure: boolean[];
                            stop_sell: boolean[];
                            sell_mode: string;
                            rate_mode: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    updateRatePlan: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                rt: number;
                rp: number;
            };
            cookie?: never;
        };
        /** @description Only the members sent change; the result must still satisfy every rule. */
        requestBody: {
            content: {
                "application/json": {
                    /** @description 1–100 characters, not blank (trimmed); one line: no line breaks, tabs or other control characters */
                    title?: string;
                    /** @description ISO 4217 code; must be the listing's currency (422 naming currency otherwise); defaults to it */
                    currency?: string;
                    /** @description default nightly rate in currency units, at most the currency's decimals (422 naming price otherwise) */
                    price?: number;
                    /** @description longest stay in nights by arrival weekday, 0 = no limit; default all 0; exactly 7 entries, Monday first (422 naming the field otherwise) */
                    max_stay?: number[];
                    /** @description shortest stay in nights by arrival weekday; default all 1; a non-zero max_stay may not be below it (422 naming max_stay); exactly 7 entries, Monday first (422 naming the field otherwise) */
                    min_stay_arrival?: number[];
                    /** @description no check-in on that weekday; default all false; exactly 7 entries, Monday first (422 naming the field otherwise) */
                    closed_to_arrival?: boolean[];
                    /** @description no check-out on that weekday; default all false; exactly 7 entries, Monday first (422 naming the field otherwise) */
                    closed_to_departure?: boolean[];
                    /** @description not sold for nights on that weekday; default all false; exactly 7 entries, Monday first (422 naming the field otherwise) */
                    stop_sell?: boolean[];
                    /** @description per_room (default): price is per unit and night; per_person: per guest and night */
                    sell_mode?: "per_room" | "per_person";
                    /** @description the channel manager's rate modes (default manual). Kept here for the owner's reference: this service always prices with `price` and the calendar overrides, so every option it sends to the channel manager is priced and the plan goes there in manual mode */
                    rate_mode?: "manual" | "derived" | "auto" | "cascade";
                };
            };
        };
        responses: {
            /** @description OK: change a rate plan. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            title: string;
                            currency: string;
                            price: number;
                            max_stay: number[];
                            min_stay_arrival: number[];
                            closed_to_arrival: boolean[];
                            closed_to_departure: boolean[];
                            stop_sell: boolean[];
                            sell_mode: string;
                            rate_mode: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteRatePlan: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                rt: number;
                rp: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: delete a rate plan. data is null; message says what was done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getRoomTypeCalendar: {
        parameters: {
            query?: {
                /** @description first night (default: today in the listing's time zone); a real calendar date from 1900-01-01 to 2200-12-31 (422 otherwise) */
                from?: string;
                /** @description last night, included (default: from + 29 days); at most 730 nights in all; a real calendar date from 1900-01-01 to 2200-12-31 (422 otherwise) */
                to?: string;
            };
            header?: never;
            path: {
                id: number;
                rt: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: a room type's nightly rates and availability. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            property_id: number;
                            room_type_id: number | null;
                            /** @description the listing's currency; every price is in it */
                            currency: string;
                            from: string;
                            to: string;
                            nights: {
                                /** @description the night, YYYY-MM-DD (the stay starting that day) */
                                date: string;
                                price: number | null;
                                /** @description effective units on sale: the override, else the full count */
                                available_rooms: number;
                                /** @description units taken: by reservations, and blocked by imported iCal calendars */
                                booked: number;
                                /** @description units still sellable: 0 when stop_sell, else max(0, available_rooms − booked) */
                                remaining: number;
                                stop_sell: boolean;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    setRoomTypeCalendar: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                rt: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: date
                     * @description first night to change (YYYY-MM-DD), not before today in the listing's time zone; a real calendar date from 1900-01-01 to 2200-12-31 (422 otherwise)
                     */
                    from: string;
                    /**
                     * Format: date
                     * @description last night to change, included; on or after from; at most 730 nights in all; a real calendar date from 1900-01-01 to 2200-12-31 (422 otherwise)
                     */
                    to: string;
                    /** @description nightly rate override in the listing currency's units; null removes the override */
                    price?: number | null;
                    /** @description units on sale, 0..count_of_rooms (0..1 for the listing); null goes back to the full count */
                    available_rooms?: number | null;
                    /** @description true closes the nights to new bookings */
                    stop_sell?: boolean;
                };
            };
        };
        responses: {
            /** @description OK: set a room type's rates and availability over a range of nights. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            property_id: number;
                            room_type_id: number | null;
                            /** @description the listing's currency; every price is in it */
                            currency: string;
                            from: string;
                            to: string;
                            nights: {
                                /** @description the night, YYYY-MM-DD (the stay starting that day) */
                                date: string;
                                price: number | null;
                                /** @description effective units on sale: the override, else the full count */
                                available_rooms: number;
                                /** @description units taken: by reservations, and blocked by imported iCal calendars */
                                booked: number;
                                /** @description units still sellable: 0 when stop_sell, else max(0, available_rooms − booked) */
                                remaining: number;
                                stop_sell: boolean;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getPropertyCalendar: {
        parameters: {
            query?: {
                /** @description first night (default: today in the listing's time zone); a real calendar date from 1900-01-01 to 2200-12-31 (422 otherwise) */
                from?: string;
                /** @description last night, included (default: from + 29 days); at most 730 nights in all; a real calendar date from 1900-01-01 to 2200-12-31 (422 otherwise) */
                to?: string;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the nightly rates and availability of a listing sold as one unit. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            property_id: number;
                            room_type_id: number | null;
                            /** @description the listing's currency; every price is in it */
                            currency: string;
                            from: string;
                            to: string;
                            nights: {
                                /** @description the night, YYYY-MM-DD (the stay starting that day) */
                                date: string;
                                price: number | null;
                                /** @description effective units on sale: the override, else the full count */
                                available_rooms: number;
                                /** @description units taken: by reservations, and blocked by imported iCal calendars */
                                booked: number;
                                /** @description units still sellable: 0 when stop_sell, else max(0, available_rooms − booked) */
                                remaining: number;
                                stop_sell: boolean;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    setPropertyCalendar: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: date
                     * @description first night to change (YYYY-MM-DD), not before today in the listing's time zone; a real calendar date from 1900-01-01 to 2200-12-31 (422 otherwise)
                     */
                    from: string;
                    /**
                     * Format: date
                     * @description last night to change, included; on or after from; at most 730 nights in all; a real calendar date from 1900-01-01 to 2200-12-31 (422 otherwise)
                     */
                    to: string;
                    /** @description nightly rate override in the listing currency's units; null removes the override */
                    price?: number | null;
                    /** @description units on sale, 0..count_of_rooms (0..1 for the listing); null goes back to the full count */
                    available_rooms?: number | null;
                    /** @description true closes the nights to new bookings */
                    stop_sell?: boolean;
                };
            };
        };
        responses: {
            /** @description OK: set the rates and availability of a listing sold as one unit. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            property_id: number;
                            room_type_id: number | null;
                            /** @description the listing's currency; every price is in it */
                            currency: string;
                            from: string;
                            to: string;
                            nights: {
                                /** @description the night, YYYY-MM-DD (the stay starting that day) */
                                date: string;
                                price: number | null;
                                /** @description effective units on sale: the override, else the full count */
                                available_rooms: number;
                                /** @description units taken: by reservations, and blocked by imported iCal calendars */
                                booked: number;
                                /** @description units still sellable: 0 when stop_sell, else max(0, available_rooms − booked) */
                                remaining: number;
                                stop_sell: boolean;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listPropertyMedia: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: a listing's photos and videos, in display order. data is one page; meta gives the page, its size and the totals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            media_type: string;
                            url: string;
                            thumbnail_url: string | null;
                        }[];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    uploadPropertyMedia: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        /** @description multipart/form-data. The files under `files` (or `files[]`, as some form libraries name repeated fields); at least one (422 naming files). */
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description one file, or several parts with the same name (at most 10); JPEG, PNG, WebP, GIF images (≤ 10 MB) or MP4, WebM, QuickTime videos (≤ 50 MB), judged by content */
                    files?: Blob | Blob[];
                    /** @description one file, or several parts with the same name (at most 10); JPEG, PNG, WebP, GIF images (≤ 10 MB) or MP4, WebM, QuickTime videos (≤ 50 MB), judged by content */
                    "files[]"?: Blob | Blob[];
                };
            };
        };
        responses: {
            /** @description Created: add photos and videos to a listing. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            media_type: string;
                            url: string;
                            thumbnail_url: string | null;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    reorderPropertyMedia: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description every media id of the listing exactly once, in the new order (first = cover) */
                    ids: number[];
                };
            };
        };
        responses: {
            /** @description OK: reorder a listing's media. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            media_type: string;
                            url: string;
                            thumbnail_url: string | null;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    deletePropertyMedia: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                mediaId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: delete a photo or video. data is null; message says what was done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getMediaFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                mediaId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the file, with the type checked at upload; images inline, videos as attachment */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": Blob;
                    "image/png": Blob;
                    "image/webp": Blob;
                    "image/gif": Blob;
                    "video/mp4": Blob;
                    "video/webm": Blob;
                    "video/quicktime": Blob;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getMediaThumbnail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                mediaId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description WebP thumbnail, 400 px wide (smaller images are not enlarged) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/webp": Blob;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    searchProperties: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description text in the public name, description or address (case-insensitive; % and _ are literal) */
                q?: string;
                /** @description property type id */
                type?: number;
                /** @description part of the address (case-insensitive) */
                address?: string;
                /** @description neighborhood id (GET /neighborhoods) */
                neighborhood?: number;
                /** @description first night, YYYY-MM-DD; a real calendar date from 1900-01-01 to 2200-12-31 (422 otherwise) */
                checkin_date?: string;
                /** @description departure day (not a night of the stay), YYYY-MM-DD; a real calendar date from 1900-01-01 to 2200-12-31 (422 otherwise) */
                checkout_date?: string;
                /** @description total guests one unit must hold; default 1 with dates */
                guests?: number;
                /** @description price_per_night at least this, in `currency` units (compared exactly, in its minor units) */
                min_price?: number;
                /** @description price_per_night at most this, in `currency` units (compared exactly, in its minor units) */
                max_price?: number;
                /** @description currency of min_price/max_price and of sort=price; default: the platform default currency */
                currency?: string;
                /** @description "<lat>,<lng>" in decimal degrees */
                near?: string;
                /** @description with near: more than 0, at most 500; default 25 */
                radius_km?: number;
                /** @description comma-separated commodity ids; a listing must have all of them (at most 20) */
                commodities?: string;
                /** @description newest (default), price, -price, rating (best first, unrated last), distance (needs near) */
                sort?: "newest" | "price" | "-price" | "rating" | "distance";
                status?: "draft" | "active" | "inactive" | "archived";
                visibility?: "0" | "1";
                /** @description 1: the answer also carries `facets` (counts per property type, commodity, neighborhood and a price histogram); 0 or absent: it does not */
                facets?: "0" | "1";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: search listings. data is one page of PropertyCard; meta gives the page, its size and the totals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["PropertyCard"][];
                        meta: components["schemas"]["PageMeta"];
                        facets?: components["schemas"]["SearchFacets"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listPublicProperties: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description text in the public name, description or address (case-insensitive; % and _ are literal) */
                q?: string;
                /** @description property type id */
                type?: number;
                /** @description part of the address (case-insensitive) */
                address?: string;
                /** @description neighborhood id (GET /neighborhoods) */
                neighborhood?: number;
                /** @description first night, YYYY-MM-DD; a real calendar date from 1900-01-01 to 2200-12-31 (422 otherwise) */
                checkin_date?: string;
                /** @description departure day (not a night of the stay), YYYY-MM-DD; a real calendar date from 1900-01-01 to 2200-12-31 (422 otherwise) */
                checkout_date?: string;
                /** @description total guests one unit must hold; default 1 with dates */
                guests?: number;
                /** @description price_per_night at least this, in `currency` units (compared exactly, in its minor units) */
                min_price?: number;
                /** @description price_per_night at most this, in `currency` units (compared exactly, in its minor units) */
                max_price?: number;
                /** @description currency of min_price/max_price and of sort=price; default: the platform default currency */
                currency?: string;
                /** @description "<lat>,<lng>" in decimal degrees */
                near?: string;
                /** @description with near: more than 0, at most 500; default 25 */
                radius_km?: number;
                /** @description comma-separated commodity ids; a listing must have all of them (at most 20) */
                commodities?: string;
                /** @description newest (default), price, -price, rating (best first, unrated last), distance (needs near) */
                sort?: "newest" | "price" | "-price" | "rating" | "distance";
                /** @description 1: the answer also carries `facets` (counts per property type, commodity, neighborhood and a price histogram); 0 or absent: it does not */
                facets?: "0" | "1";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: explorer: public listings. data is one page of PropertyCard; meta gives the page, its size and the totals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["PropertyCard"][];
                        meta: components["schemas"]["PageMeta"];
                        facets?: components["schemas"]["SearchFacets"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listRecommendedProperties: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description text in the public name, description or address (case-insensitive; % and _ are literal) */
                q?: string;
                /** @description property type id */
                type?: number;
                /** @description part of the address (case-insensitive) */
                address?: string;
                /** @description neighborhood id (GET /neighborhoods) */
                neighborhood?: number;
                /** @description first night, YYYY-MM-DD; a real calendar date from 1900-01-01 to 2200-12-31 (422 otherwise) */
                checkin_date?: string;
                /** @description departure day (not a night of the stay), YYYY-MM-DD; a real calendar date from 1900-01-01 to 2200-12-31 (422 otherwise) */
                checkout_date?: string;
                /** @description total guests one unit must hold; default 1 with dates */
                guests?: number;
                /** @description price_per_night at least this, in `currency` units (compared exactly, in its minor units) */
                min_price?: number;
                /** @description price_per_night at most this, in `currency` units (compared exactly, in its minor units) */
                max_price?: number;
                /** @description currency of min_price/max_price and of sort=price; default: the platform default currency */
                currency?: string;
                /** @description "<lat>,<lng>" in decimal degrees */
                near?: string;
                /** @description with near: more than 0, at most 500; default 25 */
                radius_km?: number;
                /** @description comma-separated commodity ids; a listing must have all of them (at most 20) */
                commodities?: string;
                /** @description newest (default), price, -price, rating (best first, unrated last), distance (needs near) */
                sort?: "newest" | "price" | "-price" | "rating" | "distance";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: recommended listings. data is one page of PropertyCard; meta gives the page, its size and the totals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["PropertyCard"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listPopularProperties: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description text in the public name, description or address (case-insensitive; % and _ are literal) */
                q?: string;
                /** @description property type id */
                type?: number;
                /** @description part of the address (case-insensitive) */
                address?: string;
                /** @description neighborhood id (GET /neighborhoods) */
                neighborhood?: number;
                /** @description first night, YYYY-MM-DD; a real calendar date from 1900-01-01 to 2200-12-31 (422 otherwise) */
                checkin_date?: string;
                /** @description departure day (not a night of the stay), YYYY-MM-DD; a real calendar date from 1900-01-01 to 2200-12-31 (422 otherwise) */
                checkout_date?: string;
                /** @description total guests one unit must hold; default 1 with dates */
                guests?: number;
                /** @description price_per_night at least this, in `currency` units (compared exactly, in its minor units) */
                min_price?: number;
                /** @description price_per_night at most this, in `currency` units (compared exactly, in its minor units) */
                max_price?: number;
                /** @description currency of min_price/max_price and of sort=price; default: the platform default currency */
                currency?: string;
                /** @description "<lat>,<lng>" in decimal degrees */
                near?: string;
                /** @description with near: more than 0, at most 500; default 25 */
                radius_km?: number;
                /** @description comma-separated commodity ids; a listing must have all of them (at most 20) */
                commodities?: string;
                /** @description newest (default), price, -price, rating (best first, unrated last), distance (needs near) */
                sort?: "newest" | "price" | "-price" | "rating" | "distance";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: popular listings. data is one page of PropertyCard; meta gives the page, its size and the totals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["PropertyCard"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listFavorites: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the caller's favorites. data is one page of PropertyCard; meta gives the page, its size and the totals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["PropertyCard"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    previewReservation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description an active, visible listing; else 404 */
                    property_id: number;
                    /**
                     * Format: date
                     * @description YYYY-MM-DD in the listing's time zone; arrival; a real calendar date from 1900-01-01 to 2200-12-31 (422 otherwise)
                     */
                    checkin_date: string;
                    /**
                     * Format: date
                     * @description YYYY-MM-DD in the listing's time zone; departure (exclusive); at most 365 nights after checkin_date (else 422); a real calendar date from 1900-01-01 to 2200-12-31 (422 otherwise)
                     */
                    checkout_date: string;
                    /** @description required for a listing with room types (422 rooms); omit for a listing sold whole */
                    rooms?: {
                        /** @description a room type of the listing; another listing's → 422 rooms.<i>.room_type_id */
                        room_type_id: number;
                        /** @description a rate plan of that room type; else → 422 rooms.<i>.rate_plan_id */
                        rate_plan_id: number;
                        rooms_count: number;
                    }[];
                    /** @description default 1 adult; used for capacity, per-guest services and per-person rate plans */
                    guests?: {
                        /** @default 1 */
                        adults?: number;
                        /** @default 0 */
                        children?: number;
                    };
                    /** @description case-insensitive; an unknown or unusable code is simply not applied (promo_applied false); one line: no line breaks, tabs or other control characters */
                    promo_code?: string;
                    /** @description an offer of the listing (another listing's → 422 offer_id); applied only when its dates and min_nights fit */
                    offer_id?: number;
                    /** @description packages of the listing; any other → 422 package_ids */
                    package_ids?: number[];
                    /** @description services of the listing; any other → 422 service_ids */
                    service_ids?: number[];
                };
            };
        };
        responses: {
            /** @description OK: price preview of a stay. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        /** @description Lines add up exactly: base_total − season_discount − long_stay_discount − offer_discount − promo_discount + cleaning_fee + services_total + packages_total + service_fee_total = sub_total, and sub_total + tax_amount = total. */
                        data: {
                            nights: number;
                            currency: string;
                            base_price_per_night: number;
                            /** @description the room lines before any discount (list price, before the season); = the sum of rooms_breakdown[].line_total */
                            base_total: number;
                            rooms_total: number;
                            cleaning_fee: number;
                            service_fee_total: number;
                            services_total: number;
                            /** @description prices add up to services_total; [] when none */
                            services_details: {
                                id: number;
                                name: string;
                                price: number;
                                type: string;
                            }[];
                            tax_amount: number;
                            tax_rate: number;
                            promo_discount: number;
                            promo_applied: boolean;
                            /** @description what the seasons take off base_total, night by night; subtracted to reach sub_total */
                            season_discount: number;
                            long_stay_discount: number;
                            offer_discount: number;
                            offer_applied: boolean;
                            offer_details: {
                                id: number;
                                name: string;
                                discount_value: number;
                                discount_type: string;
                            } | null;
                            packages_total: number;
                            /** @description prices add up to packages_total */
                            packages_details: {
                                id: number;
                                name: string;
                                price: number;
                                is_global: boolean;
                            }[];
                            sub_total: number;
                            total: number;
                            /** @description absent when the listing is sold whole; line_total adds up to base_total */
                            rooms_breakdown?: {
                                room_type_id: number;
                                room_type_title: string;
                                rate_plan_id: number;
                                rate_plan_title: string;
                                rooms_count: number;
                                price_per_night: number;
                                line_total: number;
                            }[];
                            /** @description the season of the check-in night (else the first season met); null when no season applies; min_stay/max_stay 0 = none */
                            season: {
                                id: number;
                                name: string;
                                reduction_percent: number;
                                min_stay: number;
                                max_stay: number;
                            } | null;
                            /** @description always present here; valid false for a stay that cannot be booked as asked (creation would answer 422) */
                            stay_validation: {
                                valid: boolean;
                                message: string | null;
                                /** @description the longest minimum stay a rule sets on these nights; absent when none does */
                                min_stay?: number;
                                /** @description the shortest maximum stay a rule sets on these nights; absent when none does */
                                max_stay?: number;
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getPropertyAvailability: {
        parameters: {
            query: {
                /** @description the first night, in the listing's time zone; a real calendar date from 1900-01-01 to 2200-12-31 (422 otherwise) */
                from: string;
                /** @description the day after the last night (exclusive), after from and at most 366 nights later; else 422 to; a real calendar date from 1900-01-01 to 2200-12-31 (422 otherwise) */
                to: string;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: availability and price calendar of a listing. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            currency: string;
                            nights: {
                                /** Format: date */
                                date: string;
                                /** @description the night can be sold (not past, not stopped, a unit left: the listing's, or a room of some room type under a plan that sells it); a stay also needs the rules of its arrival and departure days */
                                bookable: boolean;
                                /** @description the night after its season; with room types the lowest plan price of a sellable room type (else of any); null when nothing is priced */
                                price: number | null;
                                min_stay: number | null;
                                max_stay: number | null;
                                closed_to_arrival: boolean;
                                closed_to_departure: boolean;
                                /** @description listings sold by room type only */
                                room_types?: {
                                    room_type_id: number;
                                    rooms_left: number;
                                    rate_plans: {
                                        rate_plan_id: number;
                                        /** @description the night after its season, in the listing currency (per person for a per_person rate plan) */
                                        price: number;
                                        /** @description arriving that day: the strictest of the season's and the plan's minimum; null = none */
                                        min_stay: number | null;
                                        /** @description arriving that day: the strictest maximum; null = none */
                                        max_stay: number | null;
                                        closed_to_arrival: boolean;
                                        /** @description a stay may not end (check out) on this day */
                                        closed_to_departure: boolean;
                                        /** @description the plan or the calendar does not sell this night */
                                        stop_sell: boolean;
                                    }[];
                                }[];
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getPublicFeedback: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the feedback link id the guest received at check-out */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: a stay's feedback page (no authentication). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            reservation: {
                                booking_ref_code: string;
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD
                                 */
                                checkin_date: string;
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD
                                 */
                                checkout_date: string;
                                property: {
                                    id: number;
                                    public_name: string;
                                };
                            };
                            review: {
                                rating: number;
                                comment: string | null;
                                /** @description ISO 8601 UTC */
                                created_at: string;
                            } | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    submitPublicFeedback: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the feedback link id the guest received at check-out */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    rating: number;
                    /** @description trimmed; empty is stored as no comment */
                    comment?: string;
                };
            };
        };
        responses: {
            /** @description Created: leave the review of a stay (no authentication). */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            reservation: {
                                booking_ref_code: string;
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD
                                 */
                                checkin_date: string;
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD
                                 */
                                checkout_date: string;
                                property: {
                                    id: number;
                                    public_name: string;
                                };
                            };
                            review: {
                                rating: number;
                                comment: string | null;
                                /** @description ISO 8601 UTC */
                                created_at: string;
                            } | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listPropertyReviews: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: a listing's reviews. data is one page; meta gives the page, its size and the totals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            rating: number;
                            comment: string | null;
                            /** @description ISO 8601 UTC */
                            created_at: string;
                            /** @description null for a deleted account or a guest without a name */
                            guest_first_name: string | null;
                        }[];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getReservationStats: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: reservation figures for the dashboard. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            counts_by_status: {
                                pending: number;
                                confirmed: number;
                                completed: number;
                                cancelled: number;
                                expired: number;
                            };
                            revenue_by_month: {
                                /** @description YYYY-MM */
                                month: string;
                                currency: string;
                                /** @description currency units, the currency's decimals */
                                total: number;
                            }[];
                            occupancy_rate: number;
                            upcoming_checkins: {
                                id: number;
                                booking_ref_code: string;
                                property_id: number;
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD
                                 */
                                date: string;
                            }[];
                            upcoming_checkouts: {
                                id: number;
                                booking_ref_code: string;
                                property_id: number;
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD
                                 */
                                date: string;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listReservations: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description only reservations in this status */
                status?: "pending" | "confirmed" | "completed" | "cancelled" | "expired";
                /** @description only this listing's reservations (still within the caller's scope: a listing the caller neither owns nor booked gives an empty list) */
                property_id?: number;
                /** @description YYYY-MM-DD; with to, the window [from, to): stays with checkout_date > from (a stay leaving on from is not in it); a real calendar date from 1900-01-01 to 2200-12-31 (422 otherwise) */
                from?: string;
                /** @description YYYY-MM-DD; stays with checkin_date < to (a stay arriving on to is not in it); before from → 422 to; a real calendar date from 1900-01-01 to 2200-12-31 (422 otherwise) */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: my reservations (read form). data is one page of ReservationReadForm; meta gives the page, its size and the totals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["ReservationReadForm"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    createReservation: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; any unique string (a UUID). A retry with the same key and body answers the first success again (header Idempotent-Replayed: true) instead of acting twice; the same key with another body is 422, while the first is still running 409. Keys are per caller and operation, kept 24 h; a failed attempt frees its key. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description an active, visible listing (else 404) that is not the caller's own (403) */
                    property_id: number;
                    /**
                     * Format: date
                     * @description YYYY-MM-DD in the listing's time zone; arrival; a real calendar date from 1900-01-01 to 2200-12-31 (422 otherwise)
                     */
                    checkin_date: string;
                    /**
                     * Format: date
                     * @description YYYY-MM-DD in the listing's time zone; departure (exclusive); a real calendar date from 1900-01-01 to 2200-12-31 (422 otherwise)
                     */
                    checkout_date: string;
                    guests: {
                        adults: number;
                        /** @default 0 */
                        children?: number;
                    };
                    /** @description as in the preview: required for a listing with room types (422 rooms), omitted for a listing sold whole */
                    rooms?: {
                        /** @description a room type of the listing; another listing's → 422 rooms.<i>.room_type_id */
                        room_type_id: number;
                        /** @description a rate plan of that room type; else → 422 rooms.<i>.rate_plan_id */
                        rate_plan_id: number;
                        rooms_count: number;
                    }[];
                    special_requests?: string;
                    /** @description named promo_code in the preview; an unknown or unusable code is simply not applied; one line: no line breaks, tabs or other control characters */
                    code_promo?: string;
                    /** @description an offer of the listing (else 422 offer_id); applied only when its dates and min_nights fit */
                    offer_id?: number;
                    /** @description packages of the listing; any other → 422 package_ids */
                    package_ids?: number[];
                    /** @description services of the listing; any other → 422 service_ids */
                    service_ids?: number[];
                };
            };
        };
        responses: {
            /** @description Created: book a stay (simple form). data is the ReservationLight. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["ReservationLight"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    createMultiRoomReservation: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; any unique string (a UUID). A retry with the same key and body answers the first success again (header Idempotent-Replayed: true) instead of acting twice; the same key with another body is 422, while the first is still running 409. Keys are per caller and operation, kept 24 h; a failed attempt frees its key. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description an active, visible listing (else 404) that is not the caller's own (403) */
                    property_id: number;
                    /**
                     * Format: date
                     * @description YYYY-MM-DD in the listing's time zone; arrival; a real calendar date from 1900-01-01 to 2200-12-31 (422 otherwise)
                     */
                    checkin_date: string;
                    /**
                     * Format: date
                     * @description YYYY-MM-DD in the listing's time zone; departure (exclusive); a real calendar date from 1900-01-01 to 2200-12-31 (422 otherwise)
                     */
                    checkout_date: string;
                    /** @description every guest staying; age ≥ 18 counts as an adult, younger as a child; at least one adult (else 422 guests) */
                    guests: {
                        /** @description one line: no line breaks, tabs or other control characters */
                        first_name: string;
                        /** @description one line: no line breaks, tabs or other control characters */
                        last_name: string;
                        age: number;
                        /** Format: email */
                        email?: string;
                        /** @description one line: no line breaks, tabs or other control characters */
                        phone?: string;
                    }[];
                    /** @description room lines of the listing (a listing sold whole takes none: use POST /reservations) */
                    rooms: {
                        /** @description a room type of the listing; another listing's → 422 rooms.<i>.room_type_id */
                        room_type_id: number;
                        /** @description a rate plan of that room type; else → 422 rooms.<i>.rate_plan_id */
                        rate_plan_id: number;
                        rooms_count: number;
                    }[];
                    /** @description one line: no line breaks, tabs or other control characters */
                    first_name: string;
                    /** @description one line: no line breaks, tabs or other control characters */
                    last_name: string;
                    /** Format: email */
                    email: string;
                    /** @description one line: no line breaks, tabs or other control characters */
                    phone: string;
                    special_requests?: string;
                    /** @description named promo_code in the preview; an unknown or unusable code is simply not applied; one line: no line breaks, tabs or other control characters */
                    code_promo?: string;
                    /** @description an offer of the listing (else 422 offer_id); applied only when its dates and min_nights fit */
                    offer_id?: number;
                    /** @description packages of the listing; any other → 422 package_ids */
                    package_ids?: number[];
                    /** @description services of the listing; any other → 422 service_ids */
                    service_ids?: number[];
                };
            };
        };
        responses: {
            /** @description Created: book several rooms. data is the ReservationReadForm. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["ReservationReadForm"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getReservation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: a reservation (read form). data is the ReservationReadForm. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["ReservationReadForm"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    modifyReservation: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; any unique string (a UUID). A retry with the same key and body answers the first success again (header Idempotent-Replayed: true) instead of acting twice; the same key with another body is 422, while the first is still running 409. Keys are per caller and operation, kept 24 h; a failed attempt frees its key. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        /** @description at least one member */
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: date
                     * @description YYYY-MM-DD in the listing's time zone; new arrival; default: unchanged; a real calendar date from 1900-01-01 to 2200-12-31 (422 otherwise)
                     */
                    checkin_date?: string;
                    /**
                     * Format: date
                     * @description YYYY-MM-DD in the listing's time zone; new departure (exclusive); default: unchanged; a real calendar date from 1900-01-01 to 2200-12-31 (422 otherwise)
                     */
                    checkout_date?: string;
                    /** @description new room lines (listing with room types only); default: the booked lines */
                    rooms?: {
                        /** @description a room type of the listing; another listing's → 422 rooms.<i>.room_type_id */
                        room_type_id: number;
                        /** @description a rate plan of that room type; else → 422 rooms.<i>.rate_plan_id */
                        rate_plan_id: number;
                        rooms_count: number;
                    }[];
                    guests?: {
                        adults: number;
                        /** @default 0 */
                        children?: number;
                    };
                };
            };
        };
        responses: {
            /** @description OK: change the dates, rooms or guests of a reservation. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            booking_ref_code: string;
                            checkin_date: string;
                            checkout_date: string;
                            status: string;
                            pricing: components["schemas"]["ModificationPricing"];
                            needs_additional_payment: boolean;
                            refund_initiated: boolean;
                            refund_amount: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    cancelReservation: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; any unique string (a UUID). A retry with the same key and body answers the first success again (header Idempotent-Replayed: true) instead of acting twice; the same key with another body is 422, while the first is still running 409. Keys are per caller and operation, kept 24 h; a failed attempt frees its key. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description kept with the reservation and sent with the cancellation event */
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description OK: cancel a reservation. data is the ReservationReadForm. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["ReservationReadForm"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    searchReservations: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description case-insensitive: a prefix of booking_ref_code (the whole code too), or part of the guest account's name or of the multi-room contact's name, each matched as "first last"; % and _ are plain characters; surrounding spaces are ignored */
                q?: string;
                /** @description only reservations in this status */
                status?: "pending" | "confirmed" | "completed" | "cancelled" | "expired";
                /** @description YYYY-MM-DD; with to, the window [from, to): stays with checkout_date > from (a stay leaving on from is not in it); a real calendar date from 1900-01-01 to 2200-12-31 (422 otherwise) */
                from?: string;
                /** @description YYYY-MM-DD; stays with checkin_date < to (a stay arriving on to is not in it); before from → 422 to; a real calendar date from 1900-01-01 to 2200-12-31 (422 otherwise) */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: search my reservations (lighter variant). data is one page of ReservationLight; meta gives the page, its size and the totals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["ReservationLight"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    sendMessage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; any unique string (a UUID). A retry with the same key and body answers the first success again (header Idempotent-Replayed: true) instead of acting twice; the same key with another body is 422, while the first is still running 409. Keys are per caller and operation, kept 24 h; a failed attempt frees its key. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description multipart/form-data (or JSON without an attachment). */
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description a user id (digits), or the external thread id of a travel-platform conversation (any other text) */
                    receiver_id: number | string;
                    /** @description the text; surrounding spaces are dropped. content or attachment is required (422 naming content) */
                    content?: string;
                    /**
                     * Format: binary
                     * @description JPEG, PNG, GIF, WebP or PDF judged by content (415 otherwise), at most 10 MB (413); both name the field attachment. An image is decoded and re-encoded in its own format: EXIF (GPS position, camera serial) and all other metadata, and anything after the image data (an HTML or script trailer), are dropped; turned upright first, and scaled to fit 2560 px; an image that cannot be decoded, or declares more than 50 megapixels however small the file (a decompression bomb), is 422 naming the field. A PDF is kept as sent and always downloaded as an attachment. An empty file part (an empty file input) counts as no attachment
                     */
                    attachment?: Blob;
                    /** @description a reservation both parties have a part in (guest, the listing's owner, or staff) */
                    reservation_id?: number | null;
                    /** @description a contract or document reference, kept as sent */
                    document_id?: string | null;
                };
                "application/json": {
                    /** @description a user id (digits), or the external thread id of a travel-platform conversation (any other text) */
                    receiver_id: number | string;
                    /** @description the text; surrounding spaces are dropped. content or attachment is required (422 naming content) */
                    content?: string;
                    /**
                     * Format: binary
                     * @description JPEG, PNG, GIF, WebP or PDF judged by content (415 otherwise), at most 10 MB (413); both name the field attachment. An image is decoded and re-encoded in its own format: EXIF (GPS position, camera serial) and all other metadata, and anything after the image data (an HTML or script trailer), are dropped; turned upright first, and scaled to fit 2560 px; an image that cannot be decoded, or declares more than 50 megapixels however small the file (a decompression bomb), is 422 naming the field. A PDF is kept as sent and always downloaded as an attachment. An empty file part (an empty file input) counts as no attachment
                     */
                    attachment?: Blob;
                    /** @description a reservation both parties have a part in (guest, the listing's owner, or staff) */
                    reservation_id?: number | null;
                    /** @description a contract or document reference, kept as sent */
                    document_id?: string | null;
                };
            };
        };
        responses: {
            /** @description Created: send a message (multipart: text, attachment, references). */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        /** @description source, external_thread_id, external_guest_name, booking_id and provider are present only on travel-platform messages */
                        data: {
                            id: number;
                            sender_id: number | null;
                            receiver_id: number | null;
                            content: string;
                            attachment: string | null;
                            /** @description not in the spec: text, or the kind of the attachment */
                            type: "text" | "image" | "file";
                            reservation_id: number | null;
                            document_id: string | null;
                            /** @description integer 0/1 */
                            is_read: 0 | 1;
                            is_sent_by_me: boolean;
                            created_at: string;
                            updated_at: string;
                            source?: "channel_ota_a" | "channel_ota_b";
                            external_thread_id?: string;
                            external_guest_name?: string;
                            booking_id?: number;
                            provider?: "OtaA" | "OtaB";
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listMessages: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description desc (default): newest first, page 1 holds the latest messages; asc: oldest first */
                order?: "desc" | "asc";
            };
            header?: never;
            path: {
                /** @description a user id, or an external thread id */
                otherUserId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the messages of one conversation (marks them read). data is one page; meta gives the page, its size and the totals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            sender_id: number | null;
                            receiver_id: number | null;
                            content: string;
                            attachment: string | null;
                            /** @description not in the spec: text, or the kind of the attachment */
                            type: "text" | "image" | "file";
                            reservation_id: number | null;
                            document_id: string | null;
                            /** @description integer 0/1 */
                            is_read: 0 | 1;
                            is_sent_by_me: boolean;
                            created_at: string;
                            updated_at: string;
                            source?: "channel_ota_a" | "channel_ota_b";
                            external_thread_id?: string;
                            external_guest_name?: string;
                            booking_id?: number;
                            provider?: "OtaA" | "OtaB";
                        }[];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listConversations: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the caller's conversations, latest first. data is one page; meta gives the page, its size and the totals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            /** @description the other user's id; the external thread id (a string) for a travel-platform conversation */
                            user_id: number | string;
                            /** @description "first last" (the username when both are empty); the guest's name for an external thread */
                            user_name: string;
                            /** @description only when the caller is support/admin or shares a reservation with that user (guest and listing owner), and a phone is known */
                            phone?: string;
                            /** @description the text of the latest message; "[image]" or "[file]" for one with only an attachment */
                            last_message: string;
                            /** @description created_at of the latest message, ISO 8601 UTC */
                            timestamp: string;
                            /** @description 1 when no message to the caller in this conversation is unread (so 1 as well when the caller wrote last and has read everything) */
                            is_read: 0 | 1;
                            /** @description not in the spec: the caller's unread incoming messages of the conversation */
                            unread_count: number;
                            sent_by_me: boolean;
                            /** @description live real-time connection on any instance; internal conversations only */
                            is_online?: boolean;
                            /** @description when the user's last real-time connection closed; only when not online and known */
                            last_seen?: string;
                            source: "internal" | "channel";
                            provider?: "OtaA" | "OtaB";
                        }[];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getMessageAttachment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                messageId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the attachment with the type checked at upload; images inline, PDF as attachment, named as the sender named it with the extension of the checked type */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": Blob;
                    "image/png": Blob;
                    "image/gif": Blob;
                    "image/webp": Blob;
                    "application/pdf": Blob;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listChatbotConversations: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description only conversations in this status */
                status?: "answered" | "needs_support" | "replied";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: recent chatbot conversations (support, admin). data is one page; meta gives the page, its size and the totals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            user_id: number;
                            property_id: number | null;
                            question: string;
                            answer: string | null;
                            status: "answered" | "needs_support" | "replied";
                            answered_from: ("property" | "faq") | null;
                            support_reply: string | null;
                            replied_by: number | null;
                            replied_at: string | null;
                            created_at: string;
                            updated_at: string;
                            user: {
                                id: number;
                                username: string;
                                first_name: string;
                                last_name: string;
                                avatar: string | null;
                            };
                        }[];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    askChatbot: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the question, in English or French */
                    message: string;
                    property_id?: number | null;
                };
            };
        };
        responses: {
            /** @description Created: ask the chatbot. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            user_id: number;
                            property_id: number | null;
                            question: string;
                            answer: string | null;
                            status: "answered" | "needs_support" | "replied";
                            answered_from: ("property" | "faq") | null;
                            support_reply: string | null;
                            replied_by: number | null;
                            replied_at: string | null;
                            created_at: string;
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    replyToChatbotConversation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description support's answer, delivered to the user as a message */
                    content: string;
                };
            };
        };
        responses: {
            /** @description OK: support's reply to a chatbot conversation (support, admin). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            user_id: number;
                            property_id: number | null;
                            question: string;
                            answer: string | null;
                            status: "answered" | "needs_support" | "replied";
                            answered_from: ("property" | "faq") | null;
                            support_reply: string | null;
                            replied_by: number | null;
                            replied_at: string | null;
                            created_at: string;
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listFaqs: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description only active (true) or inactive (false) entries */
                is_active?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the chatbot's FAQ (admin; support may read). data is one page; meta gives the page, its size and the totals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            question: string;
                            answer: string;
                            keywords: string[];
                            is_active: boolean;
                            created_at: string;
                            updated_at: string;
                        }[];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    createFaq: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    question: string;
                    answer: string;
                    /** @description words or phrases that point to this answer, matched case- and accent-insensitively as whole words; a trailing * matches any word starting with the rest (refund* → refunds). Stored lower-case, without duplicates */
                    keywords: string[];
                    /**
                     * @description inactive entries are kept but never used
                     * @default true
                     */
                    is_active?: boolean;
                };
            };
        };
        responses: {
            /** @description Created: add an FAQ entry (admin). */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            question: string;
                            answer: string;
                            keywords: string[];
                            is_active: boolean;
                            created_at: string;
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    updateFaq: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        /** @description the members to change (at least one) */
        requestBody: {
            content: {
                "application/json": {
                    question?: string;
                    answer?: string;
                    /** @description words or phrases that point to this answer, matched case- and accent-insensitively as whole words; a trailing * matches any word starting with the rest (refund* → refunds). Stored lower-case, without duplicates */
                    keywords?: string[];
                    is_active?: boolean;
                };
            };
        };
        responses: {
            /** @description OK: change an FAQ entry (admin). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            question: string;
                            answer: string;
                            keywords: string[];
                            is_active: boolean;
                            created_at: string;
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteFaq: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: delete an FAQ entry (admin). data is null; message says what was done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    connectNotificationSocket: {
        parameters: {
            query?: {
                /** @description Access token, for clients that cannot set a header (browser WebSocket / EventSource). The Authorization header wins when both are sent; without either, the session cookie is used. */
                token?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Switching Protocols: one JSON text frame per event. */
            101: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: "new_reservation" | "reservation_confirmed" | "reservation_cancelled" | "payment_received" | "refund_pending" | "message";
                        title: string;
                        message: string;
                        /** @description The notification's payload members, plus notification_id. */
                        data: {
                            /** @description The stored notification (REST /notifications/{id}). */
                            notification_id: number;
                            reservation_id?: number;
                            property_name?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description ISO 8601 UTC, when the notification was created. */
                        timestamp: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["ValidationFailed"];
            426: components["responses"]["UpgradeRequired"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            default: components["responses"]["Error"];
        };
    };
    connectChatSocket: {
        parameters: {
            query?: {
                /** @description Access token, for clients that cannot set a header (browser WebSocket / EventSource). The Authorization header wins when both are sent; without either, the session cookie is used. */
                token?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Switching Protocols: one JSON text frame per event. */
            101: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @description null for a guest writing through a travel platform. */
                        sender_id: number | null;
                        sender_name: string;
                        content: string;
                        type: "text" | "image" | "file";
                        created_at: string;
                        reservation_id?: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["ValidationFailed"];
            426: components["responses"]["UpgradeRequired"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            default: components["responses"]["Error"];
        };
    };
    streamNotifications: {
        parameters: {
            query?: {
                /** @description Access token, for clients that cannot set a header (browser WebSocket / EventSource). The Authorization header wins when both are sent; without either, the session cookie is used. */
                token?: string;
                /** @description Same as the Last-Event-ID header (which wins), for clients that cannot set it. */
                last_event_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An endless text/event-stream. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": {
                        type: "notification.general" | "booking.created" | "booking.confirmed" | "booking.cancelled" | "payment.succeeded" | "message.received";
                        data: {
                            /** @description The notification id, also the event's `id:` line. */
                            id: string;
                            title: string;
                            message: string;
                            timestamp: string;
                            /** @description The notification's payload members. */
                            metadata: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listNotifications: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: my notifications. data is one page of Notification; meta gives the page, its size and the totals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["Notification"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listNotificationsByStatus: {
        parameters: {
            query: {
                page?: number;
                per_page?: number;
                /** @description 0: unread only, 1: read only */
                is_read: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: my notifications by read status. data is one page of Notification; meta gives the page, its size and the totals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["Notification"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    countUnreadNotifications: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: how many of my notifications are unread. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            count: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    markAllNotificationsRead: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: mark all my notifications read. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            count: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getNotification: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: one of my notifications. data is the Notification. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["Notification"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    markNotificationRead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: mark one of my notifications read. data is the Notification. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["Notification"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    sendNotification: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; any unique string (a UUID). A retry with the same key and body answers the first success again (header Idempotent-Replayed: true) instead of acting twice; the same key with another body is 422, while the first is still running 409. Keys are per caller and operation, kept 24 h; a failed attempt frees its key. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description one line: no line breaks, tabs or other control characters */
                    title: string;
                    message: string;
                    /** @description JSON text of an object, stored parsed and returned as JSON text; anything else (an array, a number, broken JSON) → 422 payload. Absent: {}. */
                    payload?: string;
                    /** @description without user_ids: every active account with this role; with them: the role every listed account must have (422 user_ids otherwise) */
                    role?: "client" | "owner" | "support" | "admin";
                    /** @description exactly these recipients (with role, they must all have it); ids of unknown, deleted or deactivated accounts are skipped */
                    user_ids?: number[];
                };
            };
        };
        responses: {
            /** @description Created: send a notification to a role and/or listed users (support, admin). */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            count: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    processPayment: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; any unique string (a UUID). A retry with the same key and body answers the first success again (header Idempotent-Replayed: true) instead of acting twice; the same key with another body is 422, while the first is still running 409. Keys are per caller and operation, kept 24 h; a failed attempt frees its key. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description kept with the payment (e.g. "card"); the hosted checkout decides the actual means */
                    payment_method: string;
                    reservation_id: number;
                    /** @description reservation: the booking's total while pending; additional: the surplus a modification left */
                    type: "reservation" | "additional";
                    /** @description must be the reservation's currency (422 otherwise) */
                    currency: string;
                };
            };
        };
        responses: {
            /** @description OK: open a hosted checkout for what a reservation owes. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            /** @description the checkout session's client secret */
                            checkout_secret: string;
                            payment: components["schemas"]["Payment"];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    verifyPayment: {
        parameters: {
            query: {
                session_id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: confirm a payment after the hosted checkout. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            /** @description confirmed, already_paid, unpaid (not paid yet), refunded_late (paid after the nights were gone or nothing was owed that way: refunded in full), refunded_superseded (paid on a checkout the booking's change or cancellation had superseded: refunded in full), refunded_mismatch (paid with another amount or currency than asked: recorded, never counted, refunded in full) */
                            outcome: string;
                            payment: components["schemas"]["Payment"];
                            reservation: {
                                id: number;
                                booking_ref_code: string;
                                status: string;
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    handlePaymentWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the payment processor's webhook. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            received: boolean;
                            handled: boolean;
                            type: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listUserPayments: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
            };
            header?: never;
            path: {
                userId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: a user's payment history. data is one page of Payment; meta gives the page, its size and the totals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["Payment"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listPendingPayments: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
            };
            header?: never;
            path: {
                userId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: a user's unpaid payments. data is one page of Payment; meta gives the page, its size and the totals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["Payment"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listEligibleOwners: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description convert to this active currency instead of the settings' currency */
                currency?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: owners owed a payout now, with original and converted balances. data is one page; meta gives the page, its size and the totals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            owner_id: number;
                            name: string;
                            email: string;
                            /** @description false: listed, but no run can pay them until an account is set */
                            has_payout_account: boolean;
                            target_currency: string;
                            /** @description the sum of the converted balances, in target_currency */
                            total_converted_amount: number;
                            /** @description one per currency with a positive due balance; currencies are never netted against each other */
                            balances: {
                                currency: string;
                                /** @description original balance: due, unpaid ledger lines (earnings minus reversals), in `currency` */
                                amount: number;
                                converted_amount: number | null;
                                rate: number | null;
                                /** @description earning lines in the balance */
                                earnings_count: number;
                                /** @description all lines in the balance (earnings and reversals) */
                                lines_count: number;
                            }[];
                        }[];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    processPayouts: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; any unique string (a UUID). A retry with the same key and body answers the first success again (header Idempotent-Replayed: true) instead of acting twice; the same key with another body is 422, while the first is still running 409. Keys are per caller and operation, kept 24 h; a failed attempt frees its key. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description in the target currency, within its decimals (422 otherwise) */
                    min_amount?: number;
                    /** @description at most this many payouts in one run */
                    max_payouts?: number;
                    /** @description target currency: active in the table and supported by the processor (422 otherwise) */
                    currency?: string;
                    /** @description true: compute and return the plan, write nothing. Required, so money never moves by omission. */
                    dry_run: boolean;
                };
            };
        };
        responses: {
            /** @description OK: plan payouts and, unless dry_run, make them. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            /** @description the request fields, as applied (settings fill what was not sent) */
                            min_amount: number;
                            max_payouts: number;
                            currency: string;
                            dry_run: boolean;
                            run_id: string | null;
                            /** @description largest converted amount first, at most max_payouts, each ≥ min_amount */
                            plan: {
                                owner_id: number;
                                owner_name: string;
                                owner_email: string;
                                currency: string;
                                /** @description in `currency`; for a real run, what was actually bound to the payout */
                                amount: number;
                                /** @description what is transferred, in target_currency. converted = amount / rate_from × rate_to with the currency table's exchange rates (units per one unit of the default currency), computed exactly and rounded half-up to the target currency's decimals; `rate` is rate_to / rate_from at 10 decimals, for reading only. */
                                converted_amount: number;
                                target_currency: string;
                                rate: number;
                                earnings_count: number;
                                payout_id: number | null;
                                /** @description planned (dry run), paid, failed (processor unavailable: the same payout is re-sent by a later run), rejected (nothing moved; the earnings are free for a later payout), skipped (the ledger changed under the run: error says why), error */
                                status: string;
                                transfer_id: string | null;
                                error: string | null;
                            }[];
                            totals: {
                                payouts: number;
                                converted_amount: number;
                                target_currency: string;
                                by_currency: {
                                    currency: string;
                                    amount: number;
                                    count: number;
                                }[];
                                paid: number;
                                failed: number;
                                rejected: number;
                                skipped: number;
                                errors: number;
                            };
                            skipped: {
                                owner_id: number;
                                currency: string;
                                amount: number;
                                converted_amount: number | null;
                                /** @description no_exchange_rate, below_min_amount, no_payout_account, max_payouts_reached */
                                reason: string;
                            }[];
                            /** @description open payouts re-sent before planning (a dry run lists those it would re-send) */
                            retried: {
                                payout_id: number;
                                owner_id: number;
                                currency: string;
                                amount: number;
                                transfer_currency: string;
                                transfer_amount: number;
                                /** @description paid, failed (outcome unknown: sent again by a later run), rejected (nothing moved: earnings released), pending, would_retry (dry run) */
                                status: string;
                                transfer_id: string | null;
                                error: string | null;
                                created_at: string;
                            }[];
                            /** @description open payouts older than 23 h: never re-sent automatically (the processor may have forgotten the idempotency key); reconcile by hand */
                            unresolved_payouts: {
                                payout_id: number;
                                owner_id: number;
                                currency: string;
                                amount: number;
                                transfer_currency: string;
                                transfer_amount: number;
                                /** @description paid, failed (outcome unknown: sent again by a later run), rejected (nothing moved: earnings released), pending, would_retry (dry run) */
                                status: string;
                                transfer_id: string | null;
                                error: string | null;
                                created_at: string;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getPayoutSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: payout settings. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            /** @description in the settings' currency */
                            min_amount: number;
                            max_payouts: number;
                            /** @description the currency runs convert to and pay out in by default */
                            currency: string;
                            updated_at: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    updatePayoutSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description in the target currency, within its decimals (422 otherwise) */
                    min_amount?: number;
                    /** @description at most this many payouts in one run */
                    max_payouts?: number;
                    /** @description must exist and be active (422) */
                    currency?: string;
                };
            };
        };
        responses: {
            /** @description OK: change the payout settings. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            /** @description in the settings' currency */
                            min_amount: number;
                            max_payouts: number;
                            /** @description the currency runs convert to and pay out in by default */
                            currency: string;
                            updated_at: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listPayoutCurrencies: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: currencies the payment processor can pay out in. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            /** @description local or stripe */
                            processor: string;
                            currencies: {
                                code: string;
                                name: string;
                                symbol: string;
                                decimals: number;
                                exchange_rate: string;
                                is_default: boolean;
                                /** @description whether the processor can pay out in it */
                                supported: boolean;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getPayoutAccount: {
        parameters: {
            query?: {
                owner_id?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: an owner's payout account. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            owner_id: number;
                            payout_account_id: string | null;
                            has_payout_account: boolean;
                            /** @description pending or failed payouts; while any, the account cannot change (409) */
                            open_payouts: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    updatePayoutAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    payout_account_id: string | null;
                    /** @description admin only: whose account to set (default: the caller) */
                    owner_id?: number;
                };
            };
        };
        responses: {
            /** @description OK: set where an owner's payouts are sent. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            owner_id: number;
                            payout_account_id: string | null;
                            has_payout_account: boolean;
                            /** @description pending or failed payouts; while any, the account cannot change (409) */
                            open_payouts: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getOwnerPerformance: {
        parameters: {
            query?: {
                /** @description first night reported (default: the first day of the month 11 months before the current UTC month) */
                from?: string;
                /** @description the day after the last night reported, exclusive like a check-out (default: the first day of next month); at most 731 nights after from */
                to?: string;
                /** @description only this listing (404 when it is not one the caller may see) */
                property_id?: number;
                /** @description admin only: this owner's listings (an owner naming someone else: 403) */
                owner_id?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The figures, as JSON in the envelope or as CSV */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            currency: string | null;
                            /** @description the range applied, [from, to) */
                            from: string;
                            to: string;
                            /** @description one row per month and listing, months in order then listings by id; zero rows included */
                            months: {
                                /** @description YYYY-MM */
                                month: string;
                                property_id: number;
                                /** @description the listing's currency: revenue, adr and revpar are in it */
                                currency: string;
                                /** @description unit-nights that could be sold */
                                nights_available: number;
                                /** @description unit-nights held by confirmed or completed stays */
                                nights_sold: number;
                                occupancy: number | null;
                                /** @description confirmed reservations cancelled in the month (by cancellation date) */
                                cancellations: number;
                                avg_lead_days: number | null;
                                avg_length_of_stay: number | null;
                                adr: number | null;
                                revpar: number | null;
                                /** @description the listing's currency */
                                revenue: number;
                                revenue_default: number | null;
                                adr_default: number | null;
                                revpar_default: number | null;
                            }[];
                            totals: {
                                /** @description unit-nights that could be sold */
                                nights_available: number;
                                /** @description unit-nights held by confirmed or completed stays */
                                nights_sold: number;
                                occupancy: number | null;
                                /** @description confirmed reservations cancelled in the month (by cancellation date) */
                                cancellations: number;
                                avg_lead_days: number | null;
                                avg_length_of_stay: number | null;
                                adr: number | null;
                                revpar: number | null;
                                revenue: number | null;
                            };
                        };
                    };
                    "text/csv": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    handleChannelWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description booking, booking_new, booking_modification, booking_cancellation, message, … */
                    event: string;
                    property_id?: string;
                    timestamp?: string;
                    payload?: {
                        booking_id?: string;
                        revision_id?: string;
                        message_thread_id?: string;
                    };
                };
            };
        };
        responses: {
            /** @description OK: the channel manager's webhook (bookings and messages from travel platforms). data is null; message says what was done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    syncChannel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        /** @description Contact details Channex needs before it connects the listing to a travel platform; each one sent is kept for later links. */
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: email
                     * @description contact e-mail given to travel platforms (default: the owner's)
                     */
                    email?: string;
                    /** @description contact phone: digits, spaces, brackets, + - . / # * (default: the owner's) */
                    phone?: string;
                    /** @description zip or postal code of the listing; one line: no line breaks, tabs or other control characters */
                    zip_code?: string;
                    /** @description city of the listing (default: its neighbourhood's); one line: no line breaks, tabs or other control characters */
                    city?: string;
                    /** @description state, region or province of the listing; one line: no line breaks, tabs or other control characters */
                    state?: string;
                };
            };
        };
        responses: {
            /** @description OK: link the listing to the channel manager now (create it there, or send what changed), then push its nights. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            /** @description the configured channel manager: none | channex */
                            channel_manager: string;
                            /** @description the listing exists at the channel manager (channel_property_id is set) */
                            linked: boolean;
                            channel_property_id: string | null;
                            channel_synced_at: string | null;
                            full_sync_at: string | null;
                            /** @description a link (step 7's channel_sync_now, or a change of room types or rate plans) is waiting for the push job */
                            link_requested: boolean;
                            /** @description what the listing lacks, in plain words, before it can be linked (Channex connects no travel platform without it); empty: nothing */
                            missing_for_link: string[];
                            /** @description the contact details sent to the channel manager (saved ones, else the owner's e-mail and phone and the neighbourhood's city) */
                            contact: {
                                email: string | null;
                                phone: string | null;
                                zip_code: string | null;
                                city: string | null;
                                state: string | null;
                            };
                            /** @description the last push of each kind: availability = units left per room type and night; restrictions = rate, min/max stay, closed to arrival/departure, stop-sell per rate plan and night */
                            last_push: {
                                availability: {
                                    at: string | null;
                                    succeeded_at: string | null;
                                    ok: boolean | null;
                                    error: string | null;
                                    /** @description what the channel manager refused in the last push, in plain words (a 200 with warnings counts as a failure) */
                                    warnings: string[];
                                    /** @description consecutive failed attempts (drives the backoff) */
                                    attempts: number;
                                    next_attempt_at: string | null;
                                };
                                restrictions: {
                                    at: string | null;
                                    succeeded_at: string | null;
                                    ok: boolean | null;
                                    error: string | null;
                                    /** @description what the channel manager refused in the last push, in plain words (a 200 with warnings counts as a failure) */
                                    warnings: string[];
                                    /** @description consecutive failed attempts (drives the backoff) */
                                    attempts: number;
                                    next_attempt_at: string | null;
                                };
                            };
                            /** @description changed ranges of nights waiting for the push job, per kind */
                            pending_changes: {
                                availability: number;
                                restrictions: number;
                            };
                            /** @description unresolved failures, newest first (20 at most); a later success of the same kind resolves them */
                            failures: {
                                /** @description link, availability, restrictions, booking, message or reconcile */
                                kind: string;
                                /** @description what went wrong, in plain words */
                                message: string;
                                /** @description the values the channel manager refused (200 with warnings), one sentence each */
                                warnings: string[];
                                created_at: string;
                            }[];
                            /** @description platform bookings received and acknowledged but not placed on any unit (their room is not mapped): the owner places the guest by hand */
                            unplaced_bookings: {
                                revision_id: string;
                                /** @description the booking's id at the channel manager */
                                booking_id: string;
                                /** @description the travel platform it was made on */
                                platform: string;
                                guest: string;
                                arrival: string;
                                departure: string;
                                /** @description why it is not on the calendar, in plain words */
                                reason: string;
                                received_at: string;
                            }[];
                            /** @description booking revisions applied here whose acknowledgement has not reached the channel manager yet (retried by the next pull) */
                            unacknowledged_revisions: number;
                            drift: {
                                /** @description nights (per room type) whose availability at the channel manager differs from ours, as last reconciled */
                                nights: number;
                                checked_at: string | null;
                                /** @description the first 20 drifting nights, by night */
                                sample: {
                                    /** @description our room type id; 0 = the listing sold whole */
                                    room_type_id: number;
                                    night: string;
                                    /** @description units left to sell here */
                                    ours: number;
                                    /** @description units the channel manager offers */
                                    remote: number;
                                }[];
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getChannelStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: what the link to the channel manager is doing for this listing. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            /** @description the configured channel manager: none | channex */
                            channel_manager: string;
                            /** @description the listing exists at the channel manager (channel_property_id is set) */
                            linked: boolean;
                            channel_property_id: string | null;
                            channel_synced_at: string | null;
                            full_sync_at: string | null;
                            /** @description a link (step 7's channel_sync_now, or a change of room types or rate plans) is waiting for the push job */
                            link_requested: boolean;
                            /** @description what the listing lacks, in plain words, before it can be linked (Channex connects no travel platform without it); empty: nothing */
                            missing_for_link: string[];
                            /** @description the contact details sent to the channel manager (saved ones, else the owner's e-mail and phone and the neighbourhood's city) */
                            contact: {
                                email: string | null;
                                phone: string | null;
                                zip_code: string | null;
                                city: string | null;
                                state: string | null;
                            };
                            /** @description the last push of each kind: availability = units left per room type and night; restrictions = rate, min/max stay, closed to arrival/departure, stop-sell per rate plan and night */
                            last_push: {
                                availability: {
                                    at: string | null;
                                    succeeded_at: string | null;
                                    ok: boolean | null;
                                    error: string | null;
                                    /** @description what the channel manager refused in the last push, in plain words (a 200 with warnings counts as a failure) */
                                    warnings: string[];
                                    /** @description consecutive failed attempts (drives the backoff) */
                                    attempts: number;
                                    next_attempt_at: string | null;
                                };
                                restrictions: {
                                    at: string | null;
                                    succeeded_at: string | null;
                                    ok: boolean | null;
                                    error: string | null;
                                    /** @description what the channel manager refused in the last push, in plain words (a 200 with warnings counts as a failure) */
                                    warnings: string[];
                                    /** @description consecutive failed attempts (drives the backoff) */
                                    attempts: number;
                                    next_attempt_at: string | null;
                                };
                            };
                            /** @description changed ranges of nights waiting for the push job, per kind */
                            pending_changes: {
                                availability: number;
                                restrictions: number;
                            };
                            /** @description unresolved failures, newest first (20 at most); a later success of the same kind resolves them */
                            failures: {
                                /** @description link, availability, restrictions, booking, message or reconcile */
                                kind: string;
                                /** @description what went wrong, in plain words */
                                message: string;
                                /** @description the values the channel manager refused (200 with warnings), one sentence each */
                                warnings: string[];
                                created_at: string;
                            }[];
                            /** @description platform bookings received and acknowledged but not placed on any unit (their room is not mapped): the owner places the guest by hand */
                            unplaced_bookings: {
                                revision_id: string;
                                /** @description the booking's id at the channel manager */
                                booking_id: string;
                                /** @description the travel platform it was made on */
                                platform: string;
                                guest: string;
                                arrival: string;
                                departure: string;
                                /** @description why it is not on the calendar, in plain words */
                                reason: string;
                                received_at: string;
                            }[];
                            /** @description booking revisions applied here whose acknowledgement has not reached the channel manager yet (retried by the next pull) */
                            unacknowledged_revisions: number;
                            drift: {
                                /** @description nights (per room type) whose availability at the channel manager differs from ours, as last reconciled */
                                nights: number;
                                checked_at: string | null;
                                /** @description the first 20 drifting nights, by night */
                                sample: {
                                    /** @description our room type id; 0 = the listing sold whole */
                                    room_type_id: number;
                                    night: string;
                                    /** @description units left to sell here */
                                    ours: number;
                                    /** @description units the channel manager offers */
                                    remote: number;
                                }[];
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    exportPropertyCalendar: {
        parameters: {
            query?: {
                token?: string;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description text/calendar */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string;
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getIcalLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the listing's secret iCal link and its imported calendars. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            /** @description subscribe other platforms to this secret link */
                            export_url: string;
                            feeds: {
                                id: number;
                                url: string;
                                name: string | null;
                                /** @description 0 = the listing sold whole */
                                room_type_id: number;
                                last_fetched_at: string | null;
                                last_success_at: string | null;
                                last_error: string | null;
                                /** @description failed: the calendar grew over its reading budget (ICAL_MAX_OCCURRENCES, ICAL_PARSE_TIMEOUT_MS); it is no longer refreshed every 30 minutes until a manual refresh reads it again */
                                status: "active" | "failed";
                                /** @description nights this calendar currently blocks (today to 365 days on) */
                                blocked_nights: number;
                                /** @description blocked nights that bookings here had already filled: sold on both sides, to be resolved by the owner */
                                conflicts: string[];
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    rotateIcalLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: replace the secret iCal link (the old one stops working). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            export_url: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listIcalFeeds: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: imported calendars. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            url: string;
                            name: string | null;
                            /** @description 0 = the listing sold whole */
                            room_type_id: number;
                            last_fetched_at: string | null;
                            last_success_at: string | null;
                            last_error: string | null;
                            /** @description failed: the calendar grew over its reading budget (ICAL_MAX_OCCURRENCES, ICAL_PARSE_TIMEOUT_MS); it is no longer refreshed every 30 minutes until a manual refresh reads it again */
                            status: "active" | "failed";
                            /** @description nights this calendar currently blocks (today to 365 days on) */
                            blocked_nights: number;
                            /** @description blocked nights that bookings here had already filled: sold on both sides, to be resolved by the owner */
                            conflicts: string[];
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    importIcalFeed: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    url: string;
                    /** @description one line: no line breaks, tabs or other control characters */
                    name?: string;
                    room_type_id?: number;
                };
            };
        };
        responses: {
            /** @description Created: import an external calendar (iCal URL) whose busy dates block the listing. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            url: string;
                            name: string | null;
                            /** @description 0 = the listing sold whole */
                            room_type_id: number;
                            last_fetched_at: string | null;
                            last_success_at: string | null;
                            last_error: string | null;
                            /** @description failed: the calendar grew over its reading budget (ICAL_MAX_OCCURRENCES, ICAL_PARSE_TIMEOUT_MS); it is no longer refreshed every 30 minutes until a manual refresh reads it again */
                            status: "active" | "failed";
                            /** @description nights this calendar currently blocks (today to 365 days on) */
                            blocked_nights: number;
                            /** @description blocked nights that bookings here had already filled: sold on both sides, to be resolved by the owner */
                            conflicts: string[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    refreshIcalFeed: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                feedId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: fetch an imported calendar again now. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            url: string;
                            name: string | null;
                            /** @description 0 = the listing sold whole */
                            room_type_id: number;
                            last_fetched_at: string | null;
                            last_success_at: string | null;
                            last_error: string | null;
                            /** @description failed: the calendar grew over its reading budget (ICAL_MAX_OCCURRENCES, ICAL_PARSE_TIMEOUT_MS); it is no longer refreshed every 30 minutes until a manual refresh reads it again */
                            status: "active" | "failed";
                            /** @description nights this calendar currently blocks (today to 365 days on) */
                            blocked_nights: number;
                            /** @description blocked nights that bookings here had already filled: sold on both sides, to be resolved by the owner */
                            conflicts: string[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteIcalFeed: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                feedId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: stop importing a calendar (its blocks are lifted). data is null; message says what was done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the caller's webhook endpoints (an admin: everyone's), newest first. data is one page; meta gives the page, its size and the totals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            url: string;
                            events: string[];
                            description: string | null;
                            enabled: boolean;
                            disabled_at: string | null;
                            created_at: string;
                            updated_at: string;
                        }[];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Where events are posted. https only in production; loopback, private, link-local and metadata addresses are refused (unless WEBHOOKS_ALLOW_PRIVATE). */
                    url: string;
                    /** @description Events to receive, among: reservation.created, reservation.confirmed, reservation.modified, reservation.cancelled, payment.received, payment.refunded, message.received, payout.paid. Another name is a 422 naming events. */
                    events: string[];
                    description?: string | null;
                };
            };
        };
        responses: {
            /** @description Created: subscribe a URL to events, signed as Standard Webhooks describes. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            url: string;
                            events: string[];
                            description: string | null;
                            enabled: boolean;
                            disabled_at: string | null;
                            created_at: string;
                            updated_at: string;
                            /** @description whsec_<base64>: verify each delivery with it (Standard Webhooks). Shown only when made (create, rotate-secret). */
                            secret: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: one webhook endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            url: string;
                            events: string[];
                            description: string | null;
                            enabled: boolean;
                            disabled_at: string | null;
                            created_at: string;
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Where events are posted. https only in production; loopback, private, link-local and metadata addresses are refused (unless WEBHOOKS_ALLOW_PRIVATE). */
                    url?: string;
                    /** @description Events to receive, among: reservation.created, reservation.confirmed, reservation.modified, reservation.cancelled, payment.received, payment.refunded, message.received, payout.paid. Another name is a 422 naming events. */
                    events?: string[];
                    description?: string | null;
                    /** @description false stops deliveries; true turns a disabled endpoint back on */
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description OK: change the URL, events, description, or turn the endpoint off and on. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            url: string;
                            events: string[];
                            description: string | null;
                            enabled: boolean;
                            disabled_at: string | null;
                            created_at: string;
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: delete a webhook endpoint and its deliveries. data is null; message says what was done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: replace the signing secret; the old one keeps signing beside it for 24 hours. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            url: string;
                            events: string[];
                            description: string | null;
                            enabled: boolean;
                            disabled_at: string | null;
                            created_at: string;
                            updated_at: string;
                            /** @description whsec_<base64>: verify each delivery with it (Standard Webhooks). Shown only when made (create, rotate-secret). */
                            secret: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    pingWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted: send a ping event to the endpoint (delivered and retried like any event). */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            event_id: number | null;
                            /** @description the webhook-id header, the same on every attempt */
                            webhook_id: string;
                            type: string;
                            status: "pending" | "succeeded" | "failed";
                            attempts: number;
                            last_status_code: number | null;
                            last_error: string | null;
                            next_attempt_at: string | null;
                            created_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the endpoint's deliveries, newest first. data is one page; meta gives the page, its size and the totals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            event_id: number | null;
                            /** @description the webhook-id header, the same on every attempt */
                            webhook_id: string;
                            type: string;
                            status: "pending" | "succeeded" | "failed";
                            attempts: number;
                            last_status_code: number | null;
                            last_error: string | null;
                            next_attempt_at: string | null;
                            created_at: string;
                        }[];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    retryWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                deliveryId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted: send a delivery again now (same webhook-id and body). */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: {
                            id: number;
                            event_id: number | null;
                            /** @description the webhook-id header, the same on every attempt */
                            webhook_id: string;
                            type: string;
                            status: "pending" | "succeeded" | "failed";
                            attempts: number;
                            last_status_code: number | null;
                            last_error: string | null;
                            next_attempt_at: string | null;
                            created_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    onReservationCreated: {
        parameters: {
            query?: never;
            header: {
                /** @description Unique per event and endpoint, the same on every retry: drop a repeat you already handled. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Unix seconds of this attempt; refuse one far from your clock (the verifiers allow 5 minutes). */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /** @description v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>"> with the secret’s bytes (base64 after whsec_); space-separated when a rotation is under way (24 h): accept any. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "reservation.created";
                    /**
                     * Format: date-time
                     * @description when the event happened; order by it
                     */
                    timestamp: string;
                    data: components["schemas"]["ReservationReadForm"];
                };
            };
        };
        responses: {
            /** @description Received (any 2xx within 15 s). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 15 s: retried. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onReservationConfirmed: {
        parameters: {
            query?: never;
            header: {
                /** @description Unique per event and endpoint, the same on every retry: drop a repeat you already handled. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Unix seconds of this attempt; refuse one far from your clock (the verifiers allow 5 minutes). */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /** @description v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>"> with the secret’s bytes (base64 after whsec_); space-separated when a rotation is under way (24 h): accept any. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "reservation.confirmed";
                    /**
                     * Format: date-time
                     * @description when the event happened; order by it
                     */
                    timestamp: string;
                    data: components["schemas"]["ReservationReadForm"];
                };
            };
        };
        responses: {
            /** @description Received (any 2xx within 15 s). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 15 s: retried. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onReservationModified: {
        parameters: {
            query?: never;
            header: {
                /** @description Unique per event and endpoint, the same on every retry: drop a repeat you already handled. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Unix seconds of this attempt; refuse one far from your clock (the verifiers allow 5 minutes). */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /** @description v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>"> with the secret’s bytes (base64 after whsec_); space-separated when a rotation is under way (24 h): accept any. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "reservation.modified";
                    /**
                     * Format: date-time
                     * @description when the event happened; order by it
                     */
                    timestamp: string;
                    data: components["schemas"]["ReservationReadForm"];
                };
            };
        };
        responses: {
            /** @description Received (any 2xx within 15 s). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 15 s: retried. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onReservationCancelled: {
        parameters: {
            query?: never;
            header: {
                /** @description Unique per event and endpoint, the same on every retry: drop a repeat you already handled. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Unix seconds of this attempt; refuse one far from your clock (the verifiers allow 5 minutes). */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /** @description v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>"> with the secret’s bytes (base64 after whsec_); space-separated when a rotation is under way (24 h): accept any. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "reservation.cancelled";
                    /**
                     * Format: date-time
                     * @description when the event happened; order by it
                     */
                    timestamp: string;
                    data: components["schemas"]["ReservationReadForm"];
                };
            };
        };
        responses: {
            /** @description Received (any 2xx within 15 s). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 15 s: retried. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onPaymentReceived: {
        parameters: {
            query?: never;
            header: {
                /** @description Unique per event and endpoint, the same on every retry: drop a repeat you already handled. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Unix seconds of this attempt; refuse one far from your clock (the verifiers allow 5 minutes). */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /** @description v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>"> with the secret’s bytes (base64 after whsec_); space-separated when a rotation is under way (24 h): accept any. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "payment.received";
                    /**
                     * Format: date-time
                     * @description when the event happened; order by it
                     */
                    timestamp: string;
                    data: {
                        id: number;
                        reservation_id: number;
                        booking_ref_code: string;
                        /** @description decimal text with the currency’s decimals, e.g. "120.00" */
                        amount: string;
                        currency: string;
                        /** @description reservation, or additional (a modification’s extra) */
                        type: string;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx within 15 s). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 15 s: retried. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onPaymentRefunded: {
        parameters: {
            query?: never;
            header: {
                /** @description Unique per event and endpoint, the same on every retry: drop a repeat you already handled. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Unix seconds of this attempt; refuse one far from your clock (the verifiers allow 5 minutes). */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /** @description v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>"> with the secret’s bytes (base64 after whsec_); space-separated when a rotation is under way (24 h): accept any. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "payment.refunded";
                    /**
                     * Format: date-time
                     * @description when the event happened; order by it
                     */
                    timestamp: string;
                    data: {
                        /** @description the refund */
                        id: number;
                        reservation_id: number;
                        booking_ref_code: string | null;
                        /** @description decimal text with the currency’s decimals, e.g. "120.00" */
                        amount: string;
                        currency: string;
                        reason: string;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx within 15 s). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 15 s: retried. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onMessageReceived: {
        parameters: {
            query?: never;
            header: {
                /** @description Unique per event and endpoint, the same on every retry: drop a repeat you already handled. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Unix seconds of this attempt; refuse one far from your clock (the verifiers allow 5 minutes). */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /** @description v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>"> with the secret’s bytes (base64 after whsec_); space-separated when a rotation is under way (24 h): accept any. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "message.received";
                    /**
                     * Format: date-time
                     * @description when the event happened; order by it
                     */
                    timestamp: string;
                    data: {
                        id: number;
                        sender_id: number;
                        receiver_id: number;
                        sender_name: string;
                        content: string;
                        kind: "text" | "image" | "file";
                        created_at: string;
                        reservation_id?: number;
                        attachment?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx within 15 s). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 15 s: retried. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onPayoutPaid: {
        parameters: {
            query?: never;
            header: {
                /** @description Unique per event and endpoint, the same on every retry: drop a repeat you already handled. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Unix seconds of this attempt; refuse one far from your clock (the verifiers allow 5 minutes). */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /** @description v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>"> with the secret’s bytes (base64 after whsec_); space-separated when a rotation is under way (24 h): accept any. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "payout.paid";
                    /**
                     * Format: date-time
                     * @description when the event happened; order by it
                     */
                    timestamp: string;
                    data: {
                        id: number;
                        owner_id: number;
                        /** @description decimal text with the currency’s decimals, e.g. "120.00" */
                        amount: string;
                        currency: string;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx within 15 s). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 15 s: retried. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onPing: {
        parameters: {
            query?: never;
            header: {
                /** @description Unique per event and endpoint, the same on every retry: drop a repeat you already handled. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Unix seconds of this attempt; refuse one far from your clock (the verifiers allow 5 minutes). */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /** @description v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>"> with the secret’s bytes (base64 after whsec_); space-separated when a rotation is under way (24 h): accept any. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "ping";
                    /**
                     * Format: date-time
                     * @description when the event happened; order by it
                     */
                    timestamp: string;
                    data: {
                        endpoint_id: number;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx within 15 s). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 15 s: retried. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
