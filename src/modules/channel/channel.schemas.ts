// Request and response shapes of linking a listing to the channel manager and of its status.
import { Type } from 'typebox';
import { OneLine } from '../../platform/one-line.ts';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const Contact = (max: number, description: string) =>
  Type.Optional(OneLine({ minLength: 1, maxLength: max, notBlank: true, description }));

export const SyncBody = Type.Object(
  {
    email: Type.Optional(
      Type.String({
        format: 'email',
        maxLength: 254,
        description: "contact e-mail given to travel platforms (default: the owner's)",
      }),
    ),
    phone: Type.Optional(
      Type.String({
        minLength: 3,
        maxLength: 32,
        pattern: '^[0-9 +()./#*-]+$',
        description: "contact phone: digits, spaces, brackets, + - . / # * (default: the owner's)",
      }),
    ),
    zip_code: Contact(32, 'zip or postal code of the listing'),
    city: Contact(255, "city of the listing (default: its neighbourhood's)"),
    state: Contact(255, 'state, region or province of the listing'),
  },
  {
    description:
      'Contact details Channex needs before it connects the listing to a travel platform; each one sent is kept for later links.',
  },
);

const Push = Type.Object({
  at: Nullable(Type.String({ description: 'when the last push of this kind was sent (null: never)' })),
  succeeded_at: Nullable(Type.String({ description: 'when a push of this kind last succeeded without warnings' })),
  ok: Nullable(
    Type.Boolean({
      description: 'true: the last push succeeded; false: it failed or came back with warnings; null: no push yet',
    }),
  ),
  error: Nullable(
    Type.String({ description: "why the last push failed (the channel manager's message), null when it succeeded" }),
  ),
  warnings: Type.Array(Type.String(), {
    description:
      'what the channel manager refused in the last push, in plain words (a 200 with warnings counts as a failure)',
  }),
  attempts: Type.Integer({ description: 'consecutive failed attempts (drives the backoff)' }),
  next_attempt_at: Nullable(
    Type.String({
      description: 'no push of this kind before this time (backoff after a 429/5xx, or a push in flight)',
    }),
  ),
});

