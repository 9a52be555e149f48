// The chatbot, support's replies, and the FAQ it answers from. Thin handlers: validated input →
// one use case → envelope.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../../kernel/deps.ts';
import { currentUser } from '../../platform/auth.ts';
import { errorResponses, MessageOnly, ok, okPage } from '../../platform/envelope.ts';
import { askChatbot } from './ask-chatbot.ts';
import * as S from './chatbot.schemas.ts';
import { createFaq } from './create-faq.ts';
import { deleteFaq } from './delete-faq.ts';
import { listChatbotConversations } from './list-chatbot-conversations.ts';
import { listFaqs } from './list-faqs.ts';
import { replyToConversation } from './reply-to-conversation.ts';
import { updateFaq } from './update-faq.ts';
import { DESCRIPTIONS } from './chatbot.docs.ts';

const tags = ['chatbot'];
const security = [{ bearer: [] }];
const staff = ['support', 'admin'] as const;
const admin = ['admin'] as const;

export async function chatbotRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.post(
    '/chatbots',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'askChatbot',
        tags,
        security,
        summary: 'Ask the chatbot',
        description: DESCRIPTIONS.askChatbot,
        body: S.AskBody,
        response: { 201: S.ConversationResponse, ...errorResponses(401, 404) },
      },
    },
    async (req, reply) => {
      const view = await askChatbot(deps, currentUser(req), req.body);
      return reply.code(201).send(ok(view, view.status === 'answered' ? 'Answered' : 'Passed to support'));
    },
  );

  routes.get(
    '/chatbots',
    {
      config: { roles: staff },
      schema: {
        operationId: 'listChatbotConversations',
        tags,
        security,
        summary: 'Recent chatbot conversations (support, admin)',
        description:
          'Newest first, with the user who asked; filter by status (answered, needs_support, replied). Paginated (page, per_page ≤ 100). 403 for other roles.',
        querystring: S.ConversationsQuery,
        response: { 200: S.ConversationPage, ...errorResponses(401, 403) },
      },
    },
    async (req) => {
      const { data, meta } = await listChatbotConversations(deps, req.query);
      return okPage(data, meta);
    },
  );

  routes.post(
    '/history_chatbots/:id/response',
    {
      config: { roles: staff },
      schema: {
        operationId: 'replyToChatbotConversation',
        tags,
        security,
        summary: "Support's reply to a chatbot conversation (support, admin)",
        description: DESCRIPTIONS.replyToChatbotConversation,
        params: S.ConversationParams,
        body: S.ReplyBody,
        response: { 200: S.ConversationResponse, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (req) => ok(await replyToConversation(deps, currentUser(req), req.params.id, req.body.content), 'Reply sent'),
  );

  routes.get(
    '/chatbots/faqs',
    {
      config: { roles: staff },
      schema: {
        operationId: 'listFaqs',
        tags,
        security,
        summary: "The chatbot's FAQ (admin; support may read)",
        description: 'Every entry, oldest first; filter with is_active. Paginated (page, per_page ≤ 100).',
        querystring: S.FaqQuery,
        response: { 200: S.FaqPage, ...errorResponses(401, 403) },
      },
    },
    async (req) => {
      const { data, meta } = await listFaqs(deps, req.query);
      return okPage(data, meta);
    },
  );

  routes.post(
    '/chatbots/faqs',
    {
      config: { roles: admin },
      schema: {
        operationId: 'createFaq',
        tags,
        security,
        summary: 'Add an FAQ entry (admin)',
        description:
          'Keywords are stored trimmed, lower-case and without duplicates. Active unless is_active is false. Answers 201 with the entry.',
        body: S.FaqBody,
        response: { 201: S.FaqResponse, ...errorResponses(401, 403) },
      },
    },
    async (req, reply) => reply.code(201).send(ok(await createFaq(deps, req.body), 'FAQ entry created')),
  );

  routes.put(
    '/chatbots/faqs/:id',
    {
      config: { roles: admin },
      schema: {
        operationId: 'updateFaq',
        tags,
        security,
        summary: 'Change an FAQ entry (admin)',
        description:
          'Only the members sent change (at least one of question, answer, keywords, is_active; 422 otherwise). Unknown id: 404.',
        params: S.FaqParams,
        body: S.FaqUpdateBody,
        response: { 200: S.FaqResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => ok(await updateFaq(deps, req.params.id, req.body), 'FAQ entry updated'),
  );

  routes.delete(
    '/chatbots/faqs/:id',
    {
      config: { roles: admin },
      schema: {
        operationId: 'deleteFaq',
        tags,
        security,
        summary: 'Delete an FAQ entry (admin)',
        description: 'Conversations answered from it keep their answer. Unknown id: 404.',
        params: S.FaqParams,
        response: { 200: MessageOnly, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => {
      await deleteFaq(deps, req.params.id);
      return ok(null, 'FAQ entry deleted');
    },
  );
}
