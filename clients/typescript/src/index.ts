// @stays/client: the typed client of the Stays booking API.
export { createStaysClient, type StaysApi, type StaysClient, type StaysClientOptions } from './client.js';
export { TokenManager, memoryTokenStore, decodeClaims, type AuthOptions, type TokenStore } from './auth.js';
export { ApiError, isErrorBody, unwrap, type ErrorBody } from './errors.js';
export { IDEMPOTENT_OPERATIONS, idempotencyMiddleware, newIdempotencyKey, type RetryOptions } from './idempotency.js';
export {
  currencyDecimals,
  fromMinorUnits,
  priceDetailsOf,
  toMinorUnits,
  toMinorUnitsBig,
  type CurrencyLike,
  type PriceDetails,
} from './money.js';
export {
  addCompanyDocument,
  applyToBecomeOwner,
  fileFrom,
  sendChatMessage,
  toFormData,
  updateProfile,
  uploadPropertyMedia,
  type ChatMessageForm,
  type CompanyDocumentForm,
  type OwnerApplicationForm,
  type ProfileForm,
  type PropertyMediaForm,
} from './uploads.js';
export {
  openNotificationStream,
  type NotificationEventData,
  type NotificationStream,
  type NotificationStreamOptions,
  type StreamEvent,
} from './sse.js';
export {
  openRealtimeSocket,
  type Channel,
  type ChatFrame,
  type NotificationFrame,
  type RealtimeSocket,
  type SocketOptions,
  type WebSocketConstructor,
  type WebSocketLike,
} from './websocket.js';
export {
  verifyWebhook,
  WebhookVerificationError,
  type VerifyWebhookOptions,
  type WebhookEventType,
  type WebhookPayload,
} from './webhooks.js';
export type { components, operations, paths, webhooks } from './generated/schema.js';
export type * from './types.js';
