// Request and response shapes of the chatbot and its FAQ (the spec shows none: contract §8 and the
// OpenAPI descriptions record them).
import { Type, type Static, type TSchema } from 'typebox';
import { Envelope, Paginated } from '../../platform/envelope.ts';
import { PageQuery } from '../../platform/pagination.ts';
import { OneLine } from '../../platform/one-line.ts';

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const Text = (maxLength: number, description?: string) =>
  Type.String({ minLength: 1, maxLength, pattern: '\\S', ...(description ? { description } : {}) });

export const CONVERSATION_STATUSES = ['answered', 'needs_support', 'replied'] as const;
const Status = Type.Union(CONVERSATION_STATUSES.map((s) => Type.Literal(s)));

export const AskBody = Type.Object({
  message: Text(2000, 'the question, in English or French'),
  property_id: Type.Optional(
    Nullable(
      Type.Integer({
        minimum: 1,
        maximum: Number.MAX_SAFE_INTEGER,
        description: 'a listing the caller may see (404 otherwise): its facts are used first',
      }),
    ),
  ),
});
export type AskBody = Static<typeof AskBody>;

export const ConversationView = Type.Object({
  id: Type.Integer(),
  user_id: Type.Integer(),
  property_id: Nullable(Type.Integer()),
  question: Type.String(),
  answer: Nullable(
    Type.String({ description: "the bot's answer; for needs_support, the notice that support will reply" }),
  ),
  status: Status,
  answered_from: Nullable(
    Type.Union([Type.Literal('property'), Type.Literal('faq')], { description: 'null when handed to support' }),
  ),
  support_reply: Nullable(Type.String()),
  replied_by: Nullable(Type.Integer({ description: 'the support agent or admin who replied' })),
  replied_at: Nullable(Type.String()),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type ConversationView = Static<typeof ConversationView>;

export const ConversationUser = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  avatar: Nullable(Type.String()),
});
export const StaffConversationView = Type.Object({ ...ConversationView.properties, user: ConversationUser });
export type StaffConversationView = Static<typeof StaffConversationView>;

export const ConversationResponse = Envelope(ConversationView);
export const ConversationPage = Paginated(StaffConversationView);
export const ConversationsQuery = Type.Object({
  ...PageQuery.properties,
  status: Type.Optional(
    Type.Union(
      CONVERSATION_STATUSES.map((s) => Type.Literal(s)),
      { description: 'only conversations in this status' },
    ),
  ),
});
export type ConversationsQuery = Static<typeof ConversationsQuery>;

export const ConversationParams = Type.Object({ id: Id });
export const ReplyBody = Type.Object({ content: Text(5000, "support's answer, delivered to the user as a message") });

const Keywords = Type.Array(OneLine({ minLength: 1, maxLength: 100, notBlank: true }), {
  minItems: 1,
  maxItems: 30,
  description:
    'words or phrases that point to this answer, matched case- and accent-insensitively as whole words; a trailing * matches any word starting with the rest (refund* → refunds). Stored lower-case, without duplicates',
});
export const FaqView = Type.Object({
  id: Type.Integer(),
  question: Type.String(),
  answer: Type.String(),
  keywords: Type.Array(Type.String()),
  is_active: Type.Boolean(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type FaqView = Static<typeof FaqView>;
export const FaqBody = Type.Object({
  question: Text(500),
  answer: Text(5000),
  keywords: Keywords,
  is_active: Type.Optional(Type.Boolean({ default: true, description: 'inactive entries are kept but never used' })),
});
export type FaqBody = Static<typeof FaqBody>;
export const FaqUpdateBody = Type.Object(
  {
    question: Type.Optional(Text(500)),
    answer: Type.Optional(Text(5000)),
    keywords: Type.Optional(Keywords),
    is_active: Type.Optional(Type.Boolean()),
  },
  { minProperties: 1, description: 'the members to change (at least one)' },
);
export type FaqUpdateBody = Static<typeof FaqUpdateBody>;
export const FaqParams = Type.Object({ id: Id });
export const FaqQuery = Type.Object({
  ...PageQuery.properties,
  is_active: Type.Optional(Type.Boolean({ description: 'only active (true) or inactive (false) entries' })),
});
export type FaqQuery = Static<typeof FaqQuery>;
export const FaqResponse = Envelope(FaqView);
export const FaqPage = Paginated(FaqView);
