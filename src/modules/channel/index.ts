import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../kernel/deps.ts';
import { announceListingWrites } from '../../platform/listing-changes.ts';
import { CHANNEL_MESSAGE_OUTGOING } from '../messaging/index.ts';
import { channelWebhookRoutes } from './channel-webhook.routes.ts';
import { channelRoutes } from './channel.routes.ts';
import { channelInbox } from './channel-inbox.ts';

/** The link to an external channel manager: linking and status, pushes, webhook in, replies out. */
export async function channelModule(app: FastifyInstance, opts: { deps: Deps }) {
  // Its writes change listings: each one is announced, so the listing caches forget it.
  announceListingWrites(app, opts.deps.listings);
  const { deps } = opts;
  await app.register(channelWebhookRoutes, opts);
  await app.register(channelRoutes, opts);
  if (!deps.channel) return;
  // An owner's reply goes out as soon as it is published; the job retries what fails.
  const stop = deps.bus.subscribe(CHANNEL_MESSAGE_OUTGOING, () => channelInbox(deps).request({ replies: true }));
  app.addHook('onClose', async () => stop());
}
