import { describe, expect, it } from 'vitest';
import { kitchenDayStreamName, type KitchenDayEvent } from '@quitute/contracts';
import type { ReadDocument } from '@quitute/infra/read-store';
import { recordedAt } from '@quitute/infra/testing';
import { kitchenDaysProjection } from './kitchen-days';

const first = '6f1c1e7a-2b3c-4d5e-8f90-a1b2c3d4e5f6';
const second = '7a2d2f8b-3c4d-4e5f-9a01-b2c3d4e5f6a7';
const date = '2026-12-05';

const reserved = (
  orderId: string,
  units: number,
  reservedUnits: number,
  checkoutAttempt = 'attempt-1',
): KitchenDayEvent => ({
  type: 'KitchenDayUnitsReserved',
  data: { date, orderId, units, checkoutAttempt, reservedUnits, capacityUnits: 1000 },
});
const released = (orderId: string, units: number, reservedUnits: number): KitchenDayEvent => ({
  type: 'KitchenDayUnitsReleased',
  data: { date, orderId, units, reason: 'order_cancelled', reservedUnits },
});

/** Given these events of the day's stream (event n at position n), then this document. */
function given(events: KitchenDayEvent[]): ReadDocument | null {
  return events.reduce<ReadDocument | null>((document, event, index) => {
    const routed = kitchenDaysProjection.route(
      recordedAt(event, index + 1, kitchenDayStreamName(date)),
    );
    expect(routed.documentId).toBe(date);
    return routed.evolve(document);
  }, null);
}

describe('kitchen days projection', () => {
  it('given two orders held units of Saturday, then the day holds both, as the stream counted them', () => {
    expect(given([reserved(first, 100, 100), reserved(second, 860, 960)])).toEqual({
      _id: date,
      reservedUnits: 960,
      position: 2,
    });
  });

  it('given a retried checkout took the first order’s hold over, then it is counted once', () => {
    expect(
      given([reserved(first, 100, 100), reserved(first, 100, 100, 'attempt-2')]),
    ).toMatchObject({ reservedUnits: 100 });
  });

  it('given the first order was then cancelled, then its units went back and it holds none', () => {
    expect(
      given([reserved(first, 100, 100), reserved(second, 860, 960), released(first, 100, 860)]),
    ).toEqual({ _id: date, reservedUnits: 860, position: 3 });
  });
});
