import { describe, expect, it } from 'vitest';
import { customOrderMessages, type CustomOrderEvent } from '@quitute/contracts';
import { deciderSpec, rejectsWith } from '../shared/decider-testing';
import { customOrderDecider, type RequestCustomOrder } from './decider';

const requestId = '5e1f2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a4b';
const customerId = '0b6f1c2e-4d3a-4e5f-8a9b-1c2d3e4f5a6b';

const request = (overrides: Partial<RequestCustomOrder> = {}): RequestCustomOrder => ({
  type: 'RequestCustomOrder',
  requestId,
  name: 'Marina Souza',
  email: 'marina@example.com',
  phone: '11987654321',
  eventDate: '2026-12-05',
  details: 'Aniversário de 40 anos, 80 convidados.',
  today: '2026-11-28',
  ...overrides,
});
const requested = (by?: string): CustomOrderEvent => ({
  type: 'CustomOrderRequested',
  data: {
    requestId,
    name: 'Marina Souza',
    email: 'marina@example.com',
    phone: '11987654321',
    eventDate: '2026-12-05',
    details: 'Aniversário de 40 anos, 80 convidados.',
    ...(by ? { customerId: by } : {}),
  },
});

const given = deciderSpec(customOrderDecider);

describe('custom order decider', () => {
  it('given no request, when a visitor asks, then CustomOrderRequested with her contact and no customer', () => {
    expect(given([]).when(request())()).toEqual([requested()]);
  });

  it('given a signed-in customer, when she asks, then her id is on the request', () => {
    expect(given([]).when(request({ customerId }))()).toEqual([requested(customerId)]);
  });

  it('given an event today in the shop’s day, then it is accepted (spec §5)', () => {
    expect(given([]).when(request({ eventDate: '2026-11-28' }))()).toHaveLength(1);
  });

  it('given an event before today, then refused with the spec’s message', () => {
    rejectsWith(
      given([]).when(request({ eventDate: '2026-11-27' })),
      'validation',
      customOrderMessages.pastDate,
    );
  });

  it('given an event two years ahead, then accepted; a day past that, refused with its own message', () => {
    expect(given([]).when(request({ eventDate: '2028-11-28' }))()).toHaveLength(1);
    rejectsWith(
      given([]).when(request({ eventDate: '2028-11-30' })),
      'validation',
      customOrderMessages.tooFarAhead,
    );
    rejectsWith(
      given([]).when(request({ eventDate: '9999-12-31' })),
      'validation',
      customOrderMessages.tooFarAhead,
    );
  });

  it('given the request on record, when the same id comes again, then nothing new', () => {
    expect(given([requested()]).when(request())()).toEqual([]);
  });
});
