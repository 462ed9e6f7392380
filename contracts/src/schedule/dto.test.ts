import { describe, expect, it } from 'vitest';
import { DEFAULT_KITCHEN_SCHEDULE } from './constants';
import { availabilityQuerySchema, kitchenScheduleBodySchema } from './dto';

const body = () =>
  structuredClone(DEFAULT_KITCHEN_SCHEDULE) as Record<string, unknown> &
    typeof DEFAULT_KITCHEN_SCHEDULE;
const messagesOf = (input: unknown) => {
  const result = kitchenScheduleBodySchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message).sort();
};

describe('PUT /api/admin/schedule body', () => {
  it('given the default calendar, then it parses as it is', () => {
    expect(kitchenScheduleBodySchema.parse(body())).toEqual(DEFAULT_KITCHEN_SCHEDULE);
  });

  it('given a lead time below the spec’s two days, then it is refused in pt-BR', () => {
    expect(messagesOf({ ...body(), leadDays: 1 })).toEqual([
      'Antecedência mínima inválida: de 2 a 60 dias.',
    ]);
  });

  it('given a reversed, an overlapping and a too-short range, then each is named', () => {
    const input = body();
    input.weekly.pickup.sat = [{ open: '12:00', close: '08:00' }];
    input.weekly.pickup.fri = [
      { open: '08:00', close: '12:00' },
      { open: '11:00', close: '14:00' },
    ];
    input.weekly.delivery.mon = [{ open: '11:00', close: '11:30' }];
    expect(messagesOf(input)).toEqual([
      'Entrega, Segunda: o período das 11:00 às 11:30 é mais curto que um horário de 60 minutos.',
      'Retirada, Sexta: os períodos das 08:00 às 12:00 e das 11:00 às 14:00 se sobrepõem.',
      'Retirada, Sábado: o fechamento (08:00) deve ser depois da abertura (12:00).',
    ]);
  });

  it('given a repeated closed date and a date that does not exist, then both are refused', () => {
    expect(
      messagesOf({
        ...body(),
        closedDates: [
          { date: '2026-12-25', reason: 'Natal' },
          { date: '2026-12-25' },
          { date: '2026-02-30' },
        ],
      }),
    ).toEqual([
      'A data 25/12/2026 aparece mais de uma vez nos fechamentos.',
      'Data de fechamento inválida: use uma data real, no formato AAAA-MM-DD.',
    ]);
    expect(
      messagesOf({ ...body(), closedDates: [{ date: '2026-12-25' }, { date: '2026-12-25' }] }),
    ).toEqual(['A data 25/12/2026 aparece mais de uma vez nos fechamentos.']);
  });

  it('given null capacity, then it is unlimited; given 0, then it is refused', () => {
    expect(
      kitchenScheduleBodySchema.parse({ ...body(), dailyCapacityUnits: null }).dailyCapacityUnits,
    ).toBeNull();
    expect(messagesOf({ ...body(), dailyCapacityUnits: 0 })).toHaveLength(1);
  });
});

describe('GET /api/schedule/availability query', () => {
  it('given 92 days, then it parses; given 93, then it is refused', () => {
    expect(
      availabilityQuerySchema.safeParse({
        from: '2026-12-01',
        to: '2027-03-02',
        deliveryType: 'pickup',
      }).success,
    ).toBe(true);
    expect(
      availabilityQuerySchema.safeParse({
        from: '2026-12-01',
        to: '2027-03-03',
        deliveryType: 'pickup',
      }).success,
    ).toBe(false);
  });
});
