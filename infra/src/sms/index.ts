export type { OutboxSmsSender, SentSms, Sms, SmsSender, StoredSms } from './port';
