// @stays/client: the typed client of the Stays booking API.
export { createStaysClient, type StaysApi, type StaysClient, type StaysClientOptions } from './client.ts';
export { TokenManager, memoryTokenStore, decodeClaims, type AuthOptions, type TokenStore } from './auth.ts';
export { ApiError, isErrorBody, unwrap, type ErrorBody } from './errors.ts';
export { IDEMPOTENT_OPERATIONS, idempotencyMiddleware, newIdempotencyKey, type RetryOptions } from './idempotency.ts';
export { currencyDecimals, fromMinorUnits, priceDetailsOf, toMinorUnits, toMinorUnitsBig, type CurrencyLike, type PriceDetails } from './money.ts';
export {
  addCompanyDocument, applyToBecomeOwner, fileFrom, sendChatMessage, toFormData, updateProfile, uploadPropertyMedia,
  type ChatMessageForm, type CompanyDocumentForm, type OwnerApplicationForm, type ProfileForm, type PropertyMediaForm,
} from './uploads.ts';
export { openNotificationStream, type NotificationEventData, type NotificationStream, type NotificationStreamOptions, type StreamEvent } from './sse.ts';
export {
  openRealtimeSocket, type Channel, type ChatFrame, type NotificationFrame, type RealtimeSocket, type SocketOptions, type WebSocketConstructor, type WebSocketLike,
} from './websocket.ts';
export type { components, operations, paths } from './generated/schema.ts';
export type * from './types.ts';
