/**
 * Outgoing webhooks (contract §12): posts a signed event to an integrator's URL without letting
 * the URL reach inside our network. The adapter decides what is refused (private, loopback,
 * link-local and metadata addresses, plain http in production) from its configuration.
 */
export type WebhookFailure = 'bad_url' | 'refused_address' | 'timeout' | 'network' | 'redirects';

export class WebhookSendError extends Error {
  constructor(
    readonly reason: WebhookFailure,
    message: string,
  ) {
    super(message);
    this.name = 'WebhookSendError';
  }
}

export interface WebhookPost {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface WebhookSender {
  /** Why the URL may not be subscribed (text reading after "The URL …"), or null when it may. */
  refusal(url: string): string | null;
  /**
   * Posts the body; resolves with the final HTTP status (redirects followed, each re-checked) and
   * the start of the answer's body, or rejects with a WebhookSendError when no answer came.
   */
  post(request: WebhookPost): Promise<{ status: number; excerpt: string }>;
}
