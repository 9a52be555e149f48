// Chat between users and with travel-platform guests. Thin handlers: validated input → one use
// case → envelope.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../../kernel/deps.ts';
import { currentUser } from '../../platform/auth.ts';
import { errorResponses, ok, okPage } from '../../platform/envelope.ts';
import { MAX_UPLOAD_BYTES, sendStoredFile } from '../../platform/uploads.ts';
import { getAttachment } from './get-attachment.ts';
import { listConversationSummaries } from './list-conversation-summaries.ts';
import { listMessages } from './list-messages.ts';
import * as S from './messaging.schemas.ts';
import { sendMessage } from './send-message.ts';
import { DESCRIPTIONS } from './messaging.docs.ts';

const tags = ['messaging'];
const security = [{ bearer: [] }];

export async function messagingRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.post(
    '/chats/send_messages',
    {
      config: {
        auth: 'required',
        idempotent: true,
        multipartOptions: { limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1 } },
      },
      schema: {
        operationId: 'sendMessage',
        tags,
        security,
        consumes: ['multipart/form-data', 'application/json'],
        summary: 'Send a message (multipart: text, attachment, references)',
        description: DESCRIPTIONS.sendMessage,
        body: S.SendMessageBody,
        response: { 201: S.MessageResponse, ...errorResponses(401, 403, 404, 409, 413, 415) },
      },
    },
    async (req, reply) => {
      const view = await sendMessage(deps, currentUser(req), req.body as S.SendMessageInput);
      return reply.code(201).send(ok(view, 'Message sent'));
    },
  );

  routes.get(
    '/chats/messages/:otherUserId',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'listMessages',
        tags,
        security,
        summary: 'The messages of one conversation (marks them read)',
        description: DESCRIPTIONS.listMessages,
        params: S.ConversationParams,
        querystring: S.MessagesQuery,
        response: { 200: S.MessagePage, ...errorResponses(401, 404) },
      },
    },
    async (req) => {
      const { data, meta } = await listMessages(deps, currentUser(req), req.params.otherUserId, req.query);
      return okPage(data, meta);
    },
  );

  routes.get(
    '/chats/conversation_summaries',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'listConversations',
        tags,
        security,
        summary: "The caller's conversations, latest first",
        description: DESCRIPTIONS.listConversations,
        querystring: S.SummariesQuery,
        response: { 200: S.ConversationSummaryPage, ...errorResponses(401) },
      },
    },
    async (req) => {
      const { data, meta } = await listConversationSummaries(deps, currentUser(req), req.query);
      return okPage(data, meta);
    },
  );

  routes.get(
    '/chats/attachments/:messageId',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'getMessageAttachment',
        tags,
        security,
        summary: 'The attachment of a message',
        description: DESCRIPTIONS.getMessageAttachment,
        params: S.AttachmentParams,
        response: { 200: S.AttachmentFile, ...errorResponses(401, 404) },
      },
    },
    async (req, reply) => {
      const file = await getAttachment(deps, currentUser(req), req.params.messageId);
      return sendStoredFile(reply, deps.storage, file.key, file.mime, {
        inline: true,
        downloadName: file.downloadName,
        cache: 'private',
      });
    },
  );
}
