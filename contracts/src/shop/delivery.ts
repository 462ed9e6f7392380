import { centsToReais } from '../shared/money';
import type { DeliveryQuote } from './dto';
import type { DeliveryZone } from './events';
import { shopMessages } from './messages';

/**
 * Which zone delivers to a CEP (8 digits): zones are CEP ranges, both ends
 * included, that never overlap; null when none does. Pure, so the checkout
 * (which charges the fee) and the quote (which shows it) cannot disagree.
 */
export function deliveryZoneFor(
  zones: readonly DeliveryZone[],
  zipCode: string,
): DeliveryZone | null {
  // Eight digits each: text order is number order.
  return zones.find((zone) => zone.zipCodeFrom <= zipCode && zipCode <= zone.zipCodeTo) ?? null;
}

/** The first two zones whose ranges share a CEP, if any. */
export function overlappingZones(
  zones: readonly Pick<DeliveryZone, 'name' | 'zipCodeFrom' | 'zipCodeTo'>[],
): [string, string] | null {
  const sorted = [...zones].sort((a, b) => a.zipCodeFrom.localeCompare(b.zipCodeFrom));
  for (const [index, current] of sorted.entries()) {
    const previous = sorted[index - 1];
    if (previous && current.zipCodeFrom <= previous.zipCodeTo) return [previous.name, current.name];
  }
  return null;
}

/** GET /api/delivery/quote's answer for a CEP (8 digits). */
export function deliveryQuote(zones: readonly DeliveryZone[], zipCode: string): DeliveryQuote {
  const zone = deliveryZoneFor(zones, zipCode);
  if (!zone) {
    return {
      available: false,
      zone: null,
      fee: null,
      minimumOrder: null,
      message: shopMessages.outsideZones,
    };
  }
  return {
    available: true,
    zone: zone.name,
    fee: centsToReais(zone.feeCents),
    minimumOrder: centsToReais(zone.minimumOrderCents),
  };
}
