import {
  addDays,
  DEFAULT_HORIZON_DAYS,
  DEFAULT_KIT_UNITS,
  MAX_AVAILABILITY_DAYS,
  MIN_LEAD_DAYS,
  shopDate,
  type AvailabilityDay,
  type DeliveryType,
} from '@quitute/contracts';
import { useEffect, useEffectEvent, useId } from 'react';
import { errorMessage } from '../../../api/errors';
import { useGetAvailabilityQuery, useGetScheduleQuery } from '../../../api/schedule-api';
import buttons from '../../../components/button.module.css';
import { FormField } from '../../../components/form-field';
import forms from '../../../components/form.module.css';
import type { calendarDay } from '../model/checkout-validation';
import styles from './checkout-page.module.css';

export const AVAILABILITY_FAILED = 'Não foi possível carregar os horários disponíveis.';

/** The calendar's rules the field needs (checkout-validation.ts, loaded on the form's first focus). */
export interface CalendarRules {
  cartUnits: (lines: readonly { category: string; quantity: number }[], kitUnits: number) => number;
  calendarDay: typeof calendarDay;
}

function slotLabel(slot: { start: string; end: string }): string {
  return `${slot.start} – ${slot.end}`;
}

export interface DeliverySlotFieldProps {
  deliveryType: DeliveryType | '';
  /** The day chosen, `YYYY-MM-DD`. */
  date: string;
  /** The start of the slot chosen, `HH:mm`. */
  time: string;
  /** The cart's lines: their units for the kitchen ask only for days with room for them. */
  lines: readonly { category: string; quantity: number }[];
  /** The rules, once loaded: the availability is asked for with the cart's units they count. */
  rules: CalendarRules | null;
  error: string | undefined;
  onDateChange: (date: string) => void;
  onTimeChange: (time: string) => void;
}

/**
 * The checkout's date and time (issue 40): a date between the calendar's
 * lead time and horizon, and a select of that day's open slots for the
 * chosen delivery type, from GET /api/schedule/availability (with the cart's
 * units, so a day without room reads 'Agenda cheia'). A day that cannot be
 * chosen says why beside it and offers no slot. When the availability cannot
 * be read, the calendar's own hours are offered (the server still decides)
 * and the customer may ask again.
 */
export function DeliverySlotField({
  deliveryType,
  date,
  time,
  lines,
  rules,
  error,
  onDateChange,
  onTimeChange,
}: DeliverySlotFieldProps) {
  const selectId = useId();
  const now = new Date();
  const today = shopDate(now);
  const schedule = useGetScheduleQuery(undefined);
  const scheduleKnown = schedule.data !== undefined || schedule.isError;
  const leadDays = schedule.data?.leadDays ?? MIN_LEAD_DAYS;
  const horizonDays = schedule.data?.horizonDays ?? DEFAULT_HORIZON_DAYS;
  const units = rules?.cartUnits(lines, schedule.data?.kitUnits ?? DEFAULT_KIT_UNITS) ?? 0;
  const availability = useGetAvailabilityQuery(
    {
      from: today,
      to: addDays(today, Math.min(horizonDays, MAX_AVAILABILITY_DAYS - 1)),
      deliveryType: deliveryType || 'pickup',
      units,
    },
    { skip: deliveryType === '' || !scheduleKnown || rules === null },
  );

  // Other customers book the days meanwhile: each day chosen is asked about afresh
  // (its units left), not read from what the page learnt when it opened.
  const refreshAvailability = useEffectEvent(() => {
    if (availability.isSuccess) void availability.refetch();
  });
  useEffect(() => {
    if (date) refreshAvailability();
  }, [date]);

  let day: AvailabilityDay | undefined;
  if (date && deliveryType) {
    day = availability.currentData?.days.find((entry) => entry.date === date);
    if (!day && availability.isError && rules) {
      day = rules.calendarDay(schedule.data, { date, kind: deliveryType }, now);
    }
  }
  const slots = day?.open ? day.slots : null;

  // A slot the day no longer offers (another delivery type, fewer units left) is not kept.
  const dropTime = useEffectEvent(() => onTimeChange(''));
  const known = day !== undefined;
  const offered = slots?.some((slot) => slot.start === time) ?? false;
  useEffect(() => {
    if (known && time && !offered) dropTime();
  }, [known, time, offered]);

  let placeholder = 'Selecione um horário';
  if (deliveryType === '') placeholder = 'Escolha antes a entrega ou retirada';
  else if (!date) placeholder = 'Escolha antes a data';
  else if (!known) placeholder = 'Carregando horários...';
  else if (!slots) placeholder = 'Nenhum horário nesta data';

  return (
    <fieldset className={styles.when}>
      <legend className={styles.legend}>Data e hora</legend>
      <FormField
        label="Data"
        type="date"
        name="deliveryDate"
        min={addDays(today, leadDays)}
        max={addDays(today, horizonDays)}
        value={date}
        error={error}
        hint={day && !day.open ? <span className={styles.dayReason}>{day.reason}</span> : null}
        onChange={(event) => onDateChange(event.target.value)}
      />
      <div className={forms.field}>
        <label className={forms.label} htmlFor={selectId}>
          Horário
        </label>
        <select
          id={selectId}
          name="deliveryTime"
          className={forms.input}
          value={offered ? time : ''}
          disabled={!slots}
          onChange={(event) => onTimeChange(event.target.value)}
        >
          <option value="">{placeholder}</option>
          {(slots ?? []).map((slot) => (
            <option key={slot.start} value={slot.start}>
              {slotLabel(slot)}
            </option>
          ))}
        </select>
      </div>
      {availability.isError ? (
        <div className={styles.availabilityProblem} role="alert">
          <p>{errorMessage(availability.error, AVAILABILITY_FAILED)}</p>
          <button
            type="button"
            className={buttons.secondary}
            onClick={() => void availability.refetch()}
          >
            Tentar novamente
          </button>
        </div>
      ) : null}
    </fieldset>
  );
}
