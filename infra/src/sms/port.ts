/** A text message to one Brazilian mobile (issue 41). */
export interface Sms {
  /** E.164: `+5511987654321` (brazilianMobileE164). */
  to: string;
  text: string;
}

/** What the provider says of a message it took: its id (Twilio's SID), when it gives one. */
export interface SentSms {
  messageId?: string;
}

/**
 * The SMS port: a real provider when configured (Twilio), otherwise an outbox
 * folder under DATA_DIR that the dev mailbox lists beside the e-mails.
 */
export interface SmsSender {
  readonly transport: 'outbox' | 'twilio';
  /** Resolves once the provider took the message; rejects when it refused it or did not answer. */
  send(sms: Sms): Promise<SentSms>;
}

export interface StoredSms extends Sms {
  id: string;
  sentAt: string;
}

export interface OutboxSmsSender extends SmsSender {
  readonly transport: 'outbox';
  /** Newest first. */
  list(): Promise<StoredSms[]>;
  /** Null for an unknown or malformed id. */
  get(id: string): Promise<StoredSms | null>;
}
