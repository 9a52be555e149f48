// Pushes availability and rates/restrictions of linked listings to the channel manager: per
// listing and kind, the waiting changes are claimed, merged into one span from today on (Channex
// refuses past dates), read back from our calendar, compared night by night with what was last
// sent there, and only the nights that differ are sent, as ranges of equal values, in ONE call
// (Channex's certification: "only send changes"). A span where nothing differs sends nothing.
//
// Claim, call, settle (as execute-refunds.ts): a short transaction locks the listing's state row
// of that kind and its pending rows (SKIP LOCKED), checks the backoff and the per-minute budget,
// computes the values, counts the call and leases the state (next_attempt_at pushed past the
// call's longest duration), and commits; the remote call runs outside any transaction; a second
// transaction records the outcome. So two instances (or the sync route and the job) never push
// the same rows or exceed the budget together, and a process that dies mid-call leaves its rows
// for the next claim once the lease ends.
//
// Budget: at most CHANNEX_CALLS_PER_MINUTE calls per listing and kind in a window of 60 s that
// opens with its first call (window_started_at, calls_in_window). Outcomes: success deletes the
// claimed rows only (rows queued meanwhile stay); 429/5xx/unreachable keep them and back off
// (Retry-After when given, else 5 s doubling up to 15 min); an unknown key or vanished remote
// object keeps them too (fixing the key or relinking must not lose changes); a refused request
// (422) and a 200 carrying warnings drop them, since resending the same values would be refused
// the same way; every failure is recorded for the status route, warnings in the owner's words.
// What a push set there is recorded (the refused values excepted) for the next comparison.
import type { Deps } from '../../kernel/deps.ts';
import {
  ChannelManagerError,
  type AvailabilityValue,
  type ChannelManager,
  type PushOutcome,
  type RestrictionValue,
} from '../../ports/channel-manager.ts';
import { findPropertyById, type PropertyRow } from '../properties/index.ts';
import { todayIn } from '../../kernel/calendar-dates.ts';
import { channelPushRepository, type PushKind } from './channel-push.repository.ts';
import { channelSentRepository } from './channel-sent.repository.ts';
import { channelRepository } from './channel.repository.ts';
import {
  availabilityNights,
  availabilityValues,
  changedNights,
  restrictionNights,
  restrictionValues,
  type RemoteNight,
  type RestrictionNight,
} from './channel-values.ts';
import { plainWarnings, refused } from './channel-warnings.ts';

export const CHANNEL_PUSH_JOB = 'channel-push';
const WINDOW_MS = 60_000;
/** Longer than the adapter's request timeout: past it, a claim is taken to have died. */
const LEASE_MS = 2 * 60_000;
const BACKOFF_BASE_MS = 5_000;
const BACKOFF_MAX_MS = 15 * 60_000;

export type PushResult = 'pushed' | 'nothing' | 'busy' | 'rate_limited' | 'backing_off' | 'failed' | 'warned';

export async function pushChannelChanges(deps: Deps, onlyPropertyId?: number): Promise<PushResult[]> {
  const channel = deps.channel;
  if (!channel) return [];
  const out: PushResult[] = [];
  for (const w of await channelPushRepository(deps.db).waiting()) {
    if (onlyPropertyId !== undefined && w.propertyId !== onlyPropertyId) continue;
    out.push(await pushKind(deps, channel, w.propertyId, w.kind));
  }
  return out;
}

type Claim = {
  ids: number[];
  from: string;
  to: string;
  today: string;
  attempts: number;
  property: PropertyRow;
  nights: Array<RemoteNight<unknown>>;
  values: AvailabilityValue[] | RestrictionValue[];
};
const WORDS: Record<PushKind, string> = { availability: 'availability', restrictions: 'prices and restrictions' };

