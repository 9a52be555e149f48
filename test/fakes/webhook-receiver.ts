// An integrator's webhook receiver: verifies each delivery with the `standardwebhooks` package,
// the Standard Webhooks specification's reference implementation (standardwebhooks.com, "Verifying
// webhook authenticity": the signed content is "<webhook-id>.<webhook-timestamp>.<body>", HMAC-SHA256
// with the base64 key after `whsec_`, `v1,<base64>` signatures space-separated, a timestamp at
// most 5 minutes from the receiver's clock). Answers 204, or what the test asks for. Listens on
// 127.0.0.1 only.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
  id: string;
  timestamp: number;
  signatures: string[];
  body: string;
  json: { type: string; timestamp: string; data: unknown };
  /** Time of arrival (ms since epoch, the receiver's real clock). */
  at: number;
}

export interface WebhookReceiver {
  url: string;
  received: Received[];
  /** The status answered next (then 204 again unless `sticky`). */
  answer(status: number, sticky?: boolean): void;
  /** The next deliveries, in their order of arrival, get these answers (each after `afterMs`), before `answer`'s. */
  answerInTurn(...turns: Array<{ status: number; afterMs?: number }>): void;
  /** Whether `secret` verifies the delivery with the reference verifier (timestamp checked against now). */
  verifies(r: Received, secret: string): boolean;
  /**
   * Whether one of the delivery's signatures is the reference implementation's signature with
   * `secret`, whatever the timestamp's age (a test whose manual clock ran ahead of real time).
   */
  signedWith(r: Received, secret: string): boolean;
  /** Resolves once `n` deliveries arrived. */
  waitFor(n: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: Received[] = [];
  let next: number | null = null;
  let sticky = false;
  const turns: Array<{ status: number; afterMs?: number }> = [];
  const waiters: Array<() => void> = [];
  const server = createServer(async (req, res) => {
    const body = await read(req);
    const h = (name: string) => String(req.headers[name] ?? '');
    received.push({
      id: h('webhook-id'),
      timestamp: Number(h('webhook-timestamp')),
      signatures: h('webhook-signature').split(' '),
      body,
      json: JSON.parse(body),
      at: Date.now(),
    });
    for (const w of waiters.splice(0)) w();
    const turn = turns.shift();
    const status = turn?.status ?? next ?? 204;
    if (!turn && !sticky) next = null;
    if (turn?.afterMs) await new Promise((r) => setTimeout(r, turn.afterMs));
    res.writeHead(status).end(status >= 400 ? 'receiver says no' : undefined);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const headersOf = (r: Received) => ({
    'webhook-id': r.id,
    'webhook-timestamp': String(r.timestamp),
    'webhook-signature': r.signatures.join(' '),
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    answerInTurn(...next) {
      turns.push(...next);
    },
    answer(status, keep = false) {
      next = status;
      sticky = keep;
    },
    verifies(r, secret) {
      try {
        new Webhook(secret).verify(r.body, headersOf(r));
        return true;
      } catch {
        return false;
      }
    },
    signedWith(r, secret) {
      const expected = new Webhook(secret).sign(r.id, new Date(r.timestamp * 1000), r.body);
      return r.signatures.includes(expected);
    },
    async waitFor(n, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < n) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${n} deliveries, got ${received.length}`);
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, Math.min(left, 1000));
          waiters.push(() => {
            clearTimeout(t);
            resolve();
          });
        });
      }
      return received;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
