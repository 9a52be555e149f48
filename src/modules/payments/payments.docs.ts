// What the OpenAPI document says of the payments routes where a summary is not enough.
/** Operation descriptions that say more than a line, by operationId (the routes stay short). */
export const DESCRIPTIONS = {
  processPayment:
    'Only the guest who booked (owner, admin, support: 403; anyone else: 404). What is owed is derived: total − (paid − refunds ' +
    'requested). type reservation: a pending booking with a live hold that holds no money, for its total; type additional: a confirmed ' +
    'booking that owes a surplus after a modification, for what it owes now. Anything else → 409 (nothing owed, hold lapsed, already paid). ' +
    "currency must be the reservation's (422). The checkout is opened for one reservation, amount, currency and version of the reservation: " +
    'repeated or concurrent calls return the same payment and session while it is live (also honours Idempotency-Key); an open checkout ' +
    'for an older version or another amount is superseded (expired here and at the processor) and a new one opened; a checkout whose session ' +
    "lapsed is replaced by a new payment. The reservation's own checkout expires with the hold, an additional one after " +
    'RESERVATION_HOLD_SECONDS. If the booking changes while the processor is answering, the new session is expired and the call answers 409 ' +
    '(open it again). Send the guest to payment.payment_details.url; they come back to the success URL with session_id, then call ' +
    'GET /subscription-payment/verify.',
  verifyPayment:
    'The confirmation mechanism: asks the processor for the session and, when it is paid for exactly the amount and currency of its ' +
    'payment, records the payment (paid) once, however many times it is called or raced with the webhook. The money counts towards the ' +
    "booking only when the checkout is for the reservation's current version and pays what is owed now: then a reservation payment " +
    'confirms the booking (outcome confirmed) and an additional one clears the surplus. A payment on a checkout superseded by a change or ' +
    'cancellation since it was opened is refunded in full (outcome refunded_superseded); one that lands after the hold lapsed confirms if ' +
    'the nights are still free, otherwise it is refunded in full (outcome refunded_late). Such a payment shows as refund_pending (never ' +
    'paid) from the moment it is recorded, and every later call answers the same outcome. A session paid with another amount or ' +
    'currency is recorded as received (refund_pending), never counted, refunded in full and support alerted (outcome refunded_mismatch). ' +
    'The session id is the credential (no token needed). Unknown session → 404.',
  handlePaymentWebhook:
    'Signed by the processor (Stripe-Signature for stripe, Local-Signature for the built-in processor) over the raw body, with a 300 s ' +
    'tolerance: a missing, wrong, tampered or stale signature → 400 and nothing changes. checkout.session.completed and ' +
    'async_payment_succeeded confirm through the same path as verify (exactly once; a superseded or late payment is refunded in full). ' +
    'A delayed method (bank debit) completes with payment_status unpaid: nothing is recorded and the booking stays pending on its hold; ' +
    'its later async_payment_succeeded confirms (or, the hold lapsed and the nights sold, is refunded in full) and async_payment_failed ' +
    'marks the payment failed, tells the guest and releases the nights (a pending booking expires, an unpaid change is reverted). ' +
    'checkout.session.expired closes the unpaid payment. A paid session no payment records but whose client_reference_id is one of our ' +
    'payments (an attempt whose answer was lost) is recorded and refunded in full; so is a session paid with another amount or currency ' +
    '(200, support alerted). Other events and unknown sessions are acknowledged (200) and ignored.',
};
