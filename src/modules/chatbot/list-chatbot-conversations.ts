// GET /chatbots: recent questions to the bot, newest first, for support and admin.
import type { Deps } from '../../kernel/deps.ts';
import { pageWindow } from '../../platform/pagination.ts';
import { chatbotRepository } from './chatbot.repository.ts';
import type { ConversationsQuery } from './chatbot.schemas.ts';
import { staffConversationView } from './chatbot-views.ts';

export async function listChatbotConversations(deps: Deps, q: ConversationsQuery) {
  const { page, perPage, offset } = pageWindow(q);
  const { rows, total } = await chatbotRepository(deps.db).listConversations(q.status, perPage, offset);
  return {
    data: rows.map((r) => staffConversationView(r.conversation, r.user)),
    meta: { current_page: page, per_page: perPage, total },
  };
}
