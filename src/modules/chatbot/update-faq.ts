// PUT /chatbots/faqs/{id} (admin): changes the members sent.
import type { Deps } from '../../kernel/deps.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import { chatbotRepository, type NewFaq } from './chatbot.repository.ts';
import type { FaqUpdateBody, FaqView } from './chatbot.schemas.ts';
import { faqView } from './chatbot-views.ts';
import { cleanKeywords } from './faq-keywords.ts';

export async function updateFaq(deps: Deps, id: number, body: FaqUpdateBody): Promise<FaqView> {
  const changes: Partial<NewFaq> = {};
  if (body.question !== undefined) changes.question = body.question.trim();
  if (body.answer !== undefined) changes.answer = body.answer.trim();
  if (body.keywords !== undefined) changes.keywords = cleanKeywords(body.keywords);
  if (body.is_active !== undefined) changes.isActive = body.is_active;
  if (Object.keys(changes).length === 0)
    throw invalidField('body', 'send at least one of question, answer, keywords, is_active');
  const row = await chatbotRepository(deps.db).updateFaq(id, { ...changes, updatedAt: deps.clock.now() });
  if (!row) throw notFound('FAQ entry');
  return faqView(row);
}
