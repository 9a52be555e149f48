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
  at: Nullable(Type.String({ description: 'when the last push of this kind was sent (null: never)' })),
  succeeded_at: Nullable(Type.String({ description: 'when a push of this kind last succeeded without warnings' })),
  ok: Nullable(Type.Boolean({ description: 'true: the last push succeeded; false: it failed or came back with warnings; null: no push yet' })),
  error: Nullable(Type.String({ description: 'why the last push failed (the channel manager\'s message), null when it succeeded' })),
  warnings: Type.Array(Type.String(), { description: 'what the channel manager refused in the last push (a 200 with warnings counts as a failure)' }),
  attempts: Type.Integer({ description: 'consecutive failed attempts (drives the backoff)' }),
  next_attempt_at: Nullable(Type.String({ description: 'no push of this kind before this time (backoff after a 429/5xx, or a push in flight)' })),
});
export const ChannelStatusView = Type.Object({
  channel_manager: Type.String({ description: 'the configured channel manager: none | channex' }),
  linked: Type.Boolean({ description: 'the listing exists at the channel manager (channel_property_id is set)' }),
  channel_property_id: Nullable(Type.String({ description: 'the listing\'s id at the channel manager' })),
  channel_synced_at: Nullable(Type.String({ description: 'when the listing, its room types and rate plans were last sent' })),
  link_requested: Type.Boolean({ description: 'a link (step 7\'s channel_sync_now, or a change of room types or rate plans) is waiting for the push job' }),
  last_push: Type.Object({ availability: Push, restrictions: Push }, { description: 'the last push of each kind: availability = units left per room type and night; restrictions = rate, min/max stay, closed to arrival/departure, stop-sell per rate plan and night' }),
  pending_changes: Type.Object({ availability: Type.Integer(), restrictions: Type.Integer() }, { description: 'changed ranges of nights waiting for the push job, per kind' }),
  failures: Type.Array(Type.Object({
    kind: Type.String({ description: 'link, availability, restrictions, booking, message or reconcile' }),
    message: Type.String(), warnings: Type.Array(Type.String(), { description: 'the values the channel manager refused (200 with warnings)' }), created_at: Type.String(),
  }), { description: 'unresolved failures, newest first (20 at most); a later success of the same kind resolves them' }),
  drift: Type.Object({
    nights: Type.Integer({ description: 'nights (per room type) whose availability at the channel manager differs from ours, as last reconciled' }),
    checked_at: Nullable(Type.String({ description: 'when the reconciliation last read the channel manager (null: not yet)' })),
    sample: Type.Array(Type.Object({
      room_type_id: Type.Integer({ description: 'our room type id; 0 = the listing sold whole' }), night: Type.String(),
      ours: Type.Integer({ description: 'units left to sell here' }), remote: Type.Integer({ description: 'units the channel manager offers' }),
    }), { description: 'the first 20 drifting nights, by night' }),
  }),
});

const STATUS_SHAPE =
  'data = {channel_manager, linked, channel_property_id, channel_synced_at, link_requested, ' +
  'last_push: {availability: {at, succeeded_at, ok, error, warnings, attempts, next_attempt_at}, restrictions: {same}}, ' +
  'pending_changes: {availability: n, restrictions: n}, failures: [{kind, message, warnings, created_at}], ' +
  'drift: {nights: n, checked_at, sample: [{room_type_id, night, ours, remote}]}}. ' +
  'linked: the listing exists at the channel manager. last_push.<kind>.ok: true when the last push succeeded, false when it failed or was answered ' +
  'with warnings (a 200 with warnings means the channel manager refused those values: they are recorded as a failure and not resent), null before any push; ' +
  'next_attempt_at: the push waits until then (backoff after 429/5xx, honouring Retry-After). pending_changes: changed ranges not yet pushed (the push job ' +
  'runs every 10 s, at most CHANNEX_CALLS_PER_MINUTE calls per listing and kind per minute, one call per kind carrying every range). failures: unresolved ' +
  'failures, newest first, at most 20 (link, availability, restrictions, booking, message, reconcile); a later success of the same kind resolves them. ' +
  'drift: nights of the next 90 where the channel manager\'s availability differs from ours, found by the hourly reconciliation (checked_at: its last ' +
  'read; nights waiting to be pushed are not counted); it is shown, not overwritten, since a lower number there is often a platform booking not yet pulled; ' +
  'a push of those nights clears it.';

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
        'queues availability and rates/restrictions for the next 365 nights and pushes them once (within the per-minute limit; what is left shows in ' +
        'pending_changes). Ids are stored as each create answers, so a retry after a failure half-way updates rather than duplicates. ' +
        '409 CHANNEL_NOT_CONFIGURED with CHANNEL_MANAGER=none; 409 CONFLICT when the listing lacks a name or a country, or is being linked right now; ' +
        '502 CHANNEL_REJECTED when the channel manager refuses the listing, 503 CHANNEL_UNAVAILABLE when it cannot be reached or limits us (both recorded ' +
        'as a link failure; a 503 is retried by the push job with backoff). Answers the channel status: ' + STATUS_SHAPE,
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
      description: 'The owner of the listing, admin and support; anyone else: 404. ' + STATUS_SHAPE,
      params: Params, response: { 200: Envelope(ChannelStatusView), ...errorResponses(401, 404) },
    },
  }, async (req) => ok(await getChannelStatus(deps, currentUser(req), req.params.id)));
}
