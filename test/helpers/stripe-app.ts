// A test app with PAYMENT_PROCESSOR=stripe: the real Stripe adapter (official SDK) talking to the
// Stripe-speaking test server, which keeps the app's manual clock, so sessions expire and
// webhooks are stamped by the time the test sets.
import { startStripeServer, type FakeStripe } from '../fakes/stripe-server.ts';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.ts';

export interface StripeTestApp {
  t: TestApp;
  stripe: FakeStripe;
  close(): Promise<void>;
}

export async function createStripeTestApp(opts: TestAppOptions = {}): Promise<StripeTestApp> {
  let t: TestApp | undefined;
  // The server reads the clock lazily: the app needs the server's address before it exists.
  const stripe = await startStripeServer({ now: () => (t ? t.clock.now() : new Date()) });
  t = await createTestApp({
    start: new Date(),
    ...opts,
    env: {
      ...opts.env,
      PAYMENT_PROCESSOR: 'stripe',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_BASE: stripe.apiBase,
    },
  });
  const app = t;
  return {
    t: app,
    stripe,
    async close() {
      await app.close();
      await stripe.close();
    },
  };
}

/** Stripe's `checkout.session.completed` for the session, signed, stamped at the app's clock and posted to the webhook route. */
export function postSessionCompleted(app: StripeTestApp, sessionId: string) {
  const { t, stripe } = app;
  const hook = stripe.signedWebhook(stripe.sessionEvent('checkout.session.completed', sessionId), {
    timestamp: Math.floor(t.clock.now().getTime() / 1000),
  });
  return t.app.inject({ method: 'POST', url: '/api/payments/webhook', headers: hook.headers, payload: hook.body });
}
