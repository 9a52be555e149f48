// Reviews and the reservations dashboard. Thin handlers: validated input → one use case → envelope.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../../kernel/deps.ts';
import { errorResponses, ok, okPage } from '../../platform/envelope.ts';
import { currentUser } from '../../platform/auth.ts';
import { PageQuery } from '../../platform/pagination.ts';
import * as S from './reservations.schemas.ts';
import { listPropertyReviews, showFeedback, submitReview } from './reviews.ts';
import { getDashboardStats } from './get-dashboard-stats.ts';
import { DESCRIPTIONS } from './reservations.docs.ts';

const security = [{ bearer: [] }];
const optionalSecurity: Array<Record<string, string[]>> = [{}, { bearer: [] }];

export async function reservationsRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.get(
    '/public-feedback/:id',
    {
      schema: {
        operationId: 'getPublicFeedback',
        tags: ['reviews'],
        summary: "A stay's feedback page (no authentication)",
        description: DESCRIPTIONS.getPublicFeedback,
        params: S.FeedbackParams,
        response: { 200: S.FeedbackResponse, ...errorResponses(404) },
      },
    },
    async (req) => ok(await showFeedback(deps, req.params.id)),
  );

  routes.post(
    '/public-feedback/:id',
    {
      schema: {
        operationId: 'submitPublicFeedback',
        tags: ['reviews'],
        summary: 'Leave the review of a stay (no authentication)',
        description: DESCRIPTIONS.submitPublicFeedback,
        params: S.FeedbackParams,
        body: S.ReviewBody,
        response: { 201: S.FeedbackResponse, ...errorResponses(404, 409) },
      },
    },
    async (req, reply) => {
      const data = await submitReview(deps, req.params.id, req.body);
      return reply.code(201).send(ok(data, 'Thank you for your review'));
    },
  );

  routes.get(
    '/properties/:id/reviews',
    {
      config: { auth: 'optional' },
      schema: {
        operationId: 'listPropertyReviews',
        tags: ['reviews'],
        summary: "A listing's reviews",
        security: optionalSecurity,
        description:
          'Public for an active, visible listing; a hidden or draft listing only for its owner, admin and support (404 for others). ' +
          'Newest first; guest_first_name is the only guest detail shown.',
        params: S.PropertyIdParams,
        querystring: PageQuery,
        response: { 200: S.PropertyReviewsPage, ...errorResponses(401, 404) },
      },
    },
    async (req) => {
      const { data, meta } = await listPropertyReviews(deps, req.user, req.params.id, req.query);
      return okPage(data, meta);
    },
  );

  routes.get(
    '/reservations/dashboard-stats',
    {
      config: { roles: ['owner', 'admin', 'support'] },
      schema: {
        operationId: 'getReservationStats',
        tags: ['reservations'],
        summary: 'Reservation figures for the dashboard',
        security,
        description: DESCRIPTIONS.getReservationStats,
        response: { 200: S.DashboardStatsResponse, ...errorResponses(401, 403) },
      },
    },
    async (req) => ok(await getDashboardStats(deps, currentUser(req))),
  );
}
