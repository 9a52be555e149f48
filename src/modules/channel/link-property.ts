// Linking a listing to the channel manager (POST /properties/{id}/channel/sync, step 7's
// channel_sync_now, or a linked listing whose room types or rate plans changed): sends the listing,
// its room types and rate plans there (what changed only, see channel-structure.ts), then queues
// its nights. Remote calls run outside any transaction. One attempt per listing at a time, across
// instances: the listing's 'link' state row is claimed (SKIP LOCKED) and leased while the calls
// run, so two clicks or two instances cannot create it twice.
//
// Decisions (Channex's certification: "Full sync means you should send 500 days", "Full sync is
// allowed once every 24h", "only send changes",
// https://docs.channex.io/api-v.1-documentation/pms-certification-tests):
// - a full sync (every object and every night of the next 500 sent again, whatever was sent
//   before) happens on the first link, and on an owner's link when the last full sync is a day old;
// - any other link sends only the objects that changed, and queues the 500 nights only when it
//   created something there (its nights have never been sent); the push then sends only nights
//   that differ from what Channex was last told;
// - a listing without the fields Channex needs before connecting a travel platform is not linked
//   (409 naming them, or a failure in the status for step 7's request); one linked before they
//   were asked for keeps being updated, its status naming what to fill.
import type { Deps } from '../../kernel/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { ChannelManagerError, type ChannelManager } from '../../ports/channel-manager.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { findPropertyById, loadPropertyForWrite, type PropertyRow } from '../properties/index.ts';
import { addDays, todayIn } from '../../kernel/calendar-dates.ts';
import { channelContact, missingForLink, missingSentence, saveChannelContact } from './channel-contact.ts';
import { channelInboundRepository } from './channel-inbound.repository.ts';
import { channelPushRepository } from './channel-push.repository.ts';
import { channelSentRepository, type ContactInput } from './channel-sent.repository.ts';
import { pushStructure } from './channel-structure.ts';
import { channelRepository } from './channel.repository.ts';

export const FULL_SYNC_DAYS = 500;
export const FULL_SYNC_EVERY_MS = 24 * 3600_000;
/** A link attempt not settled within this time is taken to have died with its process. */
const LINK_LEASE_MS = 5 * 60_000;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 3600_000;

type LinkOutcome = 'linked' | 'busy' | 'backing_off' | ChannelManagerError;

export async function linkProperty(
  deps: Deps,
  caller: AuthUser,
  propertyId: number,
  contact: ContactInput = {},
): Promise<void> {
  const property = await loadPropertyForWrite(deps.db, propertyId, caller);
  const channel = deps.channel;
  if (!channel)
    throw new AppError(
      'CHANNEL_NOT_CONFIGURED',
      'No channel manager is configured for this service (CHANNEL_MANAGER=none)',
    );
  await saveChannelContact(deps.db, property.id, contact, deps.clock.now());
  const missing = missingForLink(property, await channelContact(deps.db, property.id));
  if (missing.length && !property.channelPropertyId) throw new AppError('CONFLICT', missingSentence(missing));
  const outcome = await sendListing(deps, channel, property, { manual: true });
  if (outcome === 'busy' || outcome === 'backing_off')
    throw new AppError(
      'CONFLICT',
      'This listing is being linked to the channel manager right now; try again in a moment',
    );
  if (outcome instanceof ChannelManagerError) {
    throw new AppError(
      outcome.retryable ? 'CHANNEL_UNAVAILABLE' : 'CHANNEL_REJECTED',
      `The channel manager did not take the listing: ${outcome.message}`,
    );
  }
}

/** Sends the listings waiting for a link (step 7, or changed room types/rate plans); failures are recorded and retried with backoff. */
export async function linkRequestedProperties(deps: Deps): Promise<number> {
  const channel = deps.channel;
  if (!channel) return 0;
  let linked = 0;
  for (const id of await channelRepository(deps.db).linkRequested(deps.clock.now())) {
    const property = await findPropertyById(deps.db, id);
    if (!property) continue;
    const missing = missingForLink(property, await channelContact(deps.db, property.id));
    if (missing.length && !property.channelPropertyId) {
      // Waits for the owner (an hour between checks); the status says what to fill.
      const at = deps.clock.now();
      await channelInboundRepository(deps.db).recordFailure(property.id, 'link', missingSentence(missing));
      await channelPushRepository(deps.db).saveState(property.id, 'link', {
        nextAttemptAt: new Date(at.getTime() + BACKOFF_MAX_MS),
        lastError: missingSentence(missing),
      });
      continue;
    }
    if ((await sendListing(deps, channel, property, { manual: false })) === 'linked') linked += 1;
  }
  return linked;
}

