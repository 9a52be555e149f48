// Chat between users and with travel-platform guests. Thin handlers: validated input → one use
// case → envelope.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../../kernel/deps.ts';
import { currentUser } from '../../platform/auth.ts';
import { errorResponses, ok, okPage } from '../../platform/envelope.ts';
import { MAX_UPLOAD_BYTES, MULTIPART_RULES, sendStoredFile } from '../../platform/uploads.ts';
import { getAttachment } from './get-attachment.ts';
import { listConversationSummaries } from './list-conversation-summaries.ts';
import { listMessages } from './list-messages.ts';
import * as S from './messaging.schemas.ts';
import { sendMessage } from './send-message.ts';
import { DESCRIPTIONS } from './messaging.docs.ts';

const tags = ['messaging'];
const security = [{ bearer: [] }];

const WHO_MAY_WRITE =
  'Anyone may write to an owner, support or admin; support and admin may write to anyone; writing to a client needs a reservation in ' +
  'common (one of the two booked a listing of the other, any status) or that the client wrote to the sender first (a reply to an ' +
  'enquiry) — otherwise 403. An unknown, deleted or deactivated receiver is 404; oneself is 422.';
const EXTERNAL =
  "A receiver_id that is not all digits names a travel-platform thread: only the owner of the thread's listing may reply (support/admin 403, " +
  "anyone else 404 as for an unknown thread). The reply is stored with receiver_id null, the thread's source, provider, booking_id and guest " +
  'name, and the outbox event channel.message.outgoing {message_id, property_id, sender_id, external_thread_id, source, provider, booking_id, ' +
  'content, created_at, attachment?} for the channel manager; reservation_id is refused there (422).';

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
        description:
          `${WHO_MAY_WRITE} content (≤ ${S.MAX_CONTENT_LENGTH} characters, trimmed) or attachment is required (422 naming content). attachment: ` +
          `${S.ATTACHMENT_RULE}; stored under a generated name and served only to the two parties and support/admin at the returned attachment ` +
          "path. reservation_id: a reservation the caller has a part in (guest, the listing's owner, or support/admin; 404 otherwise, as for an " +
          'unknown one) and the receiver too (422 otherwise). document_id is kept as sent. Checks run in that order, the file last, so nothing ' +
          `is stored for a refused message. ${MULTIPART_RULES} Honours Idempotency-Key (contract §2; the file's bytes are part of the request compared). ` +
          'In the same transaction the outbox event message.created {message_id, sender_id, receiver_id, sender_name, content, kind ' +
          '(text|image|file), created_at, reservation_id?, attachment?} is written: it reaches the receiver on /ws/chat and as a message ' +
          `notification. ${EXTERNAL} Answers 201 with the message in its REST form.`,
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
      const f = await getAttachment(deps, currentUser(req), req.params.messageId);
      return sendStoredFile(reply, deps.storage, f.key, f.mime, {
        inline: true,
        downloadName: f.downloadName,
        cache: 'private',
      });
    },
  );
}
