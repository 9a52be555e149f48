import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../kernel/deps.ts';
import { messagingRoutes } from './messaging.routes.ts';

export type { ExternalMessageInput, MessageRow } from './messages.repository.ts';
export { displayName } from './message-view.ts';
export {
  CHANNEL_MESSAGE_OUTGOING,
  MESSAGE_CREATED,
  recordExternalGuestMessage,
  recordMessage,
  type ChannelMessageOutgoingEvent,
  type MessageCreatedEvent,
} from './record-message.ts';

/** Messages between users and with travel-platform guests, conversation summaries, attachments. */
export async function messagingModule(app: FastifyInstance, opts: { deps: Deps }) {
  await app.register(messagingRoutes, opts);
}
