// POST /chatbots/faqs (admin): a new answer the bot may give.
import type { Deps } from '../../kernel/deps.ts';
import { chatbotRepository } from './chatbot.repository.ts';
import type { FaqBody, FaqView } from './chatbot.schemas.ts';
import { faqView } from './chatbot-views.ts';
import { cleanKeywords } from './faq-keywords.ts';

export async function createFaq(deps: Deps, body: FaqBody): Promise<FaqView> {
  const now = deps.clock.now();
  const row = await chatbotRepository(deps.db).insertFaq({
    question: body.question.trim(),
    answer: body.answer.trim(),
    keywords: cleanKeywords(body.keywords),
    isActive: body.is_active ?? true,
    createdAt: now,
    updatedAt: now,
  });
  return faqView(row);
}
