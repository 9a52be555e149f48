// Where the hosted checkout sends the guest back when no client app URL is configured
// (CHECKOUT_SUCCESS_URL / CHECKOUT_CANCEL_URL unset): two small HTML pages outside /api. The
// success page confirms through the same path as GET /api/subscription-payment/verify, so the
// demo works end to end with nothing but this service and a browser.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Deps } from '../../kernel/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/envelope.ts';
import { verifyPayment } from './verify-payment.ts';
import { esc, htmlPage, htmlResponse, pageSecurityHeaders } from '../../platform/html-page.ts';
import { clientLink } from '../../platform/client-links.ts';

// The checkout page's look (platform/html-page.ts), and a link onward to where the guest can
// act: the reservation page of the client app (CLIENT_APP_URL + CLIENT_RESERVATION_PATH).
const page = (title: string, body: string) => htmlPage(title, `<h1>${esc(title)}</h1>${body}`);
const onward = (href: string, label: string) => `<p><a class="button" href="${esc(href)}">${esc(label)}</a></p>`;

const MESSAGES: Record<string, [string, string]> = {
  confirmed: ['Payment received', 'Your reservation is confirmed.'],
  already_paid: ['Payment received', 'Your reservation is confirmed.'],
  unpaid: ['Payment not completed yet', 'We have not received the payment yet. If you paid, refresh this page in a moment.'],
  refunded_late: ['Payment refunded', 'These dates were taken after your hold lapsed, so your payment is being refunded in full.'],
};

export async function paymentResultPages(app: FastifyInstance, { deps }: { deps: Deps }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const send = (reply: FastifyReply, status: number, html: string) =>
    reply.code(status).headers(pageSecurityHeaders()).type('text/html; charset=utf-8').send(html);

  r.get('/payments/success', {
    schema: {
      operationId: 'showPaymentSuccessPage', tags: ['payments'], summary: 'Page the guest returns to after paying (default success URL)',
      description: 'Confirms the session exactly as GET /api/subscription-payment/verify does, then shows the outcome. Unknown session → 404 page.',
      querystring: Type.Object({ session_id: Type.String({ minLength: 1, maxLength: 255 }) }),
      response: { 200: htmlResponse('The outcome: confirmed, not paid yet, or refunded'), 404: htmlResponse('Unknown session'), 409: htmlResponse('The session does not match a payment'), ...errorResponses() },
    },
  }, async (req, reply) => {
    try {
      const v = await verifyPayment(deps, req.query.session_id);
      const [title, text] = MESSAGES[v.outcome] ?? MESSAGES.unpaid!;
      return send(reply, 200, page(title, `<p>${esc(text)}</p><dl>` +
        `<dt>Booking reference</dt><dd>${esc(v.reservation.booking_ref_code)}</dd>` +
        `<dt>Amount</dt><dd>${esc(String(v.payment.amount))} ${esc(v.payment.currency)}</dd>` +
        `<dt>Status</dt><dd>${esc(v.reservation.status)}</dd></dl>` +
        onward(clientLink(deps.config, 'reservation', { reservation_id: v.reservation.id }), 'View my reservation')));
    } catch (err) {
      if (err instanceof AppError && (err.statusCode === 404 || err.statusCode === 409)) {
        return send(reply, err.statusCode, page('Payment not found', `<p>${esc(err.message)}</p>`));
      }
      throw err;
    }
  });

  r.get('/payments/cancel', {
    schema: {
      operationId: 'showPaymentCancelPage', tags: ['payments'], summary: 'Page the guest returns to after cancelling the checkout (default cancel URL)',
      description: 'Nothing is charged; the reservation stays pending until its hold expires, and can still be paid.',
      querystring: Type.Object({ reservation_id: Type.Optional(Type.String({ maxLength: 20 })) }),
      response: { 200: htmlResponse('Nothing charged; links to pay or view the reservation'), ...errorResponses() },
    },
  }, async (req, reply) => {
    const id = /^[1-9]\d{0,15}$/.test(req.query.reservation_id ?? '') ? req.query.reservation_id! : null;
    return send(reply, 200, page('Payment cancelled', '<p>Nothing was charged. Your reservation stays on hold for a little while: you can still pay it from the app.</p>' +
      (id ? onward(clientLink(deps.config, 'payment', { reservation_id: id }), 'Pay my reservation') +
        `<p><a href="${esc(clientLink(deps.config, 'reservation', { reservation_id: id }))}">View my reservation</a></p>` : '')));
  });
}
