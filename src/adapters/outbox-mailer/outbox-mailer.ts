import type { MailMessage, Mailer } from '../../ports/mailer.ts';

export type MailRecorder = (message: MailMessage) => Promise<void>;
export type MailLogger = (message: MailMessage) => void;

/**
 * The embedded default: no mail leaves the machine. Each message is kept in the mail outbox
 * table and written to the log, so sign-up and reset flows work on a bare `npm start`.
 */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly record: MailRecorder,
    private readonly log: MailLogger,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await this.record(message);
    this.log(message);
  }

  async close(): Promise<void> {}
}
