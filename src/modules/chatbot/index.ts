import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../kernel/deps.ts';
import { chatbotRoutes } from './chatbot.routes.ts';

/** The chatbot (answers from a listing's facts and the FAQ, hands the rest to support) and its FAQ. */
export async function chatbotModule(app: FastifyInstance, opts: { deps: Deps }) {
  await app.register(chatbotRoutes, opts);
}
