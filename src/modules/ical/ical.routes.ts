// iCal: the listing's availability feed (export) and the external calendars that block it (import).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Deps } from '../../kernel/deps.ts';
import { currentUser } from '../../platform/auth.ts';
import { Envelope, errorResponses, ok } from '../../platform/envelope.ts';
import { OneLine } from '../../platform/one-line.ts';
import { exportCalendar, exportLink, rotateExportLink } from './export-calendar.ts';
import { addFeed, deleteFeed, listFeeds, refreshFeedNow } from './ical-feeds.ts';
import { DESCRIPTIONS } from './ical.docs.ts';

const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const Params = Type.Object({ id: Id });
const FeedParams = Type.Object({ id: Id, feedId: Id });
const security = [{ bearer: [] }];
const tags = ['calendar'];
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const Feed = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  name: Nullable(Type.String()),
  room_type_id: Type.Integer({ description: '0 = the listing sold whole' }),
  last_fetched_at: Nullable(Type.String()),
  last_success_at: Nullable(Type.String()),
  last_error: Nullable(Type.String({ description: 'why the last refresh failed (the previous blocks are kept)' })),
  status: Type.Union([Type.Literal('active'), Type.Literal('failed')], {
    description:
      'failed: the calendar grew over its reading budget (ICAL_MAX_OCCURRENCES, ICAL_PARSE_TIMEOUT_MS); it is no longer refreshed every 30 minutes until a manual refresh reads it again',
  }),
  blocked_nights: Type.Integer({ description: 'nights this calendar currently blocks (today to 365 days on)' }),
  conflicts: Type.Array(Type.String(), {
    description:
      'blocked nights that bookings here had already filled: sold on both sides, to be resolved by the owner',
  }),
});
const Links = Type.Object({
  export_url: Type.String({ description: 'subscribe other platforms to this secret link' }),
  feeds: Type.Array(Feed),
});

export async function icalRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.get(
    '/properties/:id/calendar.ics',
    {
      schema: {
        operationId: 'exportPropertyCalendar',
        tags,
        summary: "The listing's availability as iCal (busy nights, today to 365 days on)",
        description: DESCRIPTIONS.exportPropertyCalendar,
        params: Params,
        querystring: Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) }),
        response: { 200: Type.String({ description: 'text/calendar' }), ...errorResponses(404) },
      },
    },
    async (req, reply) => {
      const text = await exportCalendar(deps, req.params.id, req.query.token);
      return reply.type('text/calendar; charset=utf-8').header('cache-control', 'private, max-age=300').send(text);
    },
  );

  routes.get(
    '/properties/:id/calendar/ical',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'getIcalLink',
        tags,
        security,
        summary: "The listing's secret iCal link and its imported calendars",
        description:
          "Owner of the listing, admin, support; anyone else 404 (the links are not part of the public listing). The link's token is made on the first request.",
        params: Params,
        response: { 200: Envelope(Links), ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => {
      const user = currentUser(req);
      return ok({
        export_url: await exportLink(deps, user, req.params.id),
        feeds: await listFeeds(deps, user, req.params.id),
      });
    },
  );

  routes.post(
    '/properties/:id/calendar/ical/rotate',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'rotateIcalLink',
        tags,
        security,
        summary: 'Replace the secret iCal link (the old one stops working)',
        description: 'Owner of the listing or admin; support 403; anyone else 404.',
        params: Params,
        response: { 200: Envelope(Type.Object({ export_url: Type.String() })), ...errorResponses(401, 403, 404) },
      },
    },
    async (req) =>
      ok({ export_url: await rotateExportLink(deps, currentUser(req), req.params.id) }, 'New calendar link'),
  );

  routes.get(
    '/properties/:id/calendar/ical-feeds',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'listIcalFeeds',
        tags,
        security,
        summary: 'Imported calendars',
        description: 'Owner of the listing, admin, support; anyone else 404.',
        params: Params,
        response: { 200: Envelope(Type.Array(Feed)), ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => ok(await listFeeds(deps, currentUser(req), req.params.id)),
  );

  routes.post(
    '/properties/:id/calendar/ical-feeds',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'importIcalFeed',
        tags,
        security,
        summary: 'Import an external calendar (iCal URL) whose busy dates block the listing',
        description: DESCRIPTIONS.importIcalFeed,
        params: Params,
        body: Type.Object({
          url: Type.String({ minLength: 8, maxLength: 2000 }),
          name: Type.Optional(OneLine({ maxLength: 200 })),
          room_type_id: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
        }),
        response: { 201: Envelope(Feed), ...errorResponses(401, 403, 404, 409, 502, 503) },
      },
    },
    async (req, reply) =>
      reply.code(201).send(ok(await addFeed(deps, currentUser(req), req.params.id, req.body), 'Calendar imported')),
  );

  routes.post(
    '/properties/:id/calendar/ical-feeds/:feedId/refresh',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'refreshIcalFeed',
        tags,
        security,
        summary: 'Fetch an imported calendar again now',
        description: DESCRIPTIONS.refreshIcalFeed,
        params: FeedParams,
        response: { 200: Envelope(Feed), ...errorResponses(401, 403, 404, 502, 503) },
      },
    },
    async (req) => ok(await refreshFeedNow(deps, currentUser(req), req.params.id, req.params.feedId)),
  );

  routes.delete(
    '/properties/:id/calendar/ical-feeds/:feedId',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'deleteIcalFeed',
        tags,
        security,
        summary: 'Stop importing a calendar (its blocks are lifted)',
        description: 'Owner of the listing or admin (support 403, anyone else 404).',
        params: FeedParams,
        response: { 200: Envelope(Type.Null()), ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => {
      await deleteFeed(deps, currentUser(req), req.params.id, req.params.feedId);
      return ok(null, 'Calendar removed');
    },
  );
}
