// Payment routes (contract §7). Thin handlers: input → use case → the spec's shapes.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../../kernel/deps.ts';
import { currentUser } from '../../platform/auth.ts';
import { errorResponses, ok, okPage } from '../../platform/envelope.ts';
import { PageQuery } from '../../platform/pagination.ts';
import { currencyDecimals } from '../catalog/index.ts';
import { handleWebhook } from './handle-webhook.ts';
import { listPayments } from './list-payments.ts';
import { toProcessResponse } from './payment-view.ts';
import * as S from './payments.schemas.ts';
import { processPayment } from './process-payment.ts';
import { verifyPayment } from './verify-payment.ts';

const security = [{ bearer: [] }];

export async function paymentsRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post(
    '/payments/process',
    {
      config: { auth: 'required', idempotent: true },
      schema: {
        operationId: 'processPayment',
        tags: ['payments'],
        summary: 'Open a hosted checkout for what a reservation owes',
        security,
        description:
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
        body: S.ProcessBody,
        response: { 200: S.ProcessResponse, ...errorResponses(401, 403, 404, 409, 502, 503) },
      },
    },
    async (req) => {
      const b = req.body;
      const payment = await processPayment(deps, currentUser(req), {
        reservationId: b.reservation_id,
        type: b.type,
        currency: b.currency,
        paymentMethod: b.payment_method,
      });
      return ok(toProcessResponse(payment, await currencyDecimals(deps.db, payment.currency)), 'Checkout ready');
    },
  );

  r.get(
    '/subscription-payment/verify',
    {
      config: { auth: 'optional' },
      schema: {
        operationId: 'verifyPayment',
        tags: ['payments'],
        summary: 'Confirm a payment after the hosted checkout',
        security: [{}, { bearer: [] }],
        description:
          'The confirmation mechanism: asks the processor for the session and, when it is paid for exactly the amount and currency of its ' +
          'payment, records the payment (paid) once, however many times it is called or raced with the webhook. The money counts towards the ' +
          "booking only when the checkout is for the reservation's current version and pays what is owed now: then a reservation payment " +
          'confirms the booking (outcome confirmed) and an additional one clears the surplus. A payment on a checkout superseded by a change or ' +
          'cancellation since it was opened is refunded in full (outcome refunded_superseded); one that lands after the hold lapsed confirms if ' +
          'the nights are still free, otherwise it is refunded in full (outcome refunded_late). Such a payment shows as refund_pending (never ' +
          'paid) from the moment it is recorded, and every later call answers the same outcome. A session paid with another amount or ' +
          'currency is recorded as received (refund_pending), never counted, refunded in full and support alerted (outcome refunded_mismatch). ' +
          'The session id is the credential (no token needed). Unknown session → 404.',
        querystring: S.VerifyQuery,
        response: { 200: S.VerifyResponse, ...errorResponses(404, 503) },
      },
    },
    async (req) => ok(await verifyPayment(deps, req.query.session_id), 'Payment verified'),
  );

  await app.register(async (raw) => {
    // The signature covers the exact bytes received: keep the body raw for this route only.
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    raw.withTypeProvider<TypeBoxTypeProvider>().post(
      '/payments/webhook',
      {
        schema: {
          operationId: 'handlePaymentWebhook',
          tags: ['payments'],
          summary: "The payment processor's webhook",
          description:
            'Signed by the processor (Stripe-Signature for stripe, Local-Signature for the built-in processor) over the raw body, with a 300 s ' +
            'tolerance: a missing, wrong, tampered or stale signature → 400 and nothing changes. checkout.session.completed and ' +
            'async_payment_succeeded confirm through the same path as verify (exactly once; a superseded or late payment is refunded in full). ' +
            'A delayed method (bank debit) completes with payment_status unpaid: nothing is recorded and the booking stays pending on its hold; ' +
            'its later async_payment_succeeded confirms (or, the hold lapsed and the nights sold, is refunded in full) and async_payment_failed ' +
            'marks the payment failed, tells the guest and releases the nights (a pending booking expires, an unpaid change is reverted). ' +
            'checkout.session.expired closes the unpaid payment. A paid session no payment records but whose client_reference_id is one of our ' +
            'payments (an attempt whose answer was lost) is recorded and refunded in full; so is a session paid with another amount or currency ' +
            '(200, support alerted). Other events and unknown sessions are acknowledged (200) and ignored.',
          response: { 200: S.WebhookResponse, ...errorResponses(400, 415) },
        },
      },
      async (req) => {
        const result = await handleWebhook(deps, req.body as Buffer, req.headers);
        return ok({ received: true, ...result }, 'Webhook received');
      },
    );
  });

  for (const [path, pending] of [
    ['all-payments', false],
    ['pending-payments', true],
  ] as const) {
    r.get(
      `/payments/:userId/${path}`,
      {
        config: { auth: 'required' },
        schema: {
          operationId: pending ? 'listPendingPayments' : 'listUserPayments',
          tags: ['payments'],
          summary: pending ? "A user's unpaid payments" : "A user's payment history",
          security,
          description:
            'For the user themself, admin and support (anyone else: 404). Newest first, paginated.' +
            (pending ? ' Only payments still pending (an open checkout or an additional payment owed).' : ''),
          params: S.UserParams,
          querystring: PageQuery,
          response: { 200: S.PaymentsPage, ...errorResponses(401, 404) },
        },
      },
      async (req) => {
        const { data, meta } = await listPayments(deps, currentUser(req), req.params.userId, pending, req.query);
        return okPage(data, meta);
      },
    );
  }
}
