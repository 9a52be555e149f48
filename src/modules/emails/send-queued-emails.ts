// The send-emails job: sends the queued mails (project-emails.ts queued them with their event),
// each rendered in its recipient's language with links made from the configuration of now.
// A mail the transport refused is tried again later, waiting longer each time; after
// MAX_ATTEMPTS it is marked failed and logged. A sender that dies mid-batch leaves its claim to
// run out (CLAIM_MS), and the mail is sent again: delivery is at least once.
import type { Deps } from '../../kernel/deps.ts';
import { clientHome } from '../../platform/client-links.ts';
import { reservationLinks } from '../../platform/reservation-links.ts';
import type { Vars } from './format.ts';
import { isLocale } from './locales.ts';
import { emailsRepository, type EmailJobRow } from './emails.repository.ts';
import { TEMPLATE_NAMES, type TemplateName } from './templates.ts';
import { sendEmail } from './send-email.ts';

export const SEND_EMAILS_JOB = 'send-emails';
export const MAX_ATTEMPTS = 8;
const BATCH = 50;
const CLAIM_MS = 5 * 60_000;

/** 30 s, 1 min, 2 min, … at most an hour. */
export const retryDelayMs = (attempts: number) => Math.min(3600_000, 30_000 * 2 ** Math.max(0, attempts - 1));

/** Links for this mail's reader: a reservation's are signed for them (platform/reservation-links.ts). */
function links(deps: Deps, job: EmailJobRow, vars: Vars): Vars {
  const reservationId = Number(vars.reservation_id);
  if (!Number.isSafeInteger(reservationId) || reservationId <= 0) return { link: clientHome(deps.config) };
  return reservationLinks(deps, { reservationId, userId: job.recipientUserId, from: deps.clock.now() });
}

async function sendOne(deps: Deps, job: EmailJobRow): Promise<void> {
  if (!(TEMPLATE_NAMES as string[]).includes(job.template)) throw new Error(`unknown e-mail template ${job.template}`);
  const vars = (job.vars ?? {}) as Vars;
  await sendEmail(deps, {
    to: job.toAddress,
    template: job.template as TemplateName,
    locale: isLocale(job.locale) ? job.locale : 'en',
    vars: { ...links(deps, job, vars), ...vars },
    timeZone: typeof vars.time_zone === 'string' ? vars.time_zone : null,
  });
}

/** Sends what is due, batch after batch until none is left; returns what was sent and what failed. */
export async function sendQueuedEmails(deps: Deps): Promise<{ sent: number; failed: number }> {
  const repo = emailsRepository(deps.db);
  let sent = 0;
  let failed = 0;
  for (;;) {
    const now = deps.clock.now();
    const jobs = await repo.claimDue(BATCH, now, new Date(now.getTime() + CLAIM_MS));
    for (const job of jobs) {
      try {
        await sendOne(deps, job);
        await repo.markSent(job.id, deps.clock.now());
        sent++;
      } catch (err) {
        failed++;
        const error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
        const last = job.attempts >= MAX_ATTEMPTS;
        deps.log[last ? 'error' : 'warn'](
          { err, emailJobId: job.id, template: job.template, attempts: job.attempts },
          last ? 'e-mail given up after its last attempt' : 'e-mail not sent; it will be tried again',
        );
        await repo.markFailed(
          job.id,
          error,
          last ? null : new Date(deps.clock.now().getTime() + retryDelayMs(job.attempts)),
        );
      }
    }
    if (jobs.length < BATCH) return { sent, failed };
  }
}
