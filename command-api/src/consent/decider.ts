import {
  consentEventSchemas,
  parseEvent,
  type ConsentEvent,
  type CookieConsentValue,
} from '@quitute/contracts';
import type { RecordedEvent } from '@quitute/infra/event-store';
import type { Decider } from '../shared/decider';

/** A browser's last recorded choice (null: none yet). */
export interface ConsentState {
  consent: CookieConsentValue | null;
}

/** The banner's choice from one browser; the shell brings the id its cookie names. */
export interface RecordConsent {
  type: 'RecordConsent';
  consentId: string;
  consent: CookieConsentValue;
  /** The signed-in customer, when a valid token came along. */
  userId?: string | undefined;
}

export const consentDecider: Decider<ConsentState, RecordConsent, ConsentEvent> = {
  initialState: { consent: null },

  evolve(_state, event) {
    return { consent: event.data.consent };
  },

  /** The same choice again from the same browser is already on record: nothing new. */
  decide(command, state) {
    if (state.consent === command.consent) return [];
    return [
      {
        type: 'CookieConsentRecorded',
        data: {
          consentId: command.consentId,
          consent: command.consent,
          ...(command.userId ? { userId: command.userId } : {}),
        },
      },
    ];
  },
};

export function parseConsentEvent(recorded: RecordedEvent): ConsentEvent | null {
  return parseEvent(consentEventSchemas, recorded);
}
