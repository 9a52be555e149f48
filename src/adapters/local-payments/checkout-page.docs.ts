// What the OpenAPI document says of the checkout-page routes where a summary is not enough.
/** Operation descriptions that say more than a line, by operationId (the routes stay short). */
export const DESCRIPTIONS = {
  getCheckoutPage:
    "Only with PAYMENT_PROCESSOR=local: the page a checkout session's url points to. Shows the booking (description, " +
    "reference, property, dates), the amount in the currency's decimals and the currency, and Pay / Cancel forms. " +
    'HTML, no script; no-store; 404 unknown session, 410 expired, 200 "already paid" page with a link to the success URL.',
  payCheckout:
    'The Pay form. Pays an open, unexpired session exactly once (one conditional write): the session becomes complete and ' +
    'paid with a payment_intent pi_local_…, the service is told in-process, and the guest is redirected (303) to success_url ' +
    'with {CHECKOUT_SESSION_ID} replaced (or a session_id parameter added). Already paid → 409 page with a link to the ' +
    'success URL; expired → 410; wrong or missing form token → 403; unknown → 404.',
  cancelCheckout:
    'The Cancel form: redirects (303) to cancel_url with the session id ({CHECKOUT_SESSION_ID} replaced, or a session_id ' +
    'parameter). The session stays open until it expires, so the guest may come back and pay. 403 wrong form token, 404 unknown.',
};
