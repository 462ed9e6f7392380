import { createOutboxSmsSender } from './outbox';
import type { OutboxSmsSender } from './port';
import { createTwilioSmsSender, type TwilioSmsSender, type TwilioSmsSenderOptions } from './twilio';

export type { OutboxSmsSender, SentSms, Sms, SmsSender, StoredSms } from './port';
export type { OutboxSmsSenderOptions } from './outbox';
export type { TwilioSmsSender, TwilioSmsSenderOptions } from './twilio';
export { createOutboxSmsSender, createTwilioSmsSender };
export { TwilioSmsError } from './twilio';

/** TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM (smsConfig in infra/src/config). */
export type TwilioConfig = Pick<TwilioSmsSenderOptions, 'accountSid' | 'authToken' | 'from'>;

/**
 * Twilio when it is configured, otherwise the outbox folder. The result is a
 * union so that `sms.transport === 'outbox'` narrows it to what
 * `devMailboxRouter` lists beside the e-mails (as createMailer does).
 */
export function createSmsSender(config: {
  twilio?: TwilioConfig | undefined;
  outboxDir: string;
}): OutboxSmsSender | TwilioSmsSender {
  if (config.twilio) return createTwilioSmsSender(config.twilio);
  return createOutboxSmsSender({ dir: config.outboxDir });
}
