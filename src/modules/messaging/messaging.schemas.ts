// Request and response shapes of messaging (spec: "Message (REST)", "Conversation summary" and
// the messaging endpoints; contract §8 for the send fields).
import { Type, type Static, type TSchema } from 'typebox';
import { Envelope, Paginated } from '../../platform/envelope.ts';
import { PageQuery } from '../../platform/pagination.ts';
import { IMAGE_MAX_EDGE, PIXEL_LIMIT_RULE, REENCODED } from '../../platform/images.ts';
import { FileField, type UploadedFile } from '../../platform/uploads.ts';

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
export const MAX_CONTENT_LENGTH = 5000;
export const MAX_THREAD_ID_LENGTH = 200;

export const ATTACHMENT_RULE =
  'JPEG, PNG, GIF, WebP or PDF judged by content (415 otherwise), at most 10 MB (413); both name the field attachment. An image is ' +
  `${REENCODED}, and scaled to fit ${IMAGE_MAX_EDGE} px; ${PIXEL_LIMIT_RULE}. A PDF is kept as sent and always downloaded as an attachment`;

// A fresh file schema per use: the multipart validator rewrites the one it compiles.
export const SendMessageBody = Type.Object(
  {
    receiver_id: Type.Union([Id, Type.String({ minLength: 1, maxLength: MAX_THREAD_ID_LENGTH, pattern: '\\S' })], {
      description: 'a user id (digits), or the external thread id of a travel-platform conversation (any other text)',
    }),
    content: Type.Optional(
      Type.String({
        maxLength: MAX_CONTENT_LENGTH,
        description: 'the text; surrounding spaces are dropped. content or attachment is required (422 naming content)',
      }),
    ),
    attachment: Type.Optional(
      FileField(`${ATTACHMENT_RULE}. An empty file part (an empty file input) counts as no attachment`),
    ),
    reservation_id: Type.Optional(
      Type.Union([Id, Type.Null()], {
        description: "a reservation both parties have a part in (guest, the listing's owner, or staff)",
      }),
    ),
    document_id: Type.Optional(
      Type.Union([Type.String({ maxLength: 255 }), Type.Null()], {
        description: 'a contract or document reference, kept as sent',
      }),
    ),
  },
  { description: 'multipart/form-data (or JSON without an attachment).' },
);
export interface SendMessageInput {
  receiver_id: number | string;
  content?: string;
  attachment?: UploadedFile;
  reservation_id?: number | null;
  document_id?: string | null;
}

const ExternalSource = Type.Union([Type.Literal('channel_ota_a'), Type.Literal('channel_ota_b')]);
const Provider = Type.Union([Type.Literal('OtaA'), Type.Literal('OtaB')]);

export const MessageView = Type.Object(
  {
    id: Type.Integer(),
    sender_id: Nullable(
      Type.Integer({ description: 'null when the sender is a guest writing through a travel platform' }),
    ),
    receiver_id: Nullable(
      Type.Integer({
        description: "null on an owner's reply to a travel-platform thread (the receiver is the external guest)",
      }),
    ),
    content: Type.String(),
    attachment: Nullable(Type.String({ description: 'path of GET /chats/attachments/{id} (authenticated), or null' })),
    type: Type.Union([Type.Literal('text'), Type.Literal('image'), Type.Literal('file')], {
      description: 'not in the spec: text, or the kind of the attachment',
    }),
    reservation_id: Nullable(Type.Integer({ description: 'not in the spec: the reservation the message refers to' })),
    document_id: Nullable(Type.String({ description: 'not in the spec: the document reference sent with it' })),
    is_read: Type.Union([Type.Literal(0), Type.Literal(1)], { description: 'integer 0/1' }),
    is_sent_by_me: Type.Boolean(),
    created_at: Type.String(),
    updated_at: Type.String(),
    source: Type.Optional(ExternalSource),
    external_thread_id: Type.Optional(Type.String()),
    external_guest_name: Type.Optional(Type.String()),
    booking_id: Type.Optional(Type.Integer()),
    provider: Type.Optional(Provider),
  },
  {
    description:
      'source, external_thread_id, external_guest_name, booking_id and provider are present only on travel-platform messages',
  },
);
export type MessageView = Static<typeof MessageView>;

export const MessageResponse = Envelope(MessageView);
export const MessagePage = Paginated(MessageView);

export const ConversationParams = Type.Object({
  otherUserId: Type.String({
    minLength: 1,
    maxLength: MAX_THREAD_ID_LENGTH,
    description: 'a user id, or an external thread id',
  }),
});
export const MessagesQuery = Type.Object({
  ...PageQuery.properties,
  order: Type.Optional(
    Type.Union([Type.Literal('desc'), Type.Literal('asc')], {
      default: 'desc',
      description: 'desc (default): newest first, page 1 holds the latest messages; asc: oldest first',
    }),
  ),
});

export const AttachmentParams = Type.Object({ messageId: Id });
export const AttachmentFile = {
  description:
    'the attachment with the type checked at upload; images inline, PDF as attachment, named as the sender named it with the extension of the checked type',
  content: Object.fromEntries(
    ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf'].map((m) => [
      m,
      { schema: Type.String({ format: 'binary' }) },
    ]),
  ),
};

export const ConversationSummary = Type.Object({
  user_id: Type.Union([Type.Integer(), Type.String()], {
    description: "the other user's id; the external thread id (a string) for a travel-platform conversation",
  }),
  user_name: Type.String({
    description: '"first last" (the username when both are empty); the guest\'s name for an external thread',
  }),
  phone: Type.Optional(
    Type.String({
      description:
        'only when the caller is support/admin or shares a reservation with that user (guest and listing owner), and a phone is known',
    }),
  ),
  last_message: Type.String({
    description: 'the text of the latest message; "[image]" or "[file]" for one with only an attachment',
  }),
  timestamp: Type.String({ description: 'created_at of the latest message, ISO 8601 UTC' }),
  is_read: Type.Union([Type.Literal(0), Type.Literal(1)], {
    description:
      '1 when no message to the caller in this conversation is unread (so 1 as well when the caller wrote last and has read everything)',
  }),
  unread_count: Type.Integer({
    description: "not in the spec: the caller's unread incoming messages of the conversation",
  }),
  sent_by_me: Type.Boolean(),
  is_online: Type.Optional(
    Type.Boolean({ description: 'live real-time connection on any instance; internal conversations only' }),
  ),
  last_seen: Type.Optional(
    Type.String({ description: "when the user's last real-time connection closed; only when not online and known" }),
  ),
  source: Type.Union([Type.Literal('internal'), Type.Literal('channel')]),
  provider: Type.Optional(Provider),
});
export type ConversationSummary = Static<typeof ConversationSummary>;
export const ConversationSummaryPage = Paginated(ConversationSummary);
export const SummariesQuery = PageQuery;
