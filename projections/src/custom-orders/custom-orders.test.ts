import { describe, expect, it } from 'vitest';
import { customOrderStreamName, type CustomOrderEvent } from '@quitute/contracts';
import { project } from '../testing';
import { customOrdersProjection } from './custom-orders';

const requestId = '5e1f2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a4b';
const ana = '0b6f1c2e-4d3a-4e5f-8a9b-1c2d3e4f5a6b';

const requested = (customerId?: string): CustomOrderEvent => ({
  type: 'CustomOrderRequested',
  data: {
    requestId,
    name: 'Marina Souza',
    email: 'marina@example.com',
    phone: '11987654321',
    eventDate: '2026-12-05',
    details: 'Aniversário de 40 anos.',
    ...(customerId ? { customerId } : {}),
  },
});

/** Given these events of one request, then this document (event n at position n, noon + n s). */
const given = (events: CustomOrderEvent[]) =>
  project(customOrdersProjection, events, {
    streamName: customOrderStreamName(requestId),
    documentId: requestId,
  });

describe('custom orders projection', () => {
  it('given a visitor’s CustomOrderRequested, then her contact, the event day, when it came, and no customer', () => {
    expect(given([requested()])).toEqual({
      _id: requestId,
      name: 'Marina Souza',
      email: 'marina@example.com',
      phone: '11987654321',
      eventDate: '2026-12-05',
      details: 'Aniversário de 40 anos.',
      customerId: null,
      requestedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      requestedPosition: 1,
    });
  });

  it('given a signed-in customer’s request, then her id', () => {
    expect(given([requested(ana)])).toMatchObject({ customerId: ana });
  });
});
