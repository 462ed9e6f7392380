import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DAY_UNAVAILABLE_REASONS,
  DEFAULT_KITCHEN_SCHEDULE,
  KITCHEN_DAYS_COLLECTION,
  SCHEDULE_COLLECTION,
  SCHEDULE_PROJECTION,
  scheduleMessages,
  type AvailabilityDto,
  type KitchenDayDocument,
  type KitchenSchedule,
  type ScheduleDocument,
} from '@quitute/contracts';
import { ADMIN_ID, openAdminReads, type AdminReads } from '../admin/test-shop';

/**
 * GET /api/admin/schedule, GET /api/schedule and GET /api/schedule/availability
 * over real HTTP on the kitchen_schedule_v1 and kitchen_days_v1 documents as the
 * projections write them, on a fixed clock: Saturday 2026-11-28, 12:00 in São Paulo.
 */

const now = new Date('2026-11-28T15:00:00Z');

/** The Done-when calendar: the 25th closed for Natal, Saturday pickup 08:00–12:00, 1,000 units a day. */
const natal: KitchenSchedule = {
  ...structuredClone(DEFAULT_KITCHEN_SCHEDULE),
  dailyCapacityUnits: 1000,
  weekly: {
    ...structuredClone(DEFAULT_KITCHEN_SCHEDULE.weekly),
    pickup: {
      ...structuredClone(DEFAULT_KITCHEN_SCHEDULE.weekly.pickup),
      sat: [{ open: '08:00', close: '12:00' }],
    },
  },
  closedDates: [
    { date: '2026-11-20', reason: 'Consciência Negra' },
    { date: '2026-12-25', reason: 'Natal' },
  ],
};
const saved: ScheduleDocument = {
  _id: 'schedule',
  schedule: natal,
  updatedAt: '2026-11-27T15:30:00.000Z',
  updatedBy: ADMIN_ID,
  position: 41,
};
/** Saturday the 5th: 960 of its 1,000 units held. */
const saturday: KitchenDayDocument = {
  _id: '2026-12-05',
  reservedUnits: 960,
  position: 40,
};

let shop: AdminReads;
const calendar = () => shop.readStore.collection(SCHEDULE_COLLECTION);

beforeAll(async () => {
  shop = await openAdminReads({ projections: [SCHEDULE_PROJECTION], position: 41, now });
  await calendar().put(saved);
  await shop.readStore.collection(KITCHEN_DAYS_COLLECTION).put(saturday);
});
afterAll(() => shop?.close());

/** As a visitor: no token. */
const visit = (path: string) => shop.get(path, { token: null });

async function availability(query: string) {
  const response = await visit(`/api/schedule/availability?${query}`);
  const body = (await response.json()) as AvailabilityDto & { message?: string };
  return { status: response.status, body, response };
}
const dayOf = (body: AvailabilityDto, date: string) => body.days.find((day) => day.date === date);