async function claim(deps: Deps, propertyId: number, kind: PushKind, now: Date): Promise<Claim | PushResult> {
  return deps.db.transaction(async (tx) => {
    const push = channelPushRepository(tx);
    const state = await push.lockState(propertyId, kind);
    if (!state) return 'busy';
    if (state.nextAttemptAt && state.nextAttemptAt > now) return 'backing_off';
    const fresh = !state.windowStartedAt || now.getTime() - state.windowStartedAt.getTime() >= WINDOW_MS;
    const calls = fresh ? 0 : state.callsInWindow;
    if (calls >= deps.config.CHANNEX_CALLS_PER_MINUTE) return 'rate_limited';

    const property = await findPropertyById(tx, propertyId);
    const rows = await push.claimPending(propertyId, kind);
    if (!rows.length || !property?.channelPropertyId) return 'nothing';
    const ids = rows.map((r) => r.id);
    const today = todayIn(property.timezone, now);
    const earliest = rows.reduce((m, r) => (r.from < m ? r.from : m), rows[0]!.from);
    const from = earliest < today ? today : earliest;
    const to = rows.reduce((m, r) => (r.to > m ? r.to : m), rows[0]!.to);
    const all =
      from >= to
        ? []
        : kind === 'availability'
          ? await availabilityNights(tx, property, from, to)
          : await restrictionNights(tx, property, from, to);
    const nights = changedNights<unknown>(all, await channelSentRepository(tx).sentValues(propertyId, kind, from, to));
    if (!nights.length) {
      // Only past nights, nothing linked for them yet, or nothing that differs from what Channex has.
      await push.dropPending(ids);
      return 'nothing';
    }
    const values =
      kind === 'availability'
        ? availabilityValues(property, nights as Array<RemoteNight<number>>)
        : restrictionValues(property, nights as Array<RemoteNight<RestrictionNight>>);
    await push.saveState(propertyId, kind, {
      windowStartedAt: fresh ? now : state.windowStartedAt,
      callsInWindow: calls + 1,
      lastPushAt: now,
      nextAttemptAt: new Date(now.getTime() + LEASE_MS),
    });
    return { ids, from, to, today, attempts: state.attempts, property, nights, values };
  });
}

async function pushKind(deps: Deps, channel: ChannelManager, propertyId: number, kind: PushKind): Promise<PushResult> {
  const claimed = await claim(deps, propertyId, kind, deps.clock.now());
  if (typeof claimed === 'string') return claimed;

  let outcome: PushOutcome;
  try {
    outcome =
      kind === 'availability'
        ? await channel.pushAvailability(claimed.values as AvailabilityValue[])
        : await channel.pushRestrictions(claimed.values as RestrictionValue[]);
  } catch (err) {
    const failed =
      err instanceof ChannelManagerError
        ? err
        : new ChannelManagerError('unavailable', err instanceof Error ? err.message : String(err), 0);
    if (!(err instanceof ChannelManagerError))
      deps.log.error({ err, propertyId, kind }, 'channel push failed unexpectedly');
    const at = deps.clock.now();
    const attempts = claimed.attempts + 1;
    const wait = failed.retryAfterMs ?? Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (attempts - 1));
    await deps.db.transaction(async (tx) => {
      await channelPushRepository(tx).saveState(propertyId, kind, {
        attempts,
        nextAttemptAt: new Date(at.getTime() + wait),
        lastError: failed.message,
      });
      await channelRepository(tx).recordFailure(
        propertyId,
        kind,
        `Sending ${WORDS[kind]} to Channex failed: ${failed.message}`,
        at,
      );
      if (failed.kind === 'rejected') await channelPushRepository(tx).dropPending(claimed.ids);
    });
    return 'failed';
  }

  const at = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const push = channelPushRepository(tx);
    const repo = channelRepository(tx);
    const sent = channelSentRepository(tx);
    await push.dropPending(claimed.ids);
    await sent.recordSent(
      propertyId,
      kind,
      claimed.nights
        .filter((n) => !refused(outcome.warnings, n.remoteId, n.night))
        .map((n) => ({ remoteId: n.remoteId, night: n.night, value: JSON.stringify(n.value) })),
    );
    await sent.pruneBefore(propertyId, claimed.today);
    if (outcome.warnings.length) {
      const plain = await plainWarnings(tx, claimed.property, outcome.warnings);
      await push.saveState(propertyId, kind, {
        attempts: 0,
        nextAttemptAt: null,
        lastError: 'Channex refused some values (warnings)',
        lastWarnings: plain,
      });
      await repo.recordFailure(
        propertyId,
        kind,
        `Channex took the ${WORDS[kind]} update but refused ${plain.length === 1 ? 'one value' : `${plain.length} values`}; those nights keep their previous values there`,
        at,
        plain,
      );
      return;
    }
    await push.saveState(propertyId, kind, {
      attempts: 0,
      nextAttemptAt: null,
      lastSuccessAt: at,
      lastError: null,
      lastWarnings: null,
    });
    await repo.resolveFailures(propertyId, kind, at);
    if (kind === 'availability') await repo.clearDrift(propertyId, claimed.from, claimed.to);
  });
  return outcome.warnings.length ? 'warned' : 'pushed';
}