export const ChannelStatusView = Type.Object({
  channel_manager: Type.String({ description: 'the configured channel manager: none | channex' }),
  linked: Type.Boolean({ description: 'the listing exists at the channel manager (channel_property_id is set)' }),
  channel_property_id: Nullable(Type.String({ description: "the listing's id at the channel manager" })),
  channel_synced_at: Nullable(
    Type.String({ description: 'when the listing, its room types and rate plans were last sent' }),
  ),
  full_sync_at: Nullable(
    Type.String({
      description: "when every night of the next 500 was last sent at once (at most once a day, on an owner's link)",
    }),
  ),
  link_requested: Type.Boolean({
    description:
      "a link (step 7's channel_sync_now, or a change of room types or rate plans) is waiting for the push job",
  }),
  missing_for_link: Type.Array(Type.String(), {
    description:
      'what the listing lacks, in plain words, before it can be linked (Channex connects no travel platform without it); empty: nothing',
  }),
  contact: Type.Object(
    {
      email: Nullable(Type.String()),
      phone: Nullable(Type.String()),
      zip_code: Nullable(Type.String()),
      city: Nullable(Type.String()),
      state: Nullable(Type.String()),
    },
    {
      description:
        "the contact details sent to the channel manager (saved ones, else the owner's e-mail and phone and the neighbourhood's city)",
    },
  ),
  last_push: Type.Object(
    { availability: Push, restrictions: Push },
    {
      description:
        'the last push of each kind: availability = units left per room type and night; restrictions = rate, min/max stay, closed to arrival/departure, stop-sell per rate plan and night',
    },
  ),
  pending_changes: Type.Object(
    { availability: Type.Integer(), restrictions: Type.Integer() },
    { description: 'changed ranges of nights waiting for the push job, per kind' },
  ),
  failures: Type.Array(
    Type.Object({
      kind: Type.String({ description: 'link, availability, restrictions, booking, message or reconcile' }),
      message: Type.String({ description: 'what went wrong, in plain words' }),
      warnings: Type.Array(Type.String(), {
        description: 'the values the channel manager refused (200 with warnings), one sentence each',
      }),
      created_at: Type.String(),
    }),
    { description: 'unresolved failures, newest first (20 at most); a later success of the same kind resolves them' },
  ),
  unplaced_bookings: Type.Array(
    Type.Object({
      revision_id: Type.String(),
      booking_id: Type.String({ description: "the booking's id at the channel manager" }),
      platform: Type.String({ description: 'the travel platform it was made on' }),
      guest: Type.String(),
      arrival: Type.String(),
      departure: Type.String(),
      reason: Type.String({ description: 'why it is not on the calendar, in plain words' }),
      received_at: Type.String(),
    }),
    {
      description:
        'platform bookings received and acknowledged but not placed on any unit (their room is not mapped): the owner places the guest by hand',
    },
  ),
  unacknowledged_revisions: Type.Integer({
    description:
      'booking revisions applied here whose acknowledgement has not reached the channel manager yet (retried by the next pull)',
  }),
  drift: Type.Object({
    nights: Type.Integer({
      description:
        'nights (per room type) whose availability at the channel manager differs from ours, as last reconciled',
    }),
    checked_at: Nullable(
      Type.String({ description: 'when the reconciliation last read the channel manager (null: not yet)' }),
    ),
    sample: Type.Array(
      Type.Object({
        room_type_id: Type.Integer({ description: 'our room type id; 0 = the listing sold whole' }),
        night: Type.String(),
        ours: Type.Integer({ description: 'units left to sell here' }),
        remote: Type.Integer({ description: 'units the channel manager offers' }),
      }),
      { description: 'the first 20 drifting nights, by night' },
    ),
  }),
});

export const STATUS_SHAPE =
  'data = {channel_manager, linked, channel_property_id, channel_synced_at, full_sync_at, link_requested, missing_for_link: [text], ' +
  'contact: {email, phone, zip_code, city, state}, ' +
  'last_push: {availability: {at, succeeded_at, ok, error, warnings, attempts, next_attempt_at}, restrictions: {same}}, ' +
  'pending_changes: {availability: n, restrictions: n}, failures: [{kind, message, warnings, created_at}], ' +
  'unplaced_bookings: [{revision_id, booking_id, platform, guest, arrival, departure, reason, received_at}], unacknowledged_revisions: n, ' +
  'drift: {nights: n, checked_at, sample: [{room_type_id, night, ours, remote}]}}. ' +
  'linked: the listing exists at the channel manager. last_push.<kind>.ok: true when the last push succeeded, false when it failed or was answered ' +
  'with warnings (a 200 with warnings means the channel manager refused those values: they are recorded as a failure, in plain words, and not resent), ' +
  'null before any push; next_attempt_at: the push waits until then (backoff after 429/5xx). pending_changes: changed ranges not yet pushed (the push ' +
  'job runs every 10 s, at most CHANNEX_CALLS_PER_MINUTE calls per listing and kind per minute, one call per kind carrying only the nights that differ ' +
  'from what the channel manager was last told). failures: unresolved failures, newest first, at most 20 (link, availability, restrictions, booking, ' +
  'message, reconcile); a later success of the same kind resolves them. unplaced_bookings: platform bookings whose room is not mapped, acknowledged ' +
  'so the feed moves on, waiting for the owner. unacknowledged_revisions: revisions applied here not yet acknowledged there. drift: nights of the ' +
  "next 90 where the channel manager's availability differs from ours, found by the hourly reconciliation (checked_at: its last read; nights waiting " +
  'to be pushed are not counted); shown, not overwritten, since a lower number there is often a platform booking not yet pulled; the next push of ' +
  'those nights sets them.';
