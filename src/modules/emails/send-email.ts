// Renders and sends one e-mail now: for the mails a person is waiting for in the app (a code, a
// first-password link), sent after their change committed. Mails that follow domain events go
// through the queue instead (project-emails.ts, send-queued-emails.ts).
import type { Deps } from '../../kernel/deps.ts';
import type { Config } from '../../config.ts';
import type { Vars } from './format.ts';
import { localeOf } from './locales.ts';
import { renderEmail } from './render-email.ts';
import type { TemplateName } from './templates.ts';

/** The product's name as mails show it: MAIL_FROM's display name ("Stays <no-reply@…>" → "Stays"). */
export function productName(config: Pick<Config, 'MAIL_FROM'>): string {
  return /^\s*"?([^"<]*?)"?\s*</.exec(config.MAIL_FROM)?.[1]?.trim() || 'Stays';
}

export interface EmailToSend {
  to: string;
  template: TemplateName;
  /** The recipient's stored locale ('en' when unknown). */
  locale: string | null | undefined;
  vars: Vars;
  timeZone?: string | null;
}

export async function sendEmail(deps: Deps, mail: EmailToSend): Promise<void> {
  const rendered = await renderEmail(
    mail.template,
    localeOf(mail.locale),
    { product: productName(deps.config), ...mail.vars },
    {
      timeZone: mail.timeZone ?? deps.config.DEFAULT_TIMEZONE,
    },
  );
  await deps.mailer.send({ to: mail.to, subject: rendered.subject, text: rendered.text, html: rendered.html });
}
