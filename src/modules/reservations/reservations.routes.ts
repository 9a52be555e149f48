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
        description:
          'The id is the unguessable link id issued when the stay completed (192 random bits); it is the only credential, so an ' +
          'id never issued is 404. Shows the stay summary and its review, or null before one is left.',
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
        description:
          'Only for a completed stay (409 otherwise) and only once (409 on a second, also under concurrent submissions). ' +
          "Adds the rating to the listing's average in the same transaction. rating: integer 1–5; comment: at most 2000 characters, trimmed.",
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
        description:
          'Owner: reservations on their own listings; admin and support: the platform; a client is 403. ' +
          'counts_by_status: every reservation in scope. revenue_by_month: total_minor of confirmed and completed reservations grouped by ' +
          'check-in month and currency (no conversion), for the current UTC month and the 11 before it, in currency units. ' +
          "occupancy_rate: unit-nights of confirmed/completed stays within each listing's next 30 days (from its today in its time zone) ÷ " +
          "(units × 30), units = the room types' count_of_rooms, or 1 for a listing without room types, over active and inactive listings; " +
          'rounded to 4 decimals, 0 without units. upcoming_checkins / upcoming_checkouts: confirmed reservations with that date in the ' +
          "listing's next 7 days (today included), earliest first, at most 20 each.",
        response: { 200: S.DashboardStatsResponse, ...errorResponses(401, 403) },
      },
    },
    async (req) => ok(await getDashboardStats(deps, currentUser(req))),
  );
}
