// Linking a listing to the channel manager and reading what the link is doing.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Deps } from '../../container.ts';
import { currentUser } from '../../platform/auth.ts';
import { Envelope, errorResponses, ok } from '../../platform/envelope.ts';
import { getChannelStatus } from './get-channel-status.ts';
import { linkProperty } from './link-property.ts';
import { pushChannelChanges } from './push-channel-changes.ts';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const Push = Type.Object({
  at: Nullable(Type.String({ description: 'when the last push was sent' })),
  succeeded_at: Nullable(Type.String({ description: 'when a push last succeeded' })),
  ok: Nullable(Type.Boolean({ description: 'whether the last push succeeded without warnings; null before any push' })),
  error: Nullable(Type.String()),
  warnings: Type.Array(Type.String(), { description: 'what the channel manager refused in the last push (a 200 with warnings counts as a failure)' }),
  attempts: Type.Integer({ description: 'consecutive failed attempts (drives the backoff)' }),
  next_attempt_at: Nullable(Type.String({ description: 'no push before this time (backoff after a 429 or 5xx)' })),
});
export const ChannelStatusView = Type.Object({
  channel_manager: Type.String({ description: 'none | channex' }),
  linked: Type.Boolean(),
  channel_property_id: Nullable(Type.String()),
  channel_synced_at: Nullable(Type.String({ description: 'when the listing, its room types and rate plans were last sent' })),
  link_requested: Type.Boolean({ description: 'step 7 asked for a link the push job has not made yet' }),
  last_push: Type.Object({ availability: Push, restrictions: Push }),
  pending_changes: Type.Object({ availability: Type.Integer(), restrictions: Type.Integer() }, { description: 'changed ranges waiting for the push job' }),
  failures: Type.Array(Type.Object({ kind: Type.String({ description: 'link, availability, restrictions, booking, message or reconcile' }), message: Type.String(), warnings: Type.Array(Type.String()), created_at: Type.String() }), { description: 'unresolved failures, newest first (20 at most); a later success of the same kind resolves them' }),
  drift: Type.Object({
    nights: Type.Integer({ description: 'nights (per room type) whose availability differs at the channel manager, as last reconciled' }),
    checked_at: Nullable(Type.String()),
    sample: Type.Array(Type.Object({ room_type_id: Type.Integer({ description: '0 = the listing sold whole' }), night: Type.String(), ours: Type.Integer(), remote: Type.Integer() })),
  }),
});

const Params = Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });
const security = [{ bearer: [] }];

export async function channelRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.post('/properties/:id/channel/sync', {
    config: { auth: 'required' },
    schema: {
      tags: ['channel'], summary: 'Link the listing to the channel manager now (create or update it there), then push its next 365 nights', security,
      description: 'The owner of the listing or an admin (others who can see it: 403; cannot see it: 404). Creates or updates the listing, its room types and ' +
        'rate plans at the channel manager (a listing sold whole becomes one room type of one unit), stores channel_property_id and channel_synced_at, ' +
        'queues availability and rates/restrictions for the next 365 nights and pushes them once. 409 CHANNEL_NOT_CONFIGURED with CHANNEL_MANAGER=none; ' +
        '502 CHANNEL_REJECTED when the channel manager refuses the listing, 503 CHANNEL_UNAVAILABLE when it cannot be reached (both recorded as failures).',
      params: Params, response: { 200: Envelope(ChannelStatusView), ...errorResponses(401, 403, 404, 409, 502, 503) },
    },
  }, async (req) => {
    const user = currentUser(req);
    await linkProperty(deps, user, req.params.id);
    await pushChannelChanges(deps, req.params.id);
    return ok(await getChannelStatus(deps, user, req.params.id), 'Linked to the channel manager');
  });

  r.get('/properties/:id/channel/status', {
    config: { auth: 'required' },
    schema: {
      tags: ['channel'], summary: 'What the link to the channel manager is doing for this listing', security,
      description: 'The owner of the listing, admin and support (others who can see it: 403). last_push per kind, pending_changes, unresolved failures ' +
        '(pushes refused or unreachable, 200 answers carrying warnings, bookings or messages that could not be placed, failed drift checks) and ' +
        'drift: nights whose availability at the channel manager differs from ours, found by the hourly reconciliation over the next 90 nights.',
      params: Params, response: { 200: Envelope(ChannelStatusView), ...errorResponses(401, 403, 404) },
    },
  }, async (req) => ok(await getChannelStatus(deps, currentUser(req), req.params.id)));
}
