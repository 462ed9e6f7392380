import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { DEFAULT_FROM, type SmtpMailer } from './port';

/** How long each step may take, in milliseconds. */
export interface SmtpTimeouts {
  /** Until the TCP (or TLS) connection is up, DNS included. */
  connection: number;
  /** From the connection until the server's 220 greeting. */
  greeting: number;
  /** Of silence on the connection once talking. */
  socket: number;
}

/**
 * nodemailer's own defaults are 2 min, 30 s and 10 min: a mail server that
 * accepts the connection and then says nothing would hold a notification for
 * that long. These bound a send to well under a minute.
 */
export const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = {
  connection: 10_000,
  greeting: 10_000,
  socket: 30_000,
};

export interface SmtpMailerOptions {
  /** `smtp://user:pass@host:587` or `smtps://…:465`, as nodemailer understands it. */
  url: string;
  from?: string;
  timeouts?: Partial<SmtpTimeouts>;
}

export function createSmtpMailer(options: SmtpMailerOptions): SmtpMailer {
  const { url, from = DEFAULT_FROM } = options;
  const timeouts = { ...DEFAULT_SMTP_TIMEOUTS, ...options.timeouts };
  // Checked here because nodemailer, loaded at the first send, would only fail then.
  if (!/^smtps?:\/\/[^/]/.test(url) || !URL.canParse(url)) {
    throw new Error('The mail URL must start with smtp:// or smtps:// and name a host');
  }
  const transportOptions: SMTPTransport.Options = {
    url,
    connectionTimeout: timeouts.connection,
    greetingTimeout: timeouts.greeting,
    socketTimeout: timeouts.socket,
  };
  // nodemailer is loaded at the first send: a shop without MAIL_URL never loads it.
  let transporter: Promise<Transporter<SMTPTransport.SentMessageInfo>> | undefined;
  return {
    transport: 'smtp',
    async send(mail) {
      transporter ??= import('nodemailer').then(({ createTransport }) =>
        createTransport(transportOptions),
      );
      // A failure to load is not kept: the next mail tries again.
      const smtp = await transporter.catch((error: unknown) => {
        transporter = undefined;
        throw error;
      });
      const info = await smtp.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html === undefined ? {} : { html: mail.html }),
        ...(mail.replyTo === undefined ? {} : { replyTo: mail.replyTo }),
        ...(mail.headers === undefined ? {} : { headers: { ...mail.headers } }),
      });
      return info.messageId ? { messageId: info.messageId } : {};
    },
  };
}
