// @stays/client: the typed client of the Stays booking API.
export { createStaysClient } from './client.js';
export { TokenManager, memoryTokenStore, decodeClaims } from './auth.js';
export { ApiError, isErrorBody, unwrap } from './errors.js';
export { IDEMPOTENT_OPERATIONS, idempotencyMiddleware, newIdempotencyKey } from './idempotency.js';
export { currencyDecimals, fromMinorUnits, priceDetailsOf, toMinorUnits, toMinorUnitsBig, } from './money.js';
export { addCompanyDocument, applyToBecomeOwner, fileFrom, sendChatMessage, toFormData, updateProfile, uploadPropertyMedia, } from './uploads.js';
export { openNotificationStream, } from './sse.js';
export { openRealtimeSocket, } from './websocket.js';
export { verifyWebhook, WebhookVerificationError, } from './webhooks.js';
