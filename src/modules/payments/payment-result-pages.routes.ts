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

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
  `<meta name="robots" content="noindex"><title>${esc(title)}</title>` +
  `<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1d2330}</style></head>` +
  `<body><h1>${esc(title)}</h1>${body}</body></html>`;

const MESSAGES: Record<string, [string, string]> = {
  confirmed: ['Payment received', 'Your reservation is confirmed.'],
  already_paid: ['Payment received', 'Your reservation is confirmed.'],
  unpaid: ['Payment not completed yet', 'We have not received the payment yet. If you paid, refresh this page in a moment.'],
  refunded_late: ['Payment refunded', 'These dates were taken after your hold lapsed, so your payment is being refunded in full.'],
};

const Html = Type.String({ description: 'text/html page' });

export async function paymentResultPages(app: FastifyInstance, { deps }: { deps: Deps }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const send = (reply: FastifyReply, status: number, html: string) =>
    reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);

  r.get('/payments/success', {
    schema: {
      operationId: 'showPaymentSuccessPage', tags: ['payments'], summary: 'Page the guest returns to after paying (default success URL)',
      description: 'Confirms the session exactly as GET /api/subscription-payment/verify does, then shows the outcome. Unknown session → 404 page.',
      querystring: Type.Object({ session_id: Type.String({ minLength: 1, maxLength: 255 }) }),
      response: { 200: Html, 404: Html, 409: Html, ...errorResponses() },
    },
  }, async (req, reply) => {
    try {
      const v = await verifyPayment(deps, req.query.session_id);
      const [title, text] = MESSAGES[v.outcome] ?? MESSAGES.unpaid!;
      return send(reply, 200, page(title, `<p>${esc(text)}</p><p>Reservation <strong>${esc(v.reservation.booking_ref_code)}</strong>: ` +
        `${esc(v.payment.amount)} ${esc(v.payment.currency)}, status ${esc(v.reservation.status)}.</p>`));
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
      response: { 200: Html, ...errorResponses() },
    },
  }, async (_req, reply) => send(reply, 200, page('Payment cancelled', '<p>Nothing was charged. Your reservation stays on hold for a little while: you can still pay it from the app.</p>')));
}
