import {
  belowMinimumOrderMessage,
  boletoDueDate,
  boletoTooCloseMessage,
  checkoutBodySchema,
  checkoutMessages,
  dayAvailability,
  DEFAULT_KITCHEN_SCHEDULE,
  earliestBoletoDeliveryDay,
  earliestDeliveryDate,
  minimumDateMessage,
  orderUnits,
  shopDate,
  type AvailabilityDay,
  type DeliveryType,
  type KitchenSchedule,
  type ScheduleDto,
} from '@quitute/contracts';
import {
  FIELD_ORDER,
  fieldOf,
  type BelowMinimum,
  type CheckoutDraft,
  type CheckoutErrors,
  type CheckoutValidation,
} from './checkout-form';

/*
 * The checkout's rules are the contracts' zod schema (zod: 25 kB gzipped):
 * the page loads this module on the form's first focus or on payment
 * (loadCheckoutValidation), not with the page (issue 14's budget).
 */

/**
 * Why a boleto cannot pay for the day of `deliveryDate` (issue 38): it would
 * not be cleared (3 business days) before the goods leave. Null when it can,
 * or while no day is chosen. Here, loaded on the form's first focus (before
 * any day can be chosen), not with the page: the bundle budget.
 */
export function boletoUnavailable(deliveryDate: string, now: Date): string | null {
  const day = /^\d{4}-\d{2}-\d{2}/u.exec(deliveryDate)?.[0];
  if (!day) return null;
  const today = shopDate(now);
  if (boletoDueDate(today, day) !== null) return null;
  const [year, month, date] = earliestBoletoDeliveryDay(today).split('-');
  return boletoTooCloseMessage(`${date ?? ''}/${month ?? ''}/${year ?? ''}`);
}

/**
 * The checkout rules (spec §5) through the schema the server applies too
 * (`checkoutBodySchema(now)`): each field gets its first message. Before the
 * card form has produced a token, the missing token is not an error yet. A
 * delivery below its zone's minimum order is refused under the CEP, as the
 * server refuses it (issue 37; its message is here, loaded on interaction,
 * not with the page: the bundle budget).
 */
export function validateCheckout(
  draft: CheckoutDraft,
  now: Date,
  {
    beforeCardForm = false,
    belowMinimum = null,
    day = '',
  }: {
    beforeCardForm?: boolean;
    belowMinimum?: BelowMinimum | null;
    /** The day chosen (`YYYY-MM-DD`), when no slot of it could be: one too soon says how soon. */
    day?: string;
  } = {},
): CheckoutValidation {
  const parsed = checkoutBodySchema(now).safeParse(draft);
  const errors: CheckoutErrors = {};
  let general: string | null = null;
  for (const issue of parsed.error?.issues ?? []) {
    const field = fieldOf(issue.path);
    if (field === 'token') {
      if (!beforeCardForm) general ??= issue.message;
    } else if (field === null) {
      general ??= issue.message;
    } else {
      errors[field] ??= issue.message;
    }
  }
  const earliest = earliestDeliveryDate(now);
  if (day && day < earliest && errors.deliveryDate === checkoutMessages.dateRequired) {
    errors.deliveryDate = minimumDateMessage(earliest);
  }
  if (draft.paymentMethod === 'boleto') {
    const tooClose = boletoUnavailable(draft.deliveryDate, now);
    if (tooClose) errors.paymentMethod ??= tooClose;
  }
  if (belowMinimum) {
    errors.zipCode ??= belowMinimumOrderMessage(belowMinimum.zone, belowMinimum.minimumOrderCents);
  }
  const first = FIELD_ORDER.find((field) => errors[field] !== undefined) ?? null;
  if (first === null && general === null) return { ok: true, body: parsed.data ?? null };
  return { ok: false, errors, first, general };
}

/**
 * Issue 40: the cart's units for the kitchen, a kit counting as the calendar
 * says (`kitUnits`). Here, loaded on the form's first focus (before a delivery
 * type can be chosen and the availability asked), not with the page: the bundle budget.
 */
export function cartUnits(
  lines: readonly { category: string; quantity: number }[],
  kitUnits: number,
): number {
  return orderUnits(lines, kitUnits);
}

/**
 * A day as the calendar alone tells it (GET /api/schedule, or the default
 * calendar when it could not be read either): what the checkout offers while
 * the availability cannot be read. Capacity is not told; the server decides it.
 */
export function calendarDay(
  schedule: ScheduleDto | undefined,
  day: { date: string; kind: DeliveryType },
  now: Date,
): AvailabilityDay {
  let calendar: KitchenSchedule = DEFAULT_KITCHEN_SCHEDULE;
  if (schedule) {
    const { hoursText: _hours, ...rules } = schedule;
    calendar = { ...rules, dailyCapacityUnits: null };
  }
  return dayAvailability(calendar, { ...day, reservedUnits: 0 }, now);
}
