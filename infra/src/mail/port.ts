/** An e-mail to one recipient; `text` is always present so every client can read it. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where an answer goes (the shop's own address, issue 41). */
  replyTo?: string;
  /** Extra headers, e.g. RFC 8058's `List-Unsubscribe` and `List-Unsubscribe-Post`. */
  headers?: Readonly<Record<string, string>>;
}

/** What the transport says of a mail it took: its message id, when it gives one. */
export interface SentMail {
  messageId?: string;
}

export interface Mailer {
  readonly transport: 'outbox' | 'smtp';
  /** Void from a test's stand-in that keeps no id. */
  // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- stand-ins are `async () => {}`
  send(mail: Mail): Promise<SentMail | void>;
}

export interface SmtpMailer extends Mailer {
  readonly transport: 'smtp';
}

export interface StoredMail extends Mail {
  id: string;
  from: string;
  sentAt: string;
}

/** The local adapter keeps what it "sent" so a developer can read it (dev mailbox). */
export interface OutboxMailer extends Mailer {
  readonly transport: 'outbox';
  /** Newest first. */
  list(): Promise<StoredMail[]>;
  /** Null for an unknown or malformed id. */
  get(id: string): Promise<StoredMail | null>;
}

export const DEFAULT_FROM = 'Quitute <nao-responda@quitute.com.br>';
