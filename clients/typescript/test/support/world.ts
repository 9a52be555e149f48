// The service for the client's tests: the real app (test/helpers/test-app.ts: a fresh database,
// the local payment processor, the outbox mailer) listening on a loopback port, reached over real
// HTTP through the client only. The outbox relay, a job every second in production, is kicked
// every 50 ms so that events reach SSE and WebSocket clients promptly. The test reads mails from
// the outbox table, as a person reads their inbox.
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { freePort } from '../../../../test/helpers/server-process.ts';
import { createStaysClient, type StaysClient, type StaysClientOptions } from '../../src/index.ts';

export interface World {
  t: TestApp;
  baseUrl: string;
  /** A client of this service (its clock follows the service's manual clock). */
  client(options?: Partial<StaysClientOptions>): StaysClient;
  /** Waits until `check` holds, polling. */
  until(check: () => boolean | Promise<boolean>, what: string, ms?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startWorld(env: Record<string, string> = {}): Promise<World> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // Checkout pages, success URLs and mails point at where the service really listens.
  const t = await createTestApp({ env: { PUBLIC_BASE_URL: baseUrl, ...env } });
  await t.app.listen({ port, host: '127.0.0.1' });
  let relaying = Promise.resolve();
  const relay = setInterval(() => {
    relaying = relaying.then(async () => void (await t.deps.outbox.kick())).catch(() => {});
  }, 50);
  return {
    t,
    baseUrl,
    client: (options = {}) => createStaysClient({ baseUrl, now: () => t.clock.now().getTime(), ...options }),
    async until(check, what, ms = 10_000) {
      const end = Date.now() + ms;
      while (!(await check())) {
        if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async close() {
      clearInterval(relay);
      await relaying;
      await t.close();
    },
  };
}

let seq = 0;
/** A unique username and e-mail for an account made through the API. */
export function person(prefix: string) {
  seq += 1;
  const tag = `${prefix}${process.pid}x${seq}`;
  return { username: tag, email: `${tag}@example.test`, password: 'correct-horse-42' };
}

/** YYYY-MM-DD of the service's clock plus `days`. */
export function day(t: TestApp, days: number): string {
  return new Date(t.clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10);
}
