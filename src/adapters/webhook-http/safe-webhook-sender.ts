// Posts webhooks with the iCal import's outbound guard (ical-fetch): every address a name
// resolves to must be public unicast unless allowed, checked in the socket's own lookup (no DNS
// rebinding between check and connect); literal addresses checked before connecting; at most 3
// redirects, each re-checked (307/308 post again, others are the final answer); at most
// EXCERPT_BYTES of an answer read; one time limit for the whole post, redirects included.
import http from 'node:http';
import https from 'node:https';
import { WebhookSendError, type WebhookPost, type WebhookSender } from '../../ports/webhook-sender.ts';
import { checkedLookup, permitted, type AddressPolicy } from '../ical-fetch/safe-calendar-fetcher.ts';
import { parseAddress } from '../ical-fetch/public-address.ts';

export interface WebhookSenderOptions extends AddressPolicy {
  /** Production: only https URLs may be subscribed and posted to. */
  httpsOnly: boolean;
  timeoutMs: number;
  maxRedirects?: number;
}

// Enough to show a receiver's error in the deliveries list; the rest is never read.
const EXCERPT_BYTES = 1024;

export class SafeWebhookSender implements WebhookSender {
  constructor(private readonly opts: WebhookSenderOptions) {}

  refusal(raw: string): string | null {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return 'is not a valid URL';
    }
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && !this.opts.httpsOnly))
      return this.opts.httpsOnly ? 'must be an https URL' : 'must be an http or https URL';
    if (url.username || url.password) return 'must not carry a user name or password';
    const host = url.hostname.replace(/^\[|\]$/g, '');
    // A literal address is connected to without any lookup, so it is checked here.
    if (parseAddress(host) && !permitted(host, this.opts)) return `points to ${host}, which is not a public address`;
    return null;
  }

  async post(request: WebhookPost): Promise<{ status: number; excerpt: string }> {
    const deadline = Date.now() + this.opts.timeoutMs;
    let url = request.url;
    for (let hops = 0; ; hops++) {
      const why = this.refusal(url);
      if (why) throw new WebhookSendError(why.startsWith('points') ? 'refused_address' : 'bad_url', `The URL ${why}`);
      const res = await this.once(new URL(url), request, deadline);
      if (!('location' in res)) return res;
      if (hops >= (this.opts.maxRedirects ?? 3))
        throw new WebhookSendError('redirects', `redirected more than ${this.opts.maxRedirects ?? 3} times`);
      try {
        url = new URL(res.location, url).toString();
      } catch {
        throw new WebhookSendError('bad_url', 'redirected to something that is not a URL');
      }
    }
  }

  private once(
    url: URL,
    request: WebhookPost,
    deadline: number,
  ): Promise<{ status: number; excerpt: string } | { location: string }> {
    return new Promise((resolve, reject) => {
      const remaining = deadline - Date.now();
      if (remaining <= 0) return reject(new WebhookSendError('timeout', `no answer within ${this.opts.timeoutMs} ms`));
      let done = false;
      const settle = (fn: () => void) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        req.destroy();
        fn();
      };
      const client = url.protocol === 'https:' ? https : http;
      // agent: false — no pooled socket carries one address check over to another post.
      const req = client.request(
        url,
        {
          method: 'POST',
          agent: false,
          lookup: checkedLookup(this.opts) as never,
          headers: {
            ...request.headers,
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(request.body)),
            'user-agent': 'stays-webhooks/1',
          },
        },
        (res) => {
          const status = res.statusCode ?? 0;
          if ((status === 307 || status === 308) && res.headers.location) {
            const location = res.headers.location;
            return settle(() => resolve({ location }));
          }
          const chunks: Buffer[] = [];
          let size = 0;
          const finish = () =>
            settle(() => resolve({ status, excerpt: Buffer.concat(chunks).toString('utf8').slice(0, EXCERPT_BYTES) }));
          res.on('data', (c: Buffer) => {
            chunks.push(c);
            size += c.length;
            // The status is the answer; a long body is not read further.
            if (size >= EXCERPT_BYTES) finish();
          });
          res.on('end', finish);
          res.on('aborted', finish);
          res.on('error', finish);
        },
      );
      const timer = setTimeout(
        () => settle(() => reject(new WebhookSendError('timeout', `no answer within ${this.opts.timeoutMs} ms`))),
        remaining,
      );
      req.on('error', (err: NodeJS.ErrnoException) =>
        settle(() =>
          reject(
            err.code === 'EREFUSEDADDRESS'
              ? new WebhookSendError('refused_address', err.message)
              : new WebhookSendError('network', `could not be reached (${err.code ?? err.message})`),
          ),
        ),
      );
      req.end(request.body);
    });
  }
}
