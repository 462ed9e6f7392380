import { formatShopDay, formatShopDayTime, reviewMessages } from '@quitute/contracts';

/**
 * A review's date, dd/MM/yyyy in the shop's time zone (with HH:mm when asked):
 * 'Data não disponível' without one, 'Data inválida' when it cannot be read (customer spec §8).
 */
export function reviewDateText(createdAt: string | null, withTime = false): string {
  if (!createdAt) return reviewMessages.dateMissing;
  const instant = new Date(createdAt);
  if (Number.isNaN(instant.getTime())) return reviewMessages.dateInvalid;
  return withTime ? formatShopDayTime(instant) : formatShopDay(instant);
}
