import {
  addDays,
  formatDateBR,
  kitchenScheduleBodySchema,
  SCHEDULE_WEEKDAY_LABELS,
  scheduleMessages,
  shopDate,
  SLOT_MINUTES_OPTIONS,
  WEEKDAYS,
  type AdminScheduleDto,
  type DeliveryType,
  type Weekday,
} from '@quitute/contracts';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/errors';
import buttons from '../../../components/button.module.css';
import { FormField } from '../../../components/form-field';
import forms from '../../../components/form.module.css';
import { PageLoading } from '../../../components/page-loading';
import styles from '../components/admin.module.css';
import { isAdmin, useAdminSession } from '../components/admin-session';
import { MessageDialog } from '../components/message-dialog';
import { FormError, PageRefused, PageTitle } from '../components/page-parts';
import { useOutcome } from '../hooks/use-outcome';
import { formatDayTime } from '../model/admin-format';
import { adminTexts, scheduleTexts as texts } from '../model/admin-texts';
import {
  useGetAdminScheduleQuery,
  useGetNextDaysQuery,
  useSaveScheduleMutation,
} from './schedule-api';
import {
  bodyOf,
  emptyClosedDate,
  emptyRange,
  formOf,
  type ClosedRow,
  type NumberField,
  type RangeRow,
  type ScheduleForm,
} from './schedule-form';
import page from './schedule.module.css';

/** The weeks as the kitchen thinks of them: the counter's pickups first, then deliveries. */
const WEEK_KINDS = ['pickup', 'delivery'] as const satisfies readonly DeliveryType[];

const NEXT_DAYS = 14;

