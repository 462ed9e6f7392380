import { z } from 'zod';
import { OUTBOX_ID_PATTERN, openOutboxFolder } from './outbox-folder';
import { DEFAULT_FROM, type OutboxMailer, type StoredMail } from './port';

export interface OutboxMailerOptions {
  dir: string;
  from?: string;
  now?: () => Date;
}

const storedMailSchema = z.object({
  id: z.string().regex(OUTBOX_ID_PATTERN),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  // Absent from files written before issue 41: they still read.
  replyTo: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
  sentAt: z.iso.datetime(),
});

/** One JSON file per mail in `dir` (the embedded topology's stand-in for SMTP). */
export function createOutboxMailer(options: OutboxMailerOptions): OutboxMailer {
  const { dir, from = DEFAULT_FROM, now = () => new Date() } = options;
  const folder = openOutboxFolder<StoredMail>(dir, storedMailSchema);
  return {
    transport: 'outbox',

    async send(mail) {
      const sentAt = now();
      const id = folder.newId(sentAt);
      await folder.write({
        id,
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html === undefined ? {} : { html: mail.html }),
        ...(mail.replyTo === undefined ? {} : { replyTo: mail.replyTo }),
        ...(mail.headers === undefined ? {} : { headers: { ...mail.headers } }),
        sentAt: sentAt.toISOString(),
      });
      return { messageId: id };
    },

    list: () => folder.list(),
    get: (id) => folder.get(id),
  };
}
