import { createOutboxMailer } from './outbox';
import { createSmtpMailer } from './smtp';
import type { OutboxMailer, SmtpMailer } from './port';

export type { Mail, Mailer, OutboxMailer, SentMail, SmtpMailer, StoredMail } from './port';
export type { OutboxMailerOptions } from './outbox';
export type { SmtpMailerOptions, SmtpTimeouts } from './smtp';
export { DEFAULT_SMTP_TIMEOUTS } from './smtp';
export { DEFAULT_FROM } from './port';
export { devMailboxRouter, isLoopbackAddress } from './dev-mailbox';
export { createOutboxMailer, createSmtpMailer };

/**
 * SMTP when a mail URL is set (ARCHITECTURE §2), otherwise the outbox folder.
 * The result is a union so that `mailer.transport === 'outbox'` narrows it to
 * what `devMailboxRouter` needs: mount the dev mailbox only then (§7).
 */
export function createMailer(config: {
  mailUrl?: string | undefined;
  outboxDir: string;
  from?: string;
}): OutboxMailer | SmtpMailer {
  const from = config.from ? { from: config.from } : {};
  if (config.mailUrl) return createSmtpMailer({ url: config.mailUrl, ...from });
  return createOutboxMailer({ dir: config.outboxDir, ...from });
}