/** One claimed attempt: claim the 'link' state, send, settle. A manual attempt ignores the backoff. */
async function sendListing(
  deps: Deps,
  channel: ChannelManager,
  property: PropertyRow,
  opts: { manual: boolean },
): Promise<LinkOutcome> {
  const now = deps.clock.now();
  const claim = await deps.db.transaction(async (tx) => {
    const push = channelPushRepository(tx);
    const state = await push.lockState(property.id, 'link');
    // windowStartedAt of the 'link' row: when the attempt in flight began (null when none is).
    if (!state || (state.windowStartedAt && now.getTime() - state.windowStartedAt.getTime() < LINK_LEASE_MS))
      return 'busy' as const;
    if (!opts.manual && state.nextAttemptAt && state.nextAttemptAt > now) return 'backing_off' as const;
    await push.saveState(property.id, 'link', { windowStartedAt: now, lastPushAt: now });
    // Cleared now, not at the end: a change of room types during the attempt asks again.
    const requested = (await findPropertyById(tx, property.id))?.channelSyncRequested ?? false;
    await channelRepository(tx).setPropertyLink(property.id, { channelSyncRequested: false });
    const full = !state.fullSyncAt || (opts.manual && now.getTime() - state.fullSyncAt.getTime() >= FULL_SYNC_EVERY_MS);
    return { attempts: state.attempts, requested, full };
  });
  if (typeof claim === 'string') return claim;

  let created: boolean;
  try {
    ({ created } = await pushStructure(deps, channel, (await findPropertyById(deps.db, property.id)) ?? property, {
      resendAll: claim.full,
    }));
  } catch (err) {
    const failed = err instanceof ChannelManagerError ? err : null;
    const at = deps.clock.now();
    const attempts = claim.attempts + 1;
    await deps.db.transaction(async (tx) => {
      await channelPushRepository(tx).saveState(property.id, 'link', {
        windowStartedAt: null,
        attempts,
        lastError: failed?.message ?? 'internal error',
        nextAttemptAt: new Date(
          at.getTime() + (failed?.retryAfterMs ?? Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (attempts - 1))),
        ),
      });
      // Asked for in step 7, or worth another try by itself (429, 5xx): the push job retries it.
      if (claim.requested || failed?.retryable)
        await channelRepository(tx).setPropertyLink(property.id, { channelSyncRequested: true });
      if (failed)
        await channelRepository(tx).recordFailure(
          property.id,
          'link',
          `Channex did not take the listing: ${failed.message}`,
          at,
        );
    });
    if (!failed) throw err;
    deps.log.warn(
      { propertyId: property.id, kind: failed.kind, status: failed.status },
      'linking a listing to the channel manager failed',
    );
    return failed;
  }

  const at = deps.clock.now();
  const today = todayIn(property.timezone, at);
  const end = addDays(today, FULL_SYNC_DAYS);
  await deps.db.transaction(async (tx) => {
    const push = channelPushRepository(tx);
    await channelRepository(tx).setPropertyLink(property.id, { channelSyncedAt: at });
    await channelRepository(tx).resolveFailures(property.id, 'link', at);
    await push.saveState(property.id, 'link', {
      windowStartedAt: null,
      attempts: 0,
      nextAttemptAt: null,
      lastSuccessAt: at,
      lastError: null,
      syncedThrough: end,
      ...(claim.full ? { fullSyncAt: at } : {}),
    });
    if (claim.full) await channelSentRepository(tx).forgetSent(property.id);
    if (claim.full || created) await push.queue(property.id, ['availability', 'restrictions'], today, end);
  });
  return 'linked';
}
