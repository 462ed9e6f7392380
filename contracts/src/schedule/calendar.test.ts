import { describe, expect, it } from 'vitest';
import { DEFAULT_KITCHEN_SCHEDULE } from './constants';
import {
  dayAvailability,
  firstBookableSlot,
  deliveryTimeRefusal,
  orderUnits,
  scheduleHoursText,
  slotAt,
  weekHoursText,
  weekdayOf,
} from './calendar';
import type { KitchenSchedule } from './events';

// 2026-11-28 is a Saturday; 12:00 in São Paulo.
const now = new Date('2026-11-28T15:00:00Z');
const schedule: KitchenSchedule = {
  ...DEFAULT_KITCHEN_SCHEDULE,
  dailyCapacityUnits: 1000,
  weekly: {
    ...DEFAULT_KITCHEN_SCHEDULE.weekly,
    pickup: { ...DEFAULT_KITCHEN_SCHEDULE.weekly.pickup, sat: [{ open: '08:00', close: '12:00' }] },
  },
  closedDates: [{ date: '2026-12-25', reason: 'Natal' }],
};

describe('the kitchen calendar', () => {
  it('given dates, when asked their weekday, then Monday is mon and Sunday sun', () => {
    expect(weekdayOf('2026-11-30')).toBe('mon');
    expect(weekdayOf('2026-12-05')).toBe('sat');
    expect(weekdayOf('2026-12-06')).toBe('sun');
  });

  it('given Saturday pickup 08:00–12:00 in 60-minute slots, then its slots start 08:00 to 11:00', () => {
    const day = dayAvailability(
      schedule,
      { date: '2026-12-05', kind: 'pickup', reservedUnits: 0 },
      now,
    );
    expect(day.open).toBe(true);
    expect(day.slots.map((slot) => slot.start)).toEqual(['08:00', '09:00', '10:00', '11:00']);
    expect(day.slots.at(-1)?.end).toBe('12:00');
    expect(slotAt(schedule, 'pickup', '2026-12-05', '11:30')).toEqual({
      start: '11:00',
      end: '12:00',
    });
    expect(slotAt(schedule, 'pickup', '2026-12-05', '12:00')).toBeNull();
  });

  it('given a checkout time, when it is at 03:00, on the 25th, on a Sunday or 61 days ahead, then each is refused with its own message', () => {
    const refusal = (date: string, time: string) =>
      deliveryTimeRefusal(schedule, 'pickup', { date, time }, now);
    expect(refusal('2026-12-04', '03:00')).toBe(
      'Horário indisponível: em 04/12/2026 a retirada é das 9h às 18h. Escolha um dos horários oferecidos.',
    );
    expect(refusal('2026-12-25', '10:00')).toBe(
      'Não abrimos em 25/12/2026 (Natal). Escolha outra data.',
    );
    expect(refusal('2026-12-06', '10:00')).toBe(
      'Não fazemos retiradas aos domingos. Escolha outra data.',
    );
    expect(refusal('2027-01-28', '10:00')).toBe(
      'Aceitamos pedidos com até 60 dias de antecedência: escolha uma data até 27/01/2027.',
    );
    expect(refusal('2026-11-29', '10:00')).toBe('A data deve ser no mínimo 30/11/2026.');
    expect(refusal('2026-12-05', '08:00')).toBeNull();
  });

  it('given a day with 1,000 units of which 960 are held, then an order of 100 finds it full and one of 40 does not', () => {
    const day = (units: number) =>
      dayAvailability(
        schedule,
        { date: '2026-12-05', kind: 'pickup', reservedUnits: 960, units },
        now,
      );
    expect(day(100)).toMatchObject({ open: false, reason: 'Agenda cheia', remainingUnits: 40 });
    expect(day(40)).toMatchObject({ open: true, remainingUnits: 40 });
  });

  it('given the 25th closed for Natal and a past day, then neither is offered and each says why', () => {
    const day = (date: string) =>
      dayAvailability(schedule, { date, kind: 'pickup', reservedUnits: 0 }, now);
    expect(day('2026-12-25')).toMatchObject({ open: false, reason: 'Fechado (Natal)', slots: [] });
    expect(day('2026-11-27')).toMatchObject({ open: false, reason: 'Data passada' });
    expect(day('2026-12-06')).toMatchObject({ open: false, reason: 'Fechado' });
  });

  it('given kits, when counting an order, then a kit counts as the calendar says', () => {
    expect(
      orderUnits(
        [
          { category: 'Salgados', quantity: 100 },
          { category: 'Kits Festa', quantity: 2 },
        ],
        20,
      ),
    ).toBe(140);
  });

  it('given the weekly hours, then they read as the chatbot says them', () => {
    expect(weekHoursText(DEFAULT_KITCHEN_SCHEDULE.weekly.pickup)).toBe(
      'segunda a sábado, das 9h às 18h',
    );
    expect(scheduleHoursText(schedule)).toBe(
      'retirada: segunda a sexta, das 9h às 18h; sábado, das 8h às 12h; entregas: segunda a sábado, das 9h às 18h',
    );
  });
});

describe('the first bookable slot', () => {
  it('given a Saturday, when the earliest date is a Monday, then it is that Monday at 09:00', () => {
    expect(firstBookableSlot(schedule, 'pickup', now)).toEqual({
      date: '2026-11-30',
      slot: { start: '09:00', end: '10:00' },
      deliveryDate: '2026-11-30T09:00',
    });
  });

  it('given a Sunday asked for, then the next open day is given', () => {
    expect(firstBookableSlot(schedule, 'pickup', now, '2026-12-06')?.date).toBe('2026-12-07');
  });

  it('given a calendar closed every day, then there is none', () => {
    const closed = Object.fromEntries(
      Object.keys(schedule.weekly.pickup).map((day) => [day, []]),
    ) as unknown as KitchenSchedule['weekly']['pickup'];
    expect(
      firstBookableSlot(
        { ...schedule, weekly: { ...schedule.weekly, pickup: closed } },
        'pickup',
        now,
      ),
    ).toBeNull();
  });
});
