// A real SMTP receiver (smtp-server) on an ephemeral port, for tests where mail matters.
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export interface ReceivedMail {
  mailFrom: string;
  rcptTo: string[];
  raw: string;
}

export interface SmtpReceiver {
  /** Fills as messages arrive. */
  received: ReceivedMail[];
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  close(): Promise<void>;
}

export async function startSmtpReceiver(over: Partial<SMTPServerOptions> = {}): Promise<SmtpReceiver> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
    ...over,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}
