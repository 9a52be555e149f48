// POST /history_chatbots/{id}/response: support's answer to a question asked to the bot.
//
// Decisions:
// - any conversation may be answered once (a handed-over one, or one the bot answered and support
//   wants to correct); a second reply is 409 — further exchanges go through the chat;
// - the reply is stored on the conversation (status replied) and delivered, in the same
//   transaction, as a chat message from the agent to the user that quotes the question, with its
//   'message.created' event: it reaches the user on /ws/chat and as a notification, and the user
//   can answer the agent in the chat;
// - an agent cannot answer their own question (409): the reply would be a message to themselves.
import type { Deps } from '../../kernel/deps.ts';
import { publishAfterCommit } from '../../platform/after-commit.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { displayName, recordMessage } from '../messaging/index.ts';
import { findUserById } from '../users/index.ts';
import { chatbotRepository } from './chatbot.repository.ts';
import type { ConversationView } from './chatbot.schemas.ts';
import { conversationView } from './chatbot-views.ts';

const QUOTE_LENGTH = 200;

export function replyMessage(question: string, reply: string): string {
  const quoted = question.length > QUOTE_LENGTH ? `${question.slice(0, QUOTE_LENGTH - 1)}…` : question;
  return `Re: "${quoted}"\n\n${reply}`;
}

export async function replyToConversation(
  deps: Deps,
  caller: AuthUser,
  id: number,
  content: string,
): Promise<ConversationView> {
  const reply = content.trim();
  const agent = await findUserById(deps.db, caller.id);
  const agentName = agent ? displayName(agent) : 'Support';
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const repo = chatbotRepository(tx);
    const conversation = await repo.lockConversation(id);
    if (!conversation) throw notFound('Conversation');
    if (conversation.status === 'replied')
      throw new AppError('CONFLICT', 'Support has already replied to this conversation');
    if (conversation.userId === caller.id) throw new AppError('CONFLICT', 'You cannot answer your own question');
    await recordMessage(
      tx,
      {
        senderId: caller.id,
        receiverId: conversation.userId,
        content: replyMessage(conversation.question, reply),
        kind: 'text',
        createdAt: now,
        updatedAt: now,
      },
      agentName,
    );
    return repo.updateConversation(id, {
      supportReply: reply,
      repliedBy: caller.id,
      repliedAt: now,
      status: 'replied',
      updatedAt: now,
    });
  });
  publishAfterCommit(deps);
  return conversationView(row);
}
