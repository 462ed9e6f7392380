import { describe, expect, it } from 'vitest';
import { belowMinimumOrderMessage, shopMessages } from '@quitute/contracts';
import { rejectsWith } from '../shared/decider-testing';
import { deliveryCharge } from './delivery-charge';

const centro = {
  name: 'Centro',
  zipCodeFrom: '01000000',
  zipCodeTo: '05999999',
  feeCents: 1500,
  minimumOrderCents: 10_000,
};
const zonaSul = {
  name: 'Zona Sul',
  zipCodeFrom: '04000000',
  zipCodeTo: '04999999',
  feeCents: 2000,
  minimumOrderCents: 0,
};
const zones = [centro];

describe('deliveryCharge', () => {
  it('given a pickup, then no fee and no zone, whatever the CEP', () => {
    expect(
      deliveryCharge(zones, { deliveryType: 'pickup', zipCode: '20040020', itemsCents: 1200 }),
    ).toEqual({ feeCents: 0, zone: null });
  });

  it('given a delivery to either end of a zone’s range, then its fee and name', () => {
    for (const zipCode of ['01000000', '05999999']) {
      expect(
        deliveryCharge(zones, { deliveryType: 'delivery', zipCode, itemsCents: 10_000 }),
      ).toEqual({ feeCents: 1500, zone: 'Centro' });
    }
  });

  it('given a delivery to a CEP of the second zone, then that zone’s fee', () => {
    expect(
      deliveryCharge([{ ...centro, zipCodeTo: '03999999' }, zonaSul], {
        deliveryType: 'delivery',
        zipCode: '04538133',
        itemsCents: 500,
      }),
    ).toEqual({ feeCents: 2000, zone: 'Zona Sul' });
  });

  it('given a delivery to a CEP just outside the range, or with no zones at all, then refused with the pt-BR message on the CEP', () => {
    for (const [given, zipCode] of [
      [zones, '06000000'],
      [[], '01310100'],
    ] as const) {
      rejectsWith(
        () => deliveryCharge(given, { deliveryType: 'delivery', zipCode, itemsCents: 20_000 }),
        'validation',
        shopMessages.outsideZones,
      );
    }
  });

  it('given items one centavo below the zone’s minimum, then refused naming it; at the minimum, charged', () => {
    rejectsWith(
      () =>
        deliveryCharge(zones, { deliveryType: 'delivery', zipCode: '01310100', itemsCents: 9_999 }),
      'validation',
      belowMinimumOrderMessage('Centro', 10_000),
    );
    expect(
      deliveryCharge(zones, { deliveryType: 'delivery', zipCode: '01310100', itemsCents: 10_000 }),
    ).toEqual({ feeCents: 1500, zone: 'Centro' });
  });
});
