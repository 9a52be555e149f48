export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends e-mail. Called after commit, never inside a transaction. */
export interface Mailer {
  /** Delivers one message; rejects when the transport refuses it. */
  send(message: MailMessage): Promise<void>;
  /** Releases connections. */
  close(): Promise<void>;
}
