// What the OpenAPI document says of the chatbot routes where a summary is not enough.
const ENGINE =
  "The default engine matches keywords and intents, in English and French (it answers in the question's language): check-in and " +
  'check-out times, house rules, pets, breakfast, cancellation policy, amenities (the list, or the ones a question names), Wi-Fi. ' +
  'The Wi-Fi network and password are given only to a guest with a confirmed reservation at that listing whose stay is not over ' +
  "(checkout today or later in the listing's time zone); anyone else — owner and staff included — is told that the listing has Wi-Fi " +
  "and that the details are shared with confirmed guests. A fact the owner left empty is never guessed. The listing's facts come first; " +
  'then the active FAQ entry with the most keywords in the question.';

/** Operation descriptions that say more than a line, by operationId (the routes stay short). */
export const DESCRIPTIONS = {
  askChatbot:
    `Any signed-in user. property_id, when sent, must be a listing the caller may see (404 otherwise). ${ENGINE} A question it cannot ` +
    'answer is stored with status needs_support, answer a notice that support will reply, answered_from null, and the outbox event ' +
    'chatbot.handoff {conversation_id, user_id, property_id, question, created_at} is written in the same transaction. Every question is ' +
    'kept (GET /chatbots). Answers 201 with the conversation.',
  replyToChatbotConversation:
    'Stores support_reply, replied_by, replied_at and status replied, and in the same transaction delivers the reply to the user as a chat ' +
    'message from the agent (content: Re: "<question>", a blank line, the reply) with its message.created event, so it reaches the user on ' +
    '/ws/chat and as a message notification, and the user can answer in the chat. Any conversation can be answered once (a bot answer ' +
    "may be corrected); a second reply is 409, as is a reply to one's own question. Unknown id: 404. Answers the conversation.",
};
