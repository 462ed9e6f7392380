/** An e-mail to one recipient; `text` is always present so every client can read it. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  readonly transport: 'outbox' | 'smtp';
  send(mail: Mail): Promise<void>;
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
