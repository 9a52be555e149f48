// The chatbot's records as the API shows them.
import type { ConversationRow, ConversationUserRow, FaqRow } from './chatbot.repository.ts';
import type { ConversationView, FaqView, StaffConversationView } from './chatbot.schemas.ts';

export function conversationView(c: ConversationRow): ConversationView {
  return {
    id: c.id,
    user_id: c.userId,
    property_id: c.propertyId,
    question: c.question,
    answer: c.answer,
    status: c.status as ConversationView['status'],
    answered_from: c.answeredFrom === 'property' || c.answeredFrom === 'faq' ? c.answeredFrom : null,
    support_reply: c.supportReply,
    replied_by: c.repliedBy,
    replied_at: c.repliedAt ? c.repliedAt.toISOString() : null,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}

export function staffConversationView(c: ConversationRow, u: ConversationUserRow): StaffConversationView {
  return {
    ...conversationView(c),
    user: { id: u.id, username: u.username, first_name: u.firstName, last_name: u.lastName, avatar: u.avatar },
  };
}

export function faqView(f: FaqRow): FaqView {
  return {
    id: f.id,
    question: f.question,
    answer: f.answer,
    keywords: f.keywords,
    is_active: f.isActive,
    created_at: f.createdAt.toISOString(),
    updated_at: f.updatedAt.toISOString(),
  };
}
