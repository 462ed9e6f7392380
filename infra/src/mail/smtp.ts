import { createTransport } from 'nodemailer';
import { DEFAULT_FROM, type SmtpMailer } from './port';

export interface SmtpMailerOptions {
  /** `smtp://user:pass@host:587` or `smtps://…:465`, as nodemailer understands it. */
  url: string;
  from?: string;
}

export function createSmtpMailer(options: SmtpMailerOptions): SmtpMailer {
  const { url, from = DEFAULT_FROM } = options;
  // Checked here because nodemailer would only fail at the first send.
  if (!/^smtps?:\/\/[^/]/.test(url)) {
    throw new Error('The mail URL must start with smtp:// or smtps:// and name a host');
  }
  const transporter = createTransport(url);
  return {
    transport: 'smtp',
    async send(mail) {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html === undefined ? {} : { html: mail.html }),
      });
    },
  };
}
