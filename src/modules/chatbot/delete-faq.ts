// DELETE /chatbots/faqs/{id} (admin). Conversations answered from it keep their answer text.
import type { Deps } from '../../kernel/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { chatbotRepository } from './chatbot.repository.ts';

export async function deleteFaq(deps: Deps, id: number): Promise<void> {
  if (!(await chatbotRepository(deps.db).deleteFaq(id))) throw notFound('FAQ entry');
}
