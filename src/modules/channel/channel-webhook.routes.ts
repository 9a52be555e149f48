// POST /channel/webhook: the channel manager says something changed (a booking, a message). The
// body carries ids only and may arrive repeated or out of order; the service answers at once and
// pulls what changed (the feed gives the order, revision ids make repeats harmless).
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Deps } from '../../kernel/deps.ts';
import { Envelope, errorResponses, ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { channelInbox } from './channel-inbox.ts';
import { DESCRIPTIONS } from './channel.docs.ts';

const WebhookBody = Type.Object({
  event: Type.String({
    minLength: 1,
    maxLength: 100,
    description: 'booking, booking_new, booking_modification, booking_cancellation, message, …',
  }),
  property_id: Type.Optional(Type.String({ maxLength: 100 })),
  timestamp: Type.Optional(Type.String({ maxLength: 100 })),
  payload: Type.Optional(
    Type.Object({
      booking_id: Type.Optional(Type.String({ maxLength: 100 })),
      revision_id: Type.Optional(Type.String({ maxLength: 100 })),
      message_thread_id: Type.Optional(Type.String({ maxLength: 100 })),
    }),
  ),
});

const secretMatches = (sent: string | string[] | undefined, expected: string) => {
  const sentBytes = Buffer.from(typeof sent === 'string' ? sent : '');
  const expectedBytes = Buffer.from(expected);
  return sentBytes.length === expectedBytes.length && timingSafeEqual(sentBytes, expectedBytes);
};

export async function channelWebhookRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/channel/webhook',
    {
      schema: {
        operationId: 'handleChannelWebhook',
        tags: ['channel'],
        summary: "The channel manager's webhook (bookings and messages from travel platforms)",
        description: DESCRIPTIONS.handleChannelWebhook,
        body: WebhookBody,
        response: { 200: Envelope(Type.Null()), ...errorResponses(401, 404) },
      },
    },
    async (req) => {
      const secret = deps.config.CHANNEX_WEBHOOK_SECRET;
      if (!deps.channel || !secret) throw new AppError('NOT_FOUND', 'No channel manager webhook is configured');
      if (!secretMatches(req.headers['x-channel-secret'], secret))
        throw new AppError('UNAUTHENTICATED', 'The webhook secret is missing or wrong');
      const { event, payload } = req.body;
      if (event === 'message' || payload?.message_thread_id)
        channelInbox(deps).request({ threadId: payload?.message_thread_id });
      else channelInbox(deps).request({ bookings: true });
      return ok(null, 'Received');
    },
  );
}
