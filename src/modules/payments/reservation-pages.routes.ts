// The default targets of the reservation links the mails and the result pages carry
// (CLIENT_RESERVATION_PATH and CLIENT_PAYMENT_PATH with CLIENT_APP_URL unset): a small HTML page
// outside /api with the booking, its status, what is owed, and the pay and cancel forms the
// reader may use. Reading needs a signed link or a session cookie (reservation-page-reader.ts);
// the forms run the use cases of POST /api/payments/process and POST /api/reservations/{id}/cancel.
// A client app with its own pages sets CLIENT_APP_URL and the paths.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Deps } from '../../kernel/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/envelope.ts';
import { acceptFormBodies, htmlResponse, sendPage } from '../../platform/html-page.ts';
import { DEFAULT_LOCALE } from '../emails/index.ts';
import { cancelReservation, showReservation, showReservationWithRole } from '../reservations/index.ts';
import { currencyDecimals } from '../catalog/index.ts';
import { processPayment } from './process-payment.ts';
import { readerOf, type NoReader, type Reader } from './reservation-page-reader.ts';
import { owedMinor, refusalPage, reservationPage } from './reservation-page.html.ts';

const tags = ['reservations'];
const Params = Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });
const Access = Type.Optional(Type.String({ maxLength: 120 }));
const limit = { rateLimit: { max: 30, timeWindow: '15 minutes' } };
const STATUS_OF: Record<NoReader['refused'], number> = { unauthenticated: 401, invalid: 404, expired: 404 };
const CANCELLABLE = new Set(['pending', 'confirmed']);

const pageResponses = {
  200: htmlResponse('The reservation page'),
  401: htmlResponse('No link and no session: what to do'),
  404: htmlResponse('Not a reservation this reader may see, or an expired link'),
  ...errorResponses(),
};

export async function reservationPages(app: FastifyInstance, { deps }: { deps: Deps }) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  acceptFormBodies(app);
  const isReader = (x: Reader | NoReader): x is Reader => 'user' in x;

  /** The page for this reader, or the refusal a use case answered (404, 403, 409) as a page. */
  async function answer(reply: FastifyReply, id: number, reader: Reader, run?: () => Promise<FastifyReply | null>) {
    try {
      if (run) {
        const done = await run();
        if (done) return done;
      }
      const { reservation, role } = await showReservationWithRole(deps, reader.user, id);
      const decimals = await currencyDecimals(deps.db, reservation.price_details.currency);
      const html = reservationPage({
        reservation,
        decimals,
        locale: reader.locale,
        access: reader.access,
        canPay: role === 'guest' && owedMinor(reservation, decimals) > 0,
        canCancel: CANCELLABLE.has(reservation.status),
      });
      return sendPage(reply, 200, html);
    } catch (err) {
      if (!(err instanceof AppError) || err.statusCode >= 500 || err.statusCode === 422) throw err;
      const kind = err.statusCode === 404 ? 'invalid' : err.statusCode === 403 ? 'forbidden' : 'conflict';
      return sendPage(reply, err.statusCode, refusalPage(kind, reader.locale, err.message));
    }
  }

  for (const path of ['/reservations/:id', '/reservations/:id/pay']) {
    routes.get(
      path,
      {
        schema: {
          operationId: path.endsWith('/pay') ? 'getReservationPayPage' : 'getReservationPage',
          tags,
          summary: path.endsWith('/pay')
            ? 'The reservation page, from a "pay" link (the default CLIENT_PAYMENT_PATH)'
            : 'The reservation page (the default link of the booking e-mails and the result pages)',
          description:
            'HTML in the reader’s language: the booking, its status, what is owed, and the pay and cancel forms the reader may use. ' +
            'Reader: `access` (the signed link of a mail or result page) or the session cookie. No credential → 401 page; a link ' +
            'not for this reservation, expired, or of a deactivated account → 404 page. Opening it changes nothing.',
          params: Params,
          querystring: Type.Object({ access: Access }),
          response: pageResponses,
        },
      },
      async (req, reply) => {
        const reader = await readerOf(deps, req, req.params.id, req.query.access);
        if (!isReader(reader))
          return sendPage(reply, STATUS_OF[reader.refused], refusalPage(reader.refused, DEFAULT_LOCALE));
        return answer(reply, req.params.id, reader);
      },
    );
  }

  const formRoute = (action: 'pay' | 'cancel') => ({
    config: limit,
    bodyLimit: 8192,
    schema: {
      operationId: action === 'pay' ? 'submitReservationPayForm' : 'submitReservationCancelForm',
      tags,
      summary:
        action === 'pay' ? 'Pay what is owed, from the reservation page' : 'Cancel the reservation, from its page',
      description:
        (action === 'pay'
          ? 'Runs the use case of POST /api/payments/process (the guest only) and redirects (303) to the hosted checkout. '
          : 'Runs the use case of POST /api/reservations/{id}/cancel and answers the page as it is now. ') +
        'Authenticated by the form’s signed `access` only, never by a cookie alone (no cross-site posts). Refusals as pages: 404, 403, 409.',
      consumes: ['application/x-www-form-urlencoded'],
      params: Params,
      body: Type.Object({ access: Access }),
      response: {
        200: htmlResponse(action === 'pay' ? 'The page again (nothing to redirect to)' : 'The page, cancelled'),
        ...(action === 'pay' ? { 303: { description: 'To the hosted checkout', type: 'null' } } : {}),
        401: htmlResponse('No access in the form'),
        403: htmlResponse('Not allowed to this reader'),
        404: htmlResponse('Not a reservation this reader may see'),
        409: htmlResponse('Nothing to pay, or not cancellable any more'),
        ...errorResponses(),
      },
    },
  });

  routes.post('/reservations/:id/pay', formRoute('pay'), async (req, reply) => {
    const id = req.params.id;
    const reader = await readerOf(deps, req, id, req.body?.access || undefined);
    if (!isReader(reader))
      return sendPage(reply, STATUS_OF[reader.refused], refusalPage(reader.refused, DEFAULT_LOCALE));
    return answer(reply, id, reader, async () => {
      const shown = await showReservation(deps, reader.user, id);
      const payment = await processPayment(deps, reader.user, {
        reservationId: id,
        type: shown.status === 'pending' ? 'reservation' : 'additional',
        currency: shown.price_details.currency,
        paymentMethod: 'card',
      });
      return payment.checkoutUrl ? reply.redirect(payment.checkoutUrl, 303) : null;
    });
  });

  routes.post('/reservations/:id/cancel', formRoute('cancel'), async (req, reply) => {
    const id = req.params.id;
    const reader = await readerOf(deps, req, id, req.body?.access || undefined);
    if (!isReader(reader))
      return sendPage(reply, STATUS_OF[reader.refused], refusalPage(reader.refused, DEFAULT_LOCALE));
    return answer(reply, id, reader, async () => {
      await cancelReservation(deps, reader.user, id, null);
      return null;
    });
  });
}
