/** Operation descriptions that say more than a line, by operationId (the routes stay short). */
export const DESCRIPTIONS = {
  replyToChatbotConversation:
    'Stores support_reply, replied_by, replied_at and status replied, and in the same transaction delivers the reply to the user as a chat ' +
    'message from the agent (content: Re: "<question>", a blank line, the reply) with its message.created event, so it reaches the user on ' +
    '/ws/chat and as a message notification, and the user can answer in the chat. Any conversation can be answered once (a bot answer ' +
    "may be corrected); a second reply is 409, as is a reply to one's own question. Unknown id: 404. Answers the conversation.",
};
