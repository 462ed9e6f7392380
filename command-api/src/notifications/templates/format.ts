import {
  centsToReais,
  formatBRL,
  formatCep,
  formatShopClock,
  formatShopDay,
  shopDate,
  shopInstantOf,
  WEEKDAY_NAMES,
  weekdayOf,
  type OrderAddress,
  type ShopSettings,
} from '@quitute/contracts';

/** `R$ 1.234,56` of integer centavos. */
export function money(cents: number): string {
  return formatBRL(centsToReais(cents));
}

/** 'Ana' of 'Ana Souza'; '' when the name is blank. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

/** 'Olá, Ana!', or 'Olá!' for a blank name. */
export function greeting(name: string): string {
  const first = firstName(name);
  return first ? `Olá, ${first}!` : 'Olá!';
}

/** 'sábado, 05/12/2026 às 08:00' on the shop's clock; a time no instant reads is told as given. */
export function dayAndTime(iso: string): string {
  const instant = shopInstantOf(iso);
  if (!instant) return iso;
  return `${weekdayName(shopDate(instant))}, ${formatShopDay(instant)} às ${formatShopClock(instant)}`;
}

/** '05/12/2026 às 08:00' on the shop's clock (a deadline: no weekday). */
export function deadline(iso: string): string {
  const instant = shopInstantOf(iso);
  return instant ? `${formatShopDay(instant)} às ${formatShopClock(instant)}` : iso;
}

/** '05/12/2026', the shop's day of an instant. */
export function shopDay(iso: string): string {
  const instant = shopInstantOf(iso);
  return instant ? formatShopDay(instant) : iso;
}

/** '08:00', the shop's clock at an instant. */
export function shopClock(iso: string): string {
  const instant = shopInstantOf(iso);
  return instant ? formatShopClock(instant) : iso;
}

/** 'sábado' of `2026-12-05`. */
export function weekdayName(date: string): string {
  return WEEKDAY_NAMES[weekdayOf(date)];
}

/** An address on one line: 'Rua das Flores, 12, apto 3 — Centro, Campinas/SP, CEP 13010-000'. */
export function addressLine(address: OrderAddress | ShopSettings['address']): string {
  const street = [address.streetName, address.streetNumber, address.complement ?? '']
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(', ');
  return `${street} — ${address.neighborhood}, ${address.city}/${address.federalUnit}, CEP ${formatCep(address.zipCode)}`;
}
