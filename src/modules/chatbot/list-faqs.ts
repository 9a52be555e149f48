// GET /chatbots/faqs: the FAQ entries, oldest first (admin and support).
import type { Deps } from '../../kernel/deps.ts';
import { pageWindow } from '../../platform/pagination.ts';
import { chatbotRepository } from './chatbot.repository.ts';
import type { FaqQuery } from './chatbot.schemas.ts';
import { faqView } from './chatbot-views.ts';

export async function listFaqs(deps: Deps, q: FaqQuery) {
  const { page, perPage, offset } = pageWindow(q);
  const { rows, total } = await chatbotRepository(deps.db).listFaqs(q.is_active, perPage, offset);
  return { data: rows.map(faqView), meta: { current_page: page, per_page: perPage, total } };
}
