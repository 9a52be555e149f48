import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../kernel/deps.ts';
import { messagingRoutes } from './messaging.routes.ts';

/** Messages between users and with travel-platform guests, conversation summaries, attachments. */
export async function messagingModule(app: FastifyInstance, opts: { deps: Deps }) {
  await app.register(messagingRoutes, opts);
}
