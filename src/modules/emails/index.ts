// E-mails: templates in English and French (MJML, compiled once), the mails sent at once
// (codes, first-password links: sendEmail) and the mails that follow domain events — queued by a
// projector in the outbox relay's transaction and sent by the send-emails job with retries.
// No routes: other modules call sendEmail; the wiring registers the projector and the job, and
// the app registers the plugin (the queue's metrics).
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../kernel/deps.ts';
import { registerEmailMetrics } from './email-metrics.ts';
import { warmEmailRendering } from './render-email.ts';

export async function emailsModule(app: FastifyInstance, opts: { deps: Deps }) {
  registerEmailMetrics(opts.deps);
  // A serving instance (jobs on) loads MJML right after it listens, not on its first sign-up's code;
  // not before: it was 2 s of a first start's time to /healthz (bench/first-start.ts).
  if (opts.deps.config.JOBS_ENABLED && opts.deps.config.MAIL_WARM_UP)
    app.addHook('onListen', warmAfterListening(opts.deps));
}

/** Starts the warm-up on the next turn, so listening (and the first /healthz) does not wait for it. */
export const warmAfterListening = (deps: Deps) =>
  async function warmEmailRenderingSoon() {
    setImmediate(() => {
      warmEmailRendering().catch((err: unknown) => deps.log.warn({ err }, 'e-mail renderer warm-up failed'));
    });
  };

export { LOCALES, DEFAULT_LOCALE, isLocale, localeOf, negotiateLocale, type Locale } from './locales.ts';
export { sendEmail, productName, type EmailToSend } from './send-email.ts';
export { renderEmail, MESSAGES, type RenderedEmail } from './render-email.ts';
export { formatDate, formatMoney } from './format.ts';
export type { Messages } from './translations/en.ts';
export { TEMPLATE_NAMES, type TemplateName } from './templates.ts';
export { EMAIL_TOPICS, registerEmailProjectors } from './project-emails.ts';
export { SEND_EMAILS_JOB, sendQueuedEmails } from './send-queued-emails.ts';
