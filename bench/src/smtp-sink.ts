import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback that keeps nothing: it tells, for each mail,
 * when its data ended and to whom it was sent (the envelope). The shop's SMTP
 * adapter talks to it as to any mail server.
 */
export interface SmtpSink {
  url: string;
  /** Called as each mail is accepted: `at` from performance.now(). */
  onMail(listener: (recipients: string[], at: number) => void): void;
  close(): Promise<void>;
}

export async function openSmtpSink(): Promise<SmtpSink> {
  const listeners: ((recipients: string[], at: number) => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // Loopback only: no reverse DNS lookup of the client (it would time the resolver, not the shop).
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        const at = performance.now();
        const recipients = session.envelope.rcptTo.map((recipient) => recipient.address);
        for (const listener of listeners) listener(recipients, at);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  if (typeof address !== 'object' || !address) throw new Error('the SMTP sink has no address');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    onMail: (listener) => listeners.push(listener),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
