// POST /reservations/preview. Registered by the reservations module's index (lead's wiring).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../../kernel/deps.ts';
import { errorResponses, ok } from '../../platform/envelope.ts';
import { previewReservation } from './preview-reservation.ts';
import { PreviewBody, PreviewResponse } from './preview.schemas.ts';

const DESCRIPTION =
  'Prices a stay without booking or holding anything; anonymous or signed in, same answer. The listing must be active and visible (else 404, ' +
  'for its owner too). A listing with room types needs rooms (422 rooms); one without is priced whole. A room type, rate plan, offer, package ' +
  'or service of another listing → 422 naming the field (rooms.<i>.rate_plan_id, offer_id, package_ids, service_ids). An unknown or unusable ' +
  'promo code is not an error: promo_applied is false. Dates that are not real dates, or a stay over 365 nights → 422; checkout on or before ' +
  "checkin, a check-in before the listing's today (its time zone), stay rules, capacity and full or stopped nights show in stay_validation " +
  '(valid false) with the price still computed; creating such a reservation is refused with 422. Amounts are numbers in the listing currency.';

export async function previewRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  routes.post(
    '/reservations/preview',
    {
      config: { auth: 'optional' },
      schema: {
        operationId: 'previewReservation',
        tags: ['reservations'],
        summary: 'Price preview of a stay',
        security: [{ bearer: [] }, {}],
        description: DESCRIPTION,
        body: PreviewBody,
        response: { 200: PreviewResponse, ...errorResponses(401, 404) },
      },
    },
    async (req) => ok(await previewReservation(deps, req.body), 'Price preview'),
  );
}