function WeekEditor({
  kind,
  form,
  onChange,
}: {
  kind: DeliveryType;
  form: ScheduleForm;
  onChange: (day: Weekday, ranges: RangeRow[]) => void;
}) {
  const kindLabel = texts.kindLabel[kind];
  const headingId = `agenda-${kind}`;
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {texts.weekTitle[kind]}
      </h2>
      <ul className={page.week}>
        {WEEKDAYS.map((day) => {
          const dayLabel = SCHEDULE_WEEKDAY_LABELS[day];
          const ranges = form.weekly[kind][day];
          return (
            <li key={day} className={page.day}>
              <span className={page.dayName}>{dayLabel}</span>
              <div className={page.ranges}>
                {ranges.length === 0 ? <span className={page.closed}>{texts.closed}</span> : null}
                {ranges.map((range, index) => (
                  <div key={range.key} className={page.range}>
                    <input
                      type="time"
                      className={forms.input}
                      aria-label={texts.rangeLabel(kindLabel, dayLabel, index, texts.open)}
                      value={range.open}
                      onChange={(event) =>
                        onChange(
                          day,
                          ranges.map((row) =>
                            row.key === range.key ? { ...row, open: event.target.value } : row,
                          ),
                        )
                      }
                    />
                    <span aria-hidden="true">–</span>
                    <input
                      type="time"
                      className={forms.input}
                      aria-label={texts.rangeLabel(kindLabel, dayLabel, index, texts.close)}
                      value={range.close}
                      onChange={(event) =>
                        onChange(
                          day,
                          ranges.map((row) =>
                            row.key === range.key ? { ...row, close: event.target.value } : row,
                          ),
                        )
                      }
                    />
                    <button
                      type="button"
                      className={buttons.ghost}
                      aria-label={texts.removeRangeLabel(kindLabel, dayLabel, index)}
                      onClick={() =>
                        onChange(
                          day,
                          ranges.filter((row) => row.key !== range.key),
                        )
                      }
                    >
                      {texts.removeRange}
                    </button>
                  </div>
                ))}
              </div>
              <button
                type="button"
                className={buttons.secondary}
                aria-label={texts.addRangeLabel(kindLabel, dayLabel)}
                onClick={() => onChange(day, [...ranges, emptyRange()])}
              >
                {texts.addRange}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * The next 14 days for a pickup, with what is left of each (GET
 * /api/schedule/availability), asked again after each save (`after`).
 */
function NextDays({ after }: { after: number }) {
  const today = shopDate(new Date());
  const availability = useGetNextDaysQuery({
    from: today,
    to: addDays(today, NEXT_DAYS - 1),
    after,
  });
  let body = null;
  if (availability.data) {
    body = (
      <ul className={page.nextDays}>
        {availability.data.days.map((day) => (
          <li key={day.date} className={page.nextDay}>
            <strong>{formatDateBR(day.date)}</strong>
            <span>{day.open ? texts.slotsCount(day.slots.length) : day.reason}</span>
            <span className={styles.muted}>{texts.remaining(day.remainingUnits)}</span>
          </li>
        ))}
      </ul>
    );
  } else if (availability.error) {
    body = <FormError>{errorMessage(availability.error, texts.nextDaysFailed)}</FormError>;
  } else body = <PageLoading label={texts.loading} />;
  return (
    <section className={styles.panel} aria-labelledby="agenda-proximos">
      <h2 id="agenda-proximos" className={styles.sectionTitle}>
        {texts.nextDays}
      </h2>
      <p className={styles.note}>{texts.nextDaysHint}</p>
      {body}
    </section>
  );
}

function LastChange({ schedule, me }: { schedule: AdminScheduleDto; me: string | undefined }) {
  if (!schedule.updatedAt) return <p className={styles.note}>{texts.neverSaved}</p>;
  let author = schedule.updatedBy;
  if (author && author === me) author = texts.you;
  return (
    <p className={styles.note}>
      {texts.lastChange} {formatDayTime(schedule.updatedAt)}
      {author ? ` ${texts.by} ${author}` : ''}
    </p>
  );
}

/** The form over the whole calendar; what the admin typed stays until a save succeeds. */
function ScheduleEditor({ initial, me }: { initial: AdminScheduleDto; me: string | undefined }) {
  const [form, setForm] = useState<ScheduleForm>(() => formOf(initial));
  const [saved, setSaved] = useState<AdminScheduleDto>(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [save, { isLoading: saving }] = useSaveScheduleMutation();
  const { outcome, show, clear } = useOutcome();

  const change = (next: (current: ScheduleForm) => ScheduleForm) => {
    setForm(next);
    setProblem(null);
  };
  const bindNumber = (field: NumberField) => ({
    name: field,
    inputMode: 'numeric' as const,
    value: form[field],
    onChange: (event: { target: { value: string } }) => {
      const { value } = event.target;
      change((current) => ({ ...current, [field]: value }));
    },
  });
  const changeWeek = (kind: DeliveryType) => (day: Weekday, ranges: RangeRow[]) =>
    change((current) => ({
      ...current,
      weekly: { ...current.weekly, [kind]: { ...current.weekly[kind], [day]: ranges } },
    }));
  const changeClosed = (closedDates: ClosedRow[]) =>
    change((current) => ({ ...current, closedDates }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const body = bodyOf(form);
    const checked = kitchenScheduleBodySchema.safeParse(body);
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? texts.saveFailed);
      return;
    }
    const result = await save(body);
    if (result.error) {
      setProblem(errorMessage(result.error, texts.saveFailed));
      return;
    }
    const { message, ...schedule } = result.data;
    setProblem(null);
    setForm(formOf(schedule));
    setSaved(schedule);
    show('success', message || scheduleMessages.saved);
  };

  return (
    <>
      <LastChange schedule={saved} me={me} />
      <form
        className={page.form}
        noValidate
        aria-label={texts.title}
        onSubmit={(event) => void submit(event)}
      >
        <fieldset disabled={saving} className={page.sections}>
          <section className={styles.panel} aria-labelledby="agenda-regras">
            <h2 id="agenda-regras" className={styles.sectionTitle}>
              {texts.rules}
            </h2>
            <div className={styles.formGrid}>
              <FormField
                label={texts.leadDays}
                hint={texts.leadDaysHint}
                {...bindNumber('leadDays')}
              />
              <FormField label={texts.horizonDays} {...bindNumber('horizonDays')} />
              <div className={forms.field}>
                <label className={forms.label} htmlFor="agenda-slot">
                  {texts.slotMinutes}
                </label>
                <select
                  id="agenda-slot"
                  name="slotMinutes"
                  className={forms.input}
                  value={form.slotMinutes}
                  onChange={(event) => {
                    const { value } = event.target;
                    change((current) => ({ ...current, slotMinutes: value }));
                  }}
                >
                  {SLOT_MINUTES_OPTIONS.map((minutes) => (
                    <option key={minutes} value={String(minutes)}>
                      {texts.slotOption(minutes)}
                    </option>
                  ))}
                </select>
              </div>
              <FormField
                label={texts.capacity}
                hint={texts.capacityHint}
                placeholder={texts.unlimited}
                {...bindNumber('dailyCapacityUnits')}
              />
              <FormField
                label={texts.kitUnits}
                hint={texts.kitUnitsHint}
                {...bindNumber('kitUnits')}
              />
            </div>
          </section>

          {WEEK_KINDS.map((kind) => (
            <WeekEditor key={kind} kind={kind} form={form} onChange={changeWeek(kind)} />
          ))}

          <section className={styles.panel} aria-labelledby="agenda-fechadas">
            <h2 id="agenda-fechadas" className={styles.sectionTitle}>
              {texts.closedDates}
            </h2>
            <p className={styles.note}>{texts.closedDatesHint}</p>
            {form.closedDates.length === 0 ? (
              <p className={styles.note}>{texts.noClosedDates}</p>
            ) : null}
            <ol className={page.closedList}>
              {form.closedDates.map((row, index) => (
                <li key={row.key}>
                  <fieldset className={page.closedRow}>
                    <legend className={page.closedTitle}>{texts.closedDateTitle(index)}</legend>
                    <FormField
                      label={texts.closedDate}
                      type="date"
                      value={row.date}
                      onChange={(event) => {
                        const { value } = event.target;
                        changeClosed(
                          form.closedDates.map((item) =>
                            item.key === row.key ? { ...item, date: value } : item,
                          ),
                        );
                      }}
                    />
                    <FormField
                      label={texts.closedReason}
                      placeholder={texts.closedReasonPlaceholder}
                      value={row.reason}
                      onChange={(event) => {
                        const { value } = event.target;
                        changeClosed(
                          form.closedDates.map((item) =>
                            item.key === row.key ? { ...item, reason: value } : item,
                          ),
                        );
                      }}
                    />
                    <button
                      type="button"
                      className={`${buttons.ghost} ${page.remove}`}
                      aria-label={texts.removeClosedDate(index)}
                      onClick={() =>
                        changeClosed(form.closedDates.filter((item) => item.key !== row.key))
                      }
                    >
                      {texts.removeRange}
                    </button>
                  </fieldset>
                </li>
              ))}
            </ol>
            <button
              type="button"
              className={buttons.secondary}
              onClick={() => changeClosed([...form.closedDates, emptyClosedDate()])}
            >
              {texts.addClosedDate}
            </button>
          </section>
        </fieldset>
        {problem ? <FormError>{problem}</FormError> : null}
        <div className={styles.formActions}>
          <button type="submit" className={buttons.button} disabled={saving}>
            {saving ? adminTexts.saving : adminTexts.save}
          </button>
        </div>
      </form>
      <NextDays after={saved.position} />
      <MessageDialog outcome={outcome} onClose={clear} />
    </>
  );
}

/**
 * /admin/agenda 'Agenda e Produção' (issue 40): the kitchen's calendar — lead
 * time, horizon, slots, daily capacity, weekly hours for pickup and delivery,
 * closed dates — which the checkout offers and the server enforces.
 */
export function SchedulePage() {
  const session = useAdminSession();
  const schedule = useGetAdminScheduleQuery(undefined, { skip: !isAdmin(session) });

  if (!session.hasToken || !session.user) {
    return <PageRefused title={texts.title} reason={adminTexts.loginToAccess} />;
  }
  if (!isAdmin(session)) {
    return <PageRefused title={texts.title} reason={adminTexts.adminsOnly} />;
  }

  let body = null;
  if (schedule.data) body = <ScheduleEditor initial={schedule.data} me={session.user.id} />;
  else if (schedule.error) {
    body = <FormError>{errorMessage(schedule.error, texts.loadFailed)}</FormError>;
  } else body = <PageLoading label={texts.loading} />;

  return (
    <>
      <PageTitle
        actions={
          <Link className={buttons.secondary} to="/admin/producao">
            {texts.productionLink}
          </Link>
        }
      >
        {texts.title}
      </PageTitle>
      {body}
    </>
  );
}
