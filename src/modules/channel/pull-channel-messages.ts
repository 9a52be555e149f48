// Guest messages from a travel-platform thread, pulled when the channel manager's webhook says the
// thread changed. Each is stored once (keyed by the platform's message id) for the listing's
// owner, with its 'message.created' event, so the owner gets it in real time and as a
// notification like any message. Messages sent from our side come back in the thread too: they
// are ours already and skipped.
import type { Deps } from '../../kernel/deps.ts';
import { publishAfterCommit } from '../../platform/after-commit.ts';
import { recordExternalGuestMessage } from '../messaging/index.ts';
import { channelInboundRepository } from './channel-inbound.repository.ts';
import { otaProvider } from './ota-provider.ts';

export async function pullChannelMessages(deps: Deps, threadId: string): Promise<{ stored: number }> {
  const channel = deps.channel;
  if (!channel) return { stored: 0 };
  const repo = channelInboundRepository(deps.db);
  let thread;
  try {
    thread = await channel.threadMessages(threadId);
  } catch (err) {
    await repo.recordFailure(null, 'message', `Reading message thread ${threadId} failed: ${(err as Error).message}`);
    return { stored: 0 };
  }
  let stored = 0;
  for (const m of thread) {
    if (m.sender !== 'guest') continue;
    const property = await repo.linkedProperty(m.propertyId);
    if (!property) {
      await repo.recordFailure(
        null,
        'message',
        `Message thread ${threadId}: no listing is linked to channel property ${m.propertyId}`,
      );
      continue;
    }
    const { source, provider } = otaProvider(m.otaName);
    const wrote = await deps.db.transaction(async (tx) => {
      const booking = m.bookingId ? await channelInboundRepository(tx).lockBooking(m.bookingId) : undefined;
      const row = await recordExternalGuestMessage(
        tx,
        {
          source,
          provider,
          externalThreadId: threadId,
          externalMessageId: m.id,
          externalGuestName: m.guestName,
          bookingId: booking?.id ?? null,
          propertyId: property.id,
          content: m.message,
          createdAt: m.createdAt ? new Date(m.createdAt) : deps.clock.now(),
        },
        m.guestName ?? `Guest on ${provider}`,
      );
      return row !== null;
    });
    if (wrote) stored += 1;
  }
  if (stored) publishAfterCommit(deps);
  return { stored };
}
