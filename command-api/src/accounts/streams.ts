import { createHash } from 'node:crypto';
import { normalizeEmail } from '@quitute/contracts';

/** Reservation stream of an e-mail (ARCHITECTURE §2): the address itself never appears in a stream name. */
export function emailReservationStreamName(email: string): string {
  return `user-email-${createHash('sha256').update(normalizeEmail(email)).digest('hex')}`;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
