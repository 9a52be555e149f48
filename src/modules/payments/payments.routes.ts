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
import { DESCRIPTIONS } from './payments.docs.ts';

const security = [{ bearer: [] }];

export async function paymentsRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.post(
    '/payments/process',
    {
      config: { auth: 'required', idempotent: true },
      schema: {
        operationId: 'processPayment',
        tags: ['payments'],
        summary: 'Open a hosted checkout for what a reservation owes',
        security,
        description: DESCRIPTIONS.processPayment,
        body: S.ProcessBody,
        response: { 200: S.ProcessResponse, ...errorResponses(401, 403, 404, 409, 502, 503) },
      },
    },
    async (req) => {
      const body = req.body;
      const payment = await processPayment(deps, currentUser(req), {
        reservationId: body.reservation_id,
        type: body.type,
        currency: body.currency,
        paymentMethod: body.payment_method,
      });
      return ok(toProcessResponse(payment, await currencyDecimals(deps.db, payment.currency)), 'Checkout ready');
    },
  );

  routes.get(
    '/subscription-payment/verify',
    {
      config: { auth: 'optional' },
      schema: {
        operationId: 'verifyPayment',
        tags: ['payments'],
        summary: 'Confirm a payment after the hosted checkout',
        security: [{}, { bearer: [] }],
        description: DESCRIPTIONS.verifyPayment,
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
          description: DESCRIPTIONS.handlePaymentWebhook,
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
    routes.get(
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
        const { data, meta } = await listPayments(deps, currentUser(req), {
          userId: req.params.userId,
          onlyPending: pending,
          page: req.query,
        });
        return okPage(data, meta);
      },
    );
  }
}
