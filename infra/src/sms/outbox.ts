import { z } from 'zod';
import { OUTBOX_ID_PATTERN, openOutboxFolder } from '../mail/outbox-folder';
import type { OutboxSmsSender, StoredSms } from './port';

export interface OutboxSmsSenderOptions {
  /** `DATA_DIR/sms-outbox`. */
  dir: string;
  now?: () => Date;
}

const storedSmsSchema = z.object({
  id: z.string().regex(OUTBOX_ID_PATTERN),
  to: z.string(),
  text: z.string(),
  sentAt: z.iso.datetime(),
});

/**
 * One JSON file per message in `dir`, kept like the mail outbox (same ids,
 * private folder, files written whole): what a shop without Twilio "sends",
 * for the dev mailbox to list beside the e-mails.
 */
export function createOutboxSmsSender(options: OutboxSmsSenderOptions): OutboxSmsSender {
  const { dir, now = () => new Date() } = options;
  const folder = openOutboxFolder<StoredSms>(dir, storedSmsSchema);
  return {
    transport: 'outbox',

    async send(sms) {
      const sentAt = now();
      const id = folder.newId(sentAt);
      await folder.write({ id, to: sms.to, text: sms.text, sentAt: sentAt.toISOString() });
      return { messageId: id };
    },

    list: () => folder.list(),
    get: (id) => folder.get(id),
  };
}
