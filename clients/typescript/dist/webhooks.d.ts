import type { webhooks } from './generated/schema.js';
/** Every event name a delivery's `type` may hold (ping included). */
export type WebhookEventType = keyof webhooks;
/** The body posted for one event: `{type, timestamp, data}`. */
export type WebhookPayload<E extends WebhookEventType = WebhookEventType> = E extends WebhookEventType ? webhooks[E] extends {
    post: {
        requestBody: {
            content: {
                'application/json': infer B;
            };
        };
    };
} ? B : never : never;
export declare class WebhookVerificationError extends Error {
    constructor(message: string);
}
export interface VerifyWebhookOptions {
    /** The endpoint's secret, `whsec_…`, as POST /webhook-endpoints or rotate-secret answered it. */
    secret: string;
    /** The request body exactly as received (not re-serialised JSON). */
    body: string | Uint8Array;
    /** The request's headers (names in any case): webhook-id, webhook-timestamp, webhook-signature. */
    headers: Headers | Record<string, string | string[] | undefined>;
    /** Largest difference allowed between webhook-timestamp and `now` (seconds; default 300). */
    toleranceSeconds?: number;
    /** The receiver's clock (default: now). */
    now?: Date;
}
/**
 * Checks a delivery and returns its parsed payload; throws WebhookVerificationError when a header
 * is missing, the timestamp is too old or too new, or no signature matches.
 */
export declare function verifyWebhook(opts: VerifyWebhookOptions): Promise<WebhookPayload>;
