import type { Transporter } from 'nodemailer';
import { DEFAULT_FROM, type SmtpMailer } from './port';

export interface SmtpMailerOptions {
  /** `smtp://user:pass@host:587` or `smtps://…:465`, as nodemailer understands it. */
  url: string;
  from?: string;
}

export function createSmtpMailer(options: SmtpMailerOptions): SmtpMailer {
  const { url, from = DEFAULT_FROM } = options;
  // Checked here because nodemailer, loaded at the first send, would only fail then.
  if (!/^smtps?:\/\/[^/]/.test(url) || !URL.canParse(url)) {
    throw new Error('The mail URL must start with smtp:// or smtps:// and name a host');
  }
  // nodemailer is loaded at the first send: a shop without MAIL_URL never loads it.
  let transporter: Promise<Transporter> | undefined;
  return {
    transport: 'smtp',
    async send(mail) {
      transporter ??= import('nodemailer').then(({ createTransport }) => createTransport(url));
      // A failure to load is not kept: the next mail tries again.
      const smtp = await transporter.catch((error: unknown) => {
        transporter = undefined;
        throw error;
      });
      await smtp.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html === undefined ? {} : { html: mail.html }),
      });
    },
  };
}
