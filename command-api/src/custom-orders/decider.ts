import {
  addDays,
  CUSTOM_ORDER_HORIZON_DAYS,
  customOrderEventSchemas,
  customOrderMessages,
  parseEvent,
  type CustomOrderEvent,
} from '@quitute/contracts';
import { AppError } from '@quitute/infra/errors';
import type { RecordedEvent } from '@quitute/infra/event-store';
import type { Decider } from '../shared/decider';

/** Whether the request is on record. */
export interface CustomOrderState {
  requested: boolean;
}

/** A custom order from /encomendas; the shell brings the new id and the shop's day. */
export interface RequestCustomOrder {
  type: 'RequestCustomOrder';
  requestId: string;
  name: string;
  email: string;
  phone: string;
  /** `YYYY-MM-DD` */
  eventDate: string;
  details: string;
  /** The signed-in customer, when a valid token came along. */
  customerId?: string | undefined;
  /** The shop's day now (`YYYY-MM-DD`): an event that day is allowed (spec §5). */
  today: string;
}

export const customOrderDecider: Decider<CustomOrderState, RequestCustomOrder, CustomOrderEvent> = {
  initialState: { requested: false },

  evolve() {
    return { requested: true };
  },

  /** A request already recorded (a retry of the same id) appends nothing. */
  decide(command, state) {
    if (state.requested) return [];
    // ISO dates compare as text.
    if (command.eventDate < command.today) {
      throw new AppError('validation', customOrderMessages.pastDate, {
        dataEvento: customOrderMessages.pastDate,
      });
    }
    if (command.eventDate > addDays(command.today, CUSTOM_ORDER_HORIZON_DAYS)) {
      throw new AppError('validation', customOrderMessages.tooFarAhead, {
        dataEvento: customOrderMessages.tooFarAhead,
      });
    }
    return [
      {
        type: 'CustomOrderRequested',
        data: {
          requestId: command.requestId,
          name: command.name,
          email: command.email,
          phone: command.phone,
          eventDate: command.eventDate,
          details: command.details,
          ...(command.customerId ? { customerId: command.customerId } : {}),
        },
      },
    ];
  },
};

export function parseCustomOrderEvent(recorded: RecordedEvent): CustomOrderEvent | null {
  return parseEvent(customOrderEventSchemas, recorded);
}
