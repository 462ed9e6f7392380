import {
  boletoDueDate,
  boletoTooCloseMessage,
  earliestBoletoDeliveryDay,
  formatShopDay,
  parseShopDateTime,
  shopDate,
} from '@quitute/contracts';
import { AppError } from '@quitute/infra/errors';

/**
 * The day a boleto requested at `requestedAt` falls due, for an order delivered
 * (or picked up) at `deliveryDate` (issue 38): late enough to pay, early enough
 * to be credited before the goods leave (boletoDueDate, the shop's calendar).
 * 400 with the earliest date a boleto can pay for when none is.
 */
export function boletoDueDay(requestedAt: Date, deliveryDate: Date): string {
  const today = shopDate(requestedAt);
  const due = boletoDueDate(today, shopDate(deliveryDate));
  if (due !== null) return due;
  const earliest = formatShopDay(shopNoon(earliestBoletoDeliveryDay(today)));
  throw new AppError('validation', boletoTooCloseMessage(earliest));
}

/**
 * The boleto's last moment, the provider's `date_of_expiration`: the end of
 * its due day in the shop's time (a boleto is paid all day on its due date).
 */
export function boletoExpiry(dueDay: string): Date {
  return shopTime(`${dueDay}T23:59:59`);
}

const shopNoon = (day: string): Date => shopTime(`${day}T12:00`);

function shopTime(text: string): Date {
  const instant = parseShopDateTime(text);
  if (!instant) throw new Error(`not a shop date and time: ${text}`);
  return instant;
}
