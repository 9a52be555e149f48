// The local processor's hosted checkout page (contract §7): GET shows the booking and the amount
// with Pay and Cancel, the two forms POST back here. Served outside /api, as Stripe's page is
// outside the service. The guest is unauthenticated: the session id in the URL is the capability,
// and a per-session token in the forms keeps other sites from submitting them.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
// A malformed form body or parameters are answered by the service's JSON error handler.
import { errorResponses, otherErrors } from '../../platform/envelope.ts';
import { acceptFormBodies, htmlResponse } from '../../platform/html-page.ts';
import { OneLine } from '../../platform/one-line.ts';
import type { LocalPaymentProcessor, CheckoutPageView } from './local-payment-processor.ts';
import {
  alreadyPaidPage,
  checkoutPage,
  expiredPage,
  notFoundPage,
  rejectedPage,
  withSessionId,
} from './checkout-page.html.ts';
import { DESCRIPTIONS } from './checkout-page.docs.ts';

const tags = ['payments'];
const Params = Type.Object({
  sessionId: Type.String({ minLength: 1, maxLength: 100, description: 'Checkout session id (cs_local_…)' }),
});
const FormBody = Type.Object({
  token: Type.Optional(
    Type.String({ maxLength: 200, description: 'The form token the page embeds; a POST without it is refused (403).' }),
  ),
  email: Type.Optional(Type.String({ maxLength: 254, description: 'Receipt e-mail, kept as customer_details.email.' })),
  name: Type.Optional(OneLine({ maxLength: 200, description: 'Payer name, kept as customer_details.name' })),
});
const redirect = (description: string) => ({ description, type: 'null' as const });
const consumes = ['application/x-www-form-urlencoded'];
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

function origins(view: CheckoutPageView | null): string[] {
  const out = new Set<string>();
  for (const url of view ? [view.successUrl, view.cancelUrl] : []) {
    try {
      out.add(new URL(url.replaceAll('{CHECKOUT_SESSION_ID}', 'x')).origin);
    } catch {
      // createCheckout accepts only absolute URLs; an odd stored one just gets no exception here.
    }
  }
  return [...out];
}

// form-action also governs where a submitted form may redirect, so the success and cancel
// origins must be listed or the browser would stop the 303 after Pay.
function page(reply: FastifyReply, status: number, body: string, view: CheckoutPageView | null) {
  const csp = [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `form-action 'self' ${origins(view).join(' ')}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ];
  return reply
    .code(status)
    .header('content-security-policy', csp.join('; '))
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(body);
}

function go(reply: FastifyReply, url: string) {
  return reply.code(303).header('cache-control', 'no-store').header('location', url).send();
}

const clean = (s: string | undefined, max: number) => {
  const t = s?.trim();
  return t ? t.slice(0, max) : null;
};

export async function checkoutPageRoutes(app: FastifyInstance, { processor }: { processor: LocalPaymentProcessor }) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  acceptFormBodies(app);

  const guard = (view: CheckoutPageView, token: string | undefined) =>
    Boolean(token) && processor.checkFormToken(view.session.id, token!);

  routes.get(
    '/checkout/:sessionId',
    {
      schema: {
        operationId: 'getCheckoutPage',
        tags,
        summary: 'Hosted checkout page (local processor)',
        params: Params,
        description: DESCRIPTIONS.getCheckoutPage,
        response: {
          200: htmlResponse('The checkout page, or the already-paid page'),
          404: htmlResponse('Unknown session'),
          410: htmlResponse('Expired session'),
          ...errorResponses(),
        },
      },
    },
    async (req, reply) => {
      const view = await processor.pageView(req.params.sessionId);
      if (!view) return page(reply, 404, notFoundPage(), null);
      if (view.session.status === 'complete') return page(reply, 200, alreadyPaidPage(view), view);
      if (view.session.status === 'expired') return page(reply, 410, expiredPage(view), view);
      return page(reply, 200, checkoutPage(view, processor.formToken(view.session.id)), view);
    },
  );

  routes.post(
    '/checkout/:sessionId/pay',
    {
      bodyLimit: 8192,
      schema: {
        operationId: 'payCheckout',
        tags,
        summary: 'Pay a hosted checkout (local processor)',
        params: Params,
        body: FormBody,
        consumes,
        description: DESCRIPTIONS.payCheckout,
        response: {
          303: redirect('To the success URL'),
          403: htmlResponse('Form token missing or wrong'),
          404: htmlResponse('Unknown session'),
          409: htmlResponse('Already paid'),
          410: htmlResponse('Expired session'),
          ...errorResponses(),
          ...otherErrors,
        },
      },
    },
    async (req, reply) => {
      const view = await processor.pageView(req.params.sessionId);
      if (!view) return page(reply, 404, notFoundPage(), null);
      if (!guard(view, req.body.token)) return page(reply, 403, rejectedPage(), view);
      const email = clean(req.body.email, 254);
      const paid = await processor.payFromPage(view.session.id, {
        email: email && EMAIL.test(email) ? email : null,
        name: clean(req.body.name, 200),
      });
      if (!paid) {
        // Lost the conditional write: a concurrent submit paid it, or the hold ran out meanwhile.
        const now = await processor.pageView(view.session.id);
        if (now?.session.status === 'complete') return page(reply, 409, alreadyPaidPage(now), now);
        return page(reply, 410, expiredPage(now ?? view), now ?? view);
      }
      try {
        await processor.notifyCompleted(paid);
      } catch (err) {
        // The payment stands: the success page's verify call confirms it through the same path.
        req.log.error({ err, sessionId: paid.id }, 'local checkout completion hook failed');
      }
      return go(reply, withSessionId(view.successUrl, paid.id));
    },
  );

  routes.post(
    '/checkout/:sessionId/cancel',
    {
      bodyLimit: 8192,
      schema: {
        operationId: 'cancelCheckout',
        tags,
        summary: 'Leave a hosted checkout (local processor)',
        params: Params,
        body: FormBody,
        consumes,
        description: DESCRIPTIONS.cancelCheckout,
        response: {
          303: redirect('To the cancel URL'),
          403: htmlResponse('Form token missing or wrong'),
          404: htmlResponse('Unknown session'),
          ...errorResponses(),
          ...otherErrors,
        },
      },
    },
    async (req, reply) => {
      const view = await processor.pageView(req.params.sessionId);
      if (!view) return page(reply, 404, notFoundPage(), null);
      if (!guard(view, req.body.token)) return page(reply, 403, rejectedPage(), view);
      return go(reply, withSessionId(view.cancelUrl, view.session.id));
    },
  );
}
