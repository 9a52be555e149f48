// POST /chatbots: the bot answers from the listing's facts and the FAQ, or hands the question to
// support.
//
// Decisions:
// - property_id must be a listing the caller may see (404 otherwise, as for an unknown one);
// - a question the engine cannot answer is stored as needs_support with a notice as its answer,
//   and the outbox event 'chatbot.handoff' tells support in the same transaction; support's reply
//   (POST /history_chatbots/{id}/response) reaches the user as a chat message;
// - every question is stored, answered or not, so support sees what users ask.
import type { Deps } from '../../kernel/deps.ts';
import { publishAfterCommit } from '../../platform/after-commit.ts';
import { platformRepository } from '../../platform/platform.repository.ts';
import type { PropertyFacts } from '../../ports/answer-engine.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { loadVisibleProperty } from '../properties/index.ts';
import { chatbotRepository } from './chatbot.repository.ts';
import type { AskBody, ConversationView } from './chatbot.schemas.ts';
import { conversationView } from './chatbot-views.ts';
import { propertyFacts } from './property-facts.ts';

export const CHATBOT_HANDOFF = 'chatbot.handoff';
export const HANDOFF_NOTICE =
  "I don't have an answer to that. I have passed your question to our support team; they will reply to you in your messages.";

export async function askChatbot(deps: Deps, caller: AuthUser, body: AskBody): Promise<ConversationView> {
  const question = body.message.trim();
  const propertyId = body.property_id ?? null;
  let facts: PropertyFacts | null = null;
  if (propertyId !== null) {
    const property = await loadVisibleProperty(deps.db, propertyId, caller);
    facts = await propertyFacts(deps, caller, property);
  }
  const faqs = (await chatbotRepository(deps.db).activeFaqs()).map((f) => ({
    id: f.id,
    question: f.question,
    answer: f.answer,
    keywords: f.keywords,
  }));
  const answer = await deps.answerEngine.answer(question, { property: facts, faqs });

  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const conversation = await chatbotRepository(tx).insertConversation({
      userId: caller.id,
      propertyId,
      question,
      answer: answer?.answer ?? HANDOFF_NOTICE,
      status: answer ? 'answered' : 'needs_support',
      answeredFrom: answer?.source ?? null,
      createdAt: now,
      updatedAt: now,
    });
    if (!answer) {
      await platformRepository(tx).insertEvent(CHATBOT_HANDOFF, {
        conversation_id: conversation.id,
        user_id: caller.id,
        property_id: propertyId,
        question,
        created_at: now.toISOString(),
      });
    }
    return conversation;
  });
  if (!answer) publishAfterCommit(deps);
  return conversationView(row);
}
