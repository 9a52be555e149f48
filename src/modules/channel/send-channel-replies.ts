// Sends owners' replies to travel-platform threads through the channel manager. A reply is
// claimed in a short transaction ('sending:…'), sent outside any transaction, then settled with
// the remote message id. At least once: an instance dying between the send and the settle leaves
// a stale claim that is sent again after CLAIM_TIMEOUT_MS. A reply the platform refuses for good
// is marked undeliverable and recorded as a failure; a retryable error leaves it for the next run.
import { randomUUID } from 'node:crypto';
import type { Deps } from '../../kernel/deps.ts';
import { ChannelManagerError } from '../../ports/channel-manager.ts';
import { channelInboundRepository, channelRepliesRepository } from './channel-inbound.repository.ts';

export const CHANNEL_SEND_REPLIES_JOB = 'channel-send-replies';
const CLAIM_TIMEOUT_MS = 5 * 60_000;
const BATCH = 50;

export async function sendChannelReplies(deps: Deps): Promise<{ sent: number; failed: number }> {
  const channel = deps.channel;
  if (!channel) return { sent: 0, failed: 0 };
  const replies = channelRepliesRepository(deps.db);
  const marker = `sending:${deps.instanceId}:${randomUUID()}`;
  const now = deps.clock.now();
  const claimed = await replies.claim(marker, now, new Date(now.getTime() - CLAIM_TIMEOUT_MS), BATCH);
  let sent = 0;
  let failed = 0;
  for (const reply of claimed) {
    try {
      const remoteId = await channel.sendMessage(reply.threadId, reply.content);
      await replies.settle(reply.id, marker, remoteId || `sent:${reply.id}`, deps.clock.now());
      sent += 1;
    } catch (err) {
      failed += 1;
      const forGood = err instanceof ChannelManagerError && !err.retryable;
      await replies.settle(reply.id, marker, forGood ? `undeliverable:${reply.id}` : null, deps.clock.now());
      if (forGood)
        await channelInboundRepository(deps.db).recordFailure(
          reply.propertyId,
          'message',
          `Reply ${reply.id} to thread ${reply.threadId} was refused: ${(err as Error).message}`,
        );
      else
        deps.log.warn(
          { err, message: reply.id },
          'sending a reply through the channel manager failed; retried on the next run',
        );
    }
  }
  return { sent, failed };
}
