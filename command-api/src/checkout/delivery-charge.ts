import {
  assertNever,
  belowMinimumOrderMessage,
  deliveryZoneFor,
  shopMessages,
  type DeliveryType,
  type DeliveryZone,
} from '@quitute/contracts';
import { AppError } from '@quitute/infra/errors';

/** What a checkout charges for getting the order to the customer, and the zone that priced it. */
export interface DeliveryCharge {
  feeCents: number;
  /** The delivery zone's name; null for a pickup. */
  zone: string | null;
}

/**
 * The fee the server charges (issue 37), whatever the page showed: nothing for
 * a pickup (a boleto's payer address prices nothing); for a delivery, the fee
 * of the zone whose CEP range holds the address's CEP. A CEP outside every
 * zone, or items below the zone's minimum order, is refused (400) so the
 * customer can choose pickup or add to the order.
 */
export function deliveryCharge(
  zones: readonly DeliveryZone[],
  order: { deliveryType: DeliveryType; zipCode: string | undefined; itemsCents: number },
): DeliveryCharge {
  switch (order.deliveryType) {
    case 'pickup':
      return { feeCents: 0, zone: null };
    case 'delivery': {
      const zone = order.zipCode === undefined ? null : deliveryZoneFor(zones, order.zipCode);
      if (!zone) {
        throw new AppError('validation', shopMessages.outsideZones, {
          'address.zipCode': shopMessages.outsideZones,
        });
      }
      if (order.itemsCents < zone.minimumOrderCents) {
        throw new AppError(
          'validation',
          belowMinimumOrderMessage(zone.name, zone.minimumOrderCents),
        );
      }
      return { feeCents: zone.feeCents, zone: zone.name };
    }
    default:
      return assertNever(order.deliveryType);
  }
}
