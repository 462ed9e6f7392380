import type { DeliveryType } from '../ordering/constants';
import {
  CLOSED_REASON_MAX_LENGTH,
  MAX_AVAILABILITY_DAYS,
  MAX_CLOSED_DATES,
  MAX_RANGES_PER_DAY,
  SCHEDULE_WEEKDAY_LABELS,
  WEEKDAY_PLURALS,
  type Weekday,
} from './constants';

/** 'dd/MM/yyyy' of a `YYYY-MM-DD` date. */
export function formatDateBR(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day ?? ''}/${month ?? ''}/${year ?? ''}`;
}

const KIND_LABELS: Record<DeliveryType, string> = { pickup: 'Retirada', delivery: 'Entrega' };
const KIND_NOUNS: Record<DeliveryType, string> = { pickup: 'a retirada', delivery: 'a entrega' };
const KIND_PLURALS: Record<DeliveryType, string> = { pickup: 'retiradas', delivery: 'entregas' };

/** Texts of the kitchen's calendar (issue 40), in pt-BR. */
export const scheduleMessages = {
  saved: 'Agenda salva com sucesso!',
  leadDaysInvalid: 'Antecedência mínima inválida: de 2 a 60 dias.',
  horizonDaysInvalid:
    'Prazo máximo de agendamento inválido: de 2 a 365 dias, e não menor que a antecedência mínima.',
  slotMinutesInvalid:
    'Duração do horário inválida: escolha 15, 30, 60, 90, 120, 180 ou 240 minutos.',
  capacityInvalid:
    'Capacidade diária inválida: um número inteiro de 1 a 1.000.000 unidades, ou em branco para ilimitada.',
  kitUnitsInvalid: 'Unidades por kit inválidas: um número inteiro de 1 a 1.000.',
  weeklyInvalid: 'Horários semanais inválidos: informe os horários de retirada e de entrega.',
  tooManyRanges: `No máximo ${MAX_RANGES_PER_DAY} períodos por dia.`,
  closedDateInvalid: 'Data de fechamento inválida: use uma data real, no formato AAAA-MM-DD.',
  closedReasonTooLong: `O motivo do fechamento deve ter no máximo ${CLOSED_REASON_MAX_LENGTH} caracteres.`,
  tooManyClosedDates: `No máximo ${MAX_CLOSED_DATES} datas de fechamento.`,
  availabilityRangeInvalid: `Período inválido: informe as datas de início e de fim (AAAA-MM-DD), com no máximo ${MAX_AVAILABILITY_DAYS} dias.`,
  unitsInvalid: 'Quantidade de unidades inválida.',
  productionDateInvalid: 'Data inválida: use uma data real, no formato AAAA-MM-DD.',
} as const;

/** Why a day cannot be chosen, as the checkout shows it beside the day. */
export const DAY_UNAVAILABLE_REASONS = {
  closed: 'Fechado',
  full: 'Agenda cheia',
  past: 'Data passada',
  tooSoon: 'Antes da antecedência mínima',
  tooFar: 'Fora do período de agendamento',
} as const;

/** 'Retirada, Sábado: use horários no formato HH:MM, de 00:00 a 23:59.' */
export function timeInvalidMessage(kind: DeliveryType, day: Weekday): string {
  return `${KIND_LABELS[kind]}, ${SCHEDULE_WEEKDAY_LABELS[day]}: use horários no formato HH:MM, de 00:00 a 23:59.`;
}

/** 'Retirada, Sábado: o fechamento (08:00) deve ser depois da abertura (12:00).' */
export function rangeReversedMessage(
  kind: DeliveryType,
  day: Weekday,
  range: { open: string; close: string },
): string {
  return `${KIND_LABELS[kind]}, ${SCHEDULE_WEEKDAY_LABELS[day]}: o fechamento (${range.close}) deve ser depois da abertura (${range.open}).`;
}

/** 'Retirada, Sábado: os períodos das 08:00 às 12:00 e das 11:00 às 14:00 se sobrepõem.' */
export function rangesOverlapMessage(
  kind: DeliveryType,
  day: Weekday,
  first: { open: string; close: string },
  second: { open: string; close: string },
): string {
  return `${KIND_LABELS[kind]}, ${SCHEDULE_WEEKDAY_LABELS[day]}: os períodos das ${first.open} às ${first.close} e das ${second.open} às ${second.close} se sobrepõem.`;
}

/** 'Retirada, Sábado: o período das 11:00 às 11:30 é mais curto que um horário de 60 minutos.' */
export function rangeShorterThanSlotMessage(
  kind: DeliveryType,
  day: Weekday,
  range: { open: string; close: string },
  slotMinutes: number,
): string {
  return `${KIND_LABELS[kind]}, ${SCHEDULE_WEEKDAY_LABELS[day]}: o período das ${range.open} às ${range.close} é mais curto que um horário de ${slotMinutes} minutos.`;
}

/** 'A data 25/12/2026 aparece mais de uma vez nos fechamentos.' */
export function closedDateRepeatedMessage(date: string): string {
  return `A data ${formatDateBR(date)} aparece mais de uma vez nos fechamentos.`;
}

/** Checkout, 400: 'Aceitamos pedidos com até 60 dias de antecedência: escolha uma data até 26/01/2027.' */
export function beyondHorizonMessage(horizonDays: number, latest: string): string {
  return `Aceitamos pedidos com até ${horizonDays} dias de antecedência: escolha uma data até ${formatDateBR(latest)}.`;
}

/** Checkout, 400: 'Não abrimos em 25/12/2026 (Natal). Escolha outra data.' */
export function closedDateMessage(date: string, reason?: string): string {
  return `Não abrimos em ${formatDateBR(date)}${reason ? ` (${reason})` : ''}. Escolha outra data.`;
}

/** Checkout, 400: 'Não fazemos retiradas aos domingos. Escolha outra data.' */
export function closedWeekdayMessage(kind: DeliveryType, day: Weekday): string {
  return `Não fazemos ${KIND_PLURALS[kind]} ${WEEKDAY_PLURALS[day]}. Escolha outra data.`;
}

/** Checkout, 400: 'Horário indisponível: em 05/12/2026 a retirada é das 8h às 12h. Escolha um dos horários oferecidos.' */
export function outsideHoursMessage(kind: DeliveryType, date: string, hours: string): string {
  return `Horário indisponível: em ${formatDateBR(date)} ${KIND_NOUNS[kind]} é ${hours}. Escolha um dos horários oferecidos.`;
}

/** Checkout, 409: 'Agenda cheia em 05/12/2026: restam 40 unidades para esse dia. Escolha outra data ou diminua o pedido.' */
export function dayFullMessage(date: string, remainingUnits: number): string {
  if (remainingUnits <= 0) return `Agenda cheia em ${formatDateBR(date)}. Escolha outra data.`;
  const left = remainingUnits === 1 ? 'resta 1 unidade' : `restam ${remainingUnits} unidades`;
  return `Agenda cheia em ${formatDateBR(date)}: ${left} para esse dia. Escolha outra data ou diminua o pedido.`;
}