describe('GET /api/schedule/availability', () => {
  it('given the Done-when calendar, when December is asked for pickup, then one entry per day: the 25th closed for Natal, Sundays closed, Saturday slots 08:00 to 11:00', async () => {
    const { status, body, response } = await availability(
      'from=2026-12-01&to=2026-12-31&deliveryType=pickup',
    );

    expect(status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(body).toMatchObject({
      from: '2026-12-01',
      to: '2026-12-31',
      deliveryType: 'pickup',
      leadDays: 2,
      horizonDays: 60,
      slotMinutes: 60,
    });
    expect(body.days.map((day) => day.date)).toHaveLength(31);
    expect(body.days[0]?.date).toBe('2026-12-01');
    expect(body.days.at(-1)?.date).toBe('2026-12-31');
    expect(dayOf(body, '2026-12-25')).toEqual({
      date: '2026-12-25',
      open: false,
      reason: 'Fechado (Natal)',
      slots: [],
      remainingUnits: 1000,
    });
    expect(dayOf(body, '2026-12-06')).toMatchObject({ open: false, reason: 'Fechado' });
    expect(dayOf(body, '2026-12-12')).toMatchObject({
      open: true,
      slots: [
        { start: '08:00', end: '09:00' },
        { start: '09:00', end: '10:00' },
        { start: '10:00', end: '11:00' },
        { start: '11:00', end: '12:00' },
      ],
      remainingUnits: 1000,
    });
    expect(dayOf(body, '2026-12-04')?.slots.map((slot) => slot.start)).toEqual([
      '09:00',
      '10:00',
      '11:00',
      '12:00',
      '13:00',
      '14:00',
      '15:00',
      '16:00',
      '17:00',
    ]);
  });

  it('given 960 of Saturday’s 1,000 units held, when the cart has 100 units, then Saturday reads Agenda cheia with 40 left; a cart of 40 still finds room', async () => {
    const full = await availability('from=2026-12-05&to=2026-12-05&deliveryType=pickup&units=100');
    expect(full.body.days).toEqual([
      { date: '2026-12-05', open: false, reason: 'Agenda cheia', slots: [], remainingUnits: 40 },
    ]);

    const fits = await availability('from=2026-12-05&to=2026-12-05&deliveryType=pickup&units=40');
    expect(fits.body.days[0]).toMatchObject({ open: true, remainingUnits: 40 });
  });

  it('given today, tomorrow and a date past the 60-day horizon, then none is offered, each saying why', async () => {
    const { body } = await availability('from=2026-11-27&to=2027-01-28&deliveryType=delivery');

    expect(dayOf(body, '2026-11-27')).toMatchObject({ open: false, reason: 'Data passada' });
    expect(dayOf(body, '2026-11-29')).toMatchObject({
      open: false,
      reason: 'Antes da antecedência mínima',
    });
    expect(dayOf(body, '2026-11-30')).toMatchObject({ open: true });
    expect(dayOf(body, '2027-01-27')).toMatchObject({ open: true });
    expect(dayOf(body, '2027-01-28')).toMatchObject({
      open: false,
      reason: 'Fora do período de agendamento',
    });
    // Delivery keeps Saturday 09:00–18:00: only pickup changed.
    expect(dayOf(body, '2026-12-12')?.slots[0]).toEqual({ start: '09:00', end: '10:00' });
  });

  it.each([
    ['93 days', 'from=2026-12-01&to=2027-03-03&deliveryType=pickup'],
    ['an end before the start', 'from=2026-12-10&to=2026-12-01&deliveryType=pickup'],
    ['no end', 'from=2026-12-01&deliveryType=pickup'],
    ['a date that is not one', 'from=2026-02-30&to=2026-03-01&deliveryType=pickup'],
  ])('given %s, then 400 with the range message', async (_case, query) => {
    const { status, body } = await availability(query);

    expect(status).toBe(400);
    expect(body.message).toBe(scheduleMessages.availabilityRangeInvalid);
  });

  it('given 92 days, then 92 entries', async () => {
    const { status, body } = await availability(
      'from=2026-12-01&to=2027-03-02&deliveryType=pickup',
    );
    expect(status).toBe(200);
    expect(body.days).toHaveLength(92);
  });

  it('given a range ending on 9999-12-31 (the last date of four digits), when a stranger asks for it, then 31 entries, all too far, and the shop still answers', async () => {
    const { status, body } = await availability(
      'from=9999-12-01&to=9999-12-31&deliveryType=pickup',
    );
    expect(status).toBe(200);
    expect(body.days).toHaveLength(31);
    expect(body.days.at(-1)).toMatchObject({
      date: '9999-12-31',
      open: false,
      reason: DAY_UNAVAILABLE_REASONS.tooFar,
    });
    expect((await availability('from=2026-12-05&to=2026-12-05&deliveryType=pickup')).status).toBe(
      200,
    );
  });

  it.each([
    ['no delivery type', 'from=2026-12-01&to=2026-12-02', 'Selecione um tipo de entrega/retirada.'],
    [
      'units that are no count',
      'from=2026-12-01&to=2026-12-02&deliveryType=pickup&units=-3',
      scheduleMessages.unitsInvalid,
    ],
  ])('given %s, then 400 in pt-BR', async (_case, query, message) => {
    const { status, body } = await availability(query);
    expect(status).toBe(400);
    expect(body.message).toBe(message);
  });

  it('given no calendar ever saved, then the default one: no capacity, Saturday 09:00–18:00', async () => {
    await calendar().delete('schedule');
    try {
      const { body } = await availability(
        'from=2026-12-05&to=2026-12-05&deliveryType=pickup&units=100',
      );
      expect(body.days[0]).toMatchObject({ open: true, remainingUnits: null });
      expect(body.days[0]?.slots[0]).toEqual({ start: '09:00', end: '10:00' });
    } finally {
      await calendar().put(saved);
    }
  });
});

describe('GET /api/schedule', () => {
  it('given the saved calendar, then a visitor gets its rules, the closed dates from today on and the hours in words, to revalidate on every page', async () => {
    const response = await visit('/api/schedule');

    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(await response.json()).toEqual({
      leadDays: 2,
      horizonDays: 60,
      slotMinutes: 60,
      kitUnits: 20,
      weekly: natal.weekly,
      closedDates: [{ date: '2026-12-25', reason: 'Natal' }],
      hoursText:
        'retirada: segunda a sexta, das 9h às 18h; sábado, das 8h às 12h; entregas: segunda a sábado, das 9h às 18h',
    });
  });
});

describe('GET /api/admin/schedule', () => {
  it('given the saved calendar, then the admin gets the whole document, when and by whom, at the calendar’s position', async () => {
    const { body, position, response } = await shop.read('/api/admin/schedule');

    expect(body).toEqual({
      ...natal,
      updatedAt: '2026-11-27T15:30:00.000Z',
      updatedBy: ADMIN_ID,
      position: 41,
    });
    expect(position).toBe(41);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });

  it('given no calendar ever saved, then the default one, by nobody, at position 0', async () => {
    await calendar().delete('schedule');
    try {
      const { body } = await shop.read('/api/admin/schedule');
      expect(body).toEqual({
        ...DEFAULT_KITCHEN_SCHEDULE,
        updatedAt: null,
        updatedBy: null,
        position: 0,
      });
    } finally {
      await calendar().put(saved);
    }
  });

  it('given X-Min-Position from the admin’s PUT, then the read waits for it first', async () => {
    shop.waits.length = 0;
    await shop.get('/api/admin/schedule', { headers: { 'X-Min-Position': '41' } });
    expect(shop.waits).toEqual([41]);
  });

  it.each([
    ['no token', 401, null],
    ['a customer’s token', 403, 'customer'],
  ])('given %s, then %i and no calendar', async (_case, status, who) => {
    const response = await shop.get('/api/admin/schedule', {
      token: who === 'customer' ? shop.customerToken : null,
    });

    expect(response.status).toBe(status);
    expect(await response.text()).not.toContain('leadDays');
  });
});
