// GET /properties/{id}/channel/status: what the link to the channel manager is doing for a listing.
// Its owner, admin and support may read it; to anyone else it does not exist (404).
import type { Deps } from '../../kernel/deps.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { isStaff, loadVisibleProperty } from '../properties/index.ts';
import { channelContact, missingForLink } from './channel-contact.ts';
import { channelInboundRepository } from './channel-inbound.repository.ts';
import { channelPushRepository, type PushKind, type PushStateRow } from './channel-push.repository.ts';
import { channelRepository } from './channel.repository.ts';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const DRIFT_SAMPLE = 20;

function push(state: PushStateRow | undefined) {
  return {
    at: iso(state?.lastPushAt),
    succeeded_at: iso(state?.lastSuccessAt),
    ok: state?.lastPushAt ? state.lastError === null : null,
    error: state?.lastError ?? null,
    warnings: state?.lastWarnings ?? [],
    attempts: state?.attempts ?? 0,
    next_attempt_at: iso(state?.nextAttemptAt),
  };
}

export type ChannelStatus = Awaited<ReturnType<typeof getChannelStatus>>;

export async function getChannelStatus(deps: Deps, caller: AuthUser, propertyId: number) {
  const property = await loadVisibleProperty(deps.db, propertyId, caller);
  if (!isStaff(caller) && caller.id !== property.ownerId) throw new AppError('NOT_FOUND', 'Property not found');
  const repo = channelRepository(deps.db);
  const pushes = channelPushRepository(deps.db);
  const states = await pushes.states(property.id);
  const byKind = (k: PushKind | 'reconcile' | 'link') => states.find((s) => s.kind === k);
  const drift = await repo.drift(property.id);
  const failures = await repo.openFailures(property.id);
  const inbound = channelInboundRepository(deps.db);
  const contact = await channelContact(deps.db, property.id);
  return {
    channel_manager: deps.config.CHANNEL_MANAGER,
    linked: property.channelPropertyId !== null,
    channel_property_id: property.channelPropertyId,
    channel_synced_at: iso(property.channelSyncedAt),
    full_sync_at: iso(byKind('link')?.fullSyncAt),
    link_requested: property.channelSyncRequested,
    missing_for_link: missingForLink(property, contact),
    contact: {
      email: contact.email,
      phone: contact.phone,
      zip_code: contact.zipCode,
      city: contact.city,
      state: contact.state,
    },
    last_push: { availability: push(byKind('availability')), restrictions: push(byKind('restrictions')) },
    pending_changes: await pushes.pendingCounts(property.id),
    failures: failures.map((f) => ({
      kind: f.kind,
      message: f.message,
      warnings: f.warnings ?? [],
      created_at: f.createdAt.toISOString(),
    })),
    unplaced_bookings: (await inbound.unplaced(property.id)).map((u) => ({
      revision_id: u.revisionId,
      booking_id: u.bookingId,
      platform: String(u.payload.otaName ?? ''),
      guest: `${u.payload.customer?.name ?? ''} ${u.payload.customer?.surname ?? ''}`.trim(),
      arrival: String(u.payload.arrivalDate ?? ''),
      departure: String(u.payload.departureDate ?? ''),
      reason: u.reason,
      received_at: u.receivedAt.toISOString(),
    })),
    unacknowledged_revisions: await inbound.unacknowledged(property.id),
    drift: {
      nights: drift.length,
      checked_at: iso(byKind('reconcile')?.lastSuccessAt),
      sample: drift
        .slice(0, DRIFT_SAMPLE)
        .map((d) => ({ room_type_id: d.roomTypeId, night: d.night, ours: d.ours, remote: d.remote })),
    },
  };
}
