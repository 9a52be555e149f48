// Where the hosted checkout sends the guest back when no client app URL is configured
// (CHECKOUT_SUCCESS_URL / CHECKOUT_CANCEL_URL unset): two small HTML pages outside /api. The
// success page confirms through the same path as GET /api/subscription-payment/verify, so the
// demo works end to end with nothing but this service and a browser.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Deps } from '../../kernel/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/envelope.ts';
import { verifyPayment } from './verify-payment.ts';
import { esc, htmlPage, sendPage, htmlResponse } from '../../platform/html-page.ts';
import { clientLink } from '../../platform/client-links.ts';
import { localeOf, negotiateLocale, type Locale } from '../emails/index.ts';
import { findUserById } from '../users/index.ts';
import { readReservationAccess, reservationLinks } from '../../platform/reservation-links.ts';

// The checkout page's look (platform/html-page.ts), in the guest's language (their account's
// locale; else Accept-Language), and a link onward to where the guest can act: the reservation
// page (CLIENT_APP_URL + CLIENT_RESERVATION_PATH), signed for the guest.
const page = (locale: Locale, title: string, body: string) => htmlPage(title, `<h1>${esc(title)}</h1>${body}`, locale);
const onward = (href: string, label: string) => `<p><a class="button" href="${esc(href)}">${esc(label)}</a></p>`;

const WORDS = {
  en: {
    outcomes: {
      confirmed: ['Payment received', 'Your reservation is confirmed.'],
      already_paid: ['Payment received', 'Your reservation is confirmed.'],
      unpaid: [
        'Payment not completed yet',
        'We have not received the payment yet. If you paid, refresh this page in a moment.',
      ],
      refunded_late: [
        'Payment refunded',
        'These dates were taken after your hold lapsed, so your payment is being refunded in full.',
      ],
    } as Record<string, [string, string]>,
    reference: 'Booking reference',
    amount: 'Amount',
    status: 'Status',
    view: 'View my reservation',
    pay: 'Pay my reservation',
    notFound: 'Payment not found',
    cancelled: 'Payment cancelled',
    cancelledText:
      'Nothing was charged. Your reservation stays on hold for a little while: you can still pay it from the app.',
  },
  fr: {
    outcomes: {
      confirmed: ['Paiement reçu', 'Votre réservation est confirmée.'],
      already_paid: ['Paiement reçu', 'Votre réservation est confirmée.'],
      unpaid: [
        'Paiement pas encore reçu',
        'Nous n’avons pas encore reçu le paiement. Si vous avez payé, actualisez cette page dans un instant.',
      ],
      refunded_late: [
        'Paiement remboursé',
        'Ces dates ont été prises après l’expiration de votre option : votre paiement est remboursé en totalité.',
      ],
    } as Record<string, [string, string]>,
    reference: 'Référence de réservation',
    amount: 'Montant',
    status: 'Statut',
    view: 'Voir ma réservation',
    pay: 'Payer ma réservation',
    notFound: 'Paiement introuvable',
    cancelled: 'Paiement annulé',
    cancelledText:
      'Rien n’a été débité. Votre réservation reste bloquée un moment : vous pouvez encore la payer depuis l’application.',
  },
} satisfies Record<Locale, unknown>;

/** The guest's language: their account's, else what the browser asks for. */
async function localeFor(deps: Deps, userId: number | null, acceptLanguage: string | undefined): Promise<Locale> {
  const user = userId === null ? undefined : await findUserById(deps.db, userId);
  return user ? localeOf(user.locale) : negotiateLocale(acceptLanguage);
}

export async function paymentResultPages(app: FastifyInstance, { deps }: { deps: Deps }) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.get(
    '/payments/success',
    {
      schema: {
        operationId: 'showPaymentSuccessPage',
        tags: ['payments'],
        summary: 'Page the guest returns to after paying (default success URL)',
        description:
          'Confirms the session exactly as GET /api/subscription-payment/verify does, then shows the outcome. Unknown session → 404 page.',
        querystring: Type.Object({ session_id: Type.String({ minLength: 1, maxLength: 255 }) }),
        response: {
          200: htmlResponse('The outcome: confirmed, not paid yet, or refunded'),
          404: htmlResponse('Unknown session'),
          409: htmlResponse('The session does not match a payment'),
          ...errorResponses(),
        },
      },
    },
    async (req, reply) => {
      try {
        const verified = await verifyPayment(deps, req.query.session_id);
        const locale = await localeFor(deps, verified.payerId, req.headers['accept-language']);
        const words = WORDS[locale];
        const [title, text] = words.outcomes[verified.outcome] ?? words.outcomes.unpaid!;
        return sendPage(
          reply,
          200,
          page(
            locale,
            title,
            `<p>${esc(text)}</p><dl>` +
              `<dt>${esc(words.reference)}</dt><dd>${esc(verified.reservation.booking_ref_code)}</dd>` +
              `<dt>${esc(words.amount)}</dt><dd>${esc(String(verified.payment.amount))} ${esc(verified.payment.currency)}</dd>` +
              `<dt>${esc(words.status)}</dt><dd>${esc(verified.reservation.status)}</dd></dl>` +
              onward(
                reservationLinks(deps, {
                  reservationId: verified.reservation.id,
                  userId: verified.payerId,
                  from: deps.clock.now(),
                }).link,
                words.view,
              ),
          ),
        );
      } catch (err) {
        if (err instanceof AppError && (err.statusCode === 404 || err.statusCode === 409)) {
          const locale = negotiateLocale(req.headers['accept-language']);
          return sendPage(reply, err.statusCode, page(locale, WORDS[locale].notFound, `<p>${esc(err.message)}</p>`));
        }
        throw err;
      }
    },
  );

  routes.get(
    '/payments/cancel',
    {
      schema: {
        operationId: 'showPaymentCancelPage',
        tags: ['payments'],
        summary: 'Page the guest returns to after cancelling the checkout (default cancel URL)',
        description: 'Nothing is charged; the reservation stays pending until its hold expires, and can still be paid.',
        querystring: Type.Object({
          reservation_id: Type.Optional(Type.String({ maxLength: 20 })),
          access: Type.Optional(Type.String({ maxLength: 120 })),
        }),
        response: { 200: htmlResponse('Nothing charged; links to pay or view the reservation'), ...errorResponses() },
      },
    },
    async (req, reply) => {
      const id = /^[1-9]\d{0,15}$/.test(req.query.reservation_id ?? '') ? Number(req.query.reservation_id) : null;
      // The checkout's default cancel URL carries a link signed for the guest; passed on only when
      // genuine, so this page never vouches for someone who typed an id.
      const access = id === null ? null : readReservationAccess(deps, req.query.access ?? '', id, deps.clock.now());
      const values = { reservation_id: id ?? '', access: access?.ok ? req.query.access! : '' };
      const locale = await localeFor(deps, access?.ok ? access.userId : null, req.headers['accept-language']);
      const words = WORDS[locale];
      return sendPage(
        reply,
        200,
        page(
          locale,
          words.cancelled,
          `<p>${esc(words.cancelledText)}</p>` +
            (id
              ? onward(clientLink(deps.config, 'payment', values), words.pay) +
                `<p><a href="${esc(clientLink(deps.config, 'reservation', values))}">${esc(words.view)}</a></p>`
              : ''),
        ),
      );
    },
  );
}
