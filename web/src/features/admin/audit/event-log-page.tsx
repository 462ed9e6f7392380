import type { EventLogEntry } from '@quitute/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage, httpStatus } from '../../../api/errors';
import buttons from '../../../components/button.module.css';
import { FilterSelect } from '../../../components/filter-select';
import { FormField } from '../../../components/form-field';
import { PageLoading } from '../../../components/page-loading';
import { useGetEventLogQuery } from '../api/admin-api';
import styles from '../components/admin.module.css';
import { DataTable, Empty, FormError, PageTitle } from '../components/page-parts';
import { auditTexts } from '../model/admin-texts';
import { actorLabel, EVENT_CATEGORIES, formatMoment } from './audit-format';
import audit from './audit.module.css';
import {
  argsOf,
  FILTER_KEYS,
  filtersOf,
  fromOf,
  searchOf,
  type EventLogFilters,
} from './event-log-filters';

const CATEGORY_OPTIONS = [{ value: '', label: 'Todas' }, ...EVENT_CATEGORIES];

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The metadata's actor ('Sistema', or the user's id and role). */
export function eventActor(metadata: Record<string, unknown>): string {
  const id = text(metadata['actorId']);
  const role = text(metadata['actorRole']);
  if (!id && !role) return '—';
  return actorLabel({ id, role });
}

export function streamPath(stream: string): string {
  return `/admin/eventos/stream/${encodeURIComponent(stream)}`;
}

function Filters({
  filters,
  onApply,
  onClear,
}: {
  filters: EventLogFilters;
  onApply: (filters: EventLogFilters) => void;
  onClear: () => void;
}) {
  const [draft, setDraft] = useState(filters);
  const field = (key: keyof EventLogFilters) => ({
    value: draft[key],
    onChange: (event: { target: { value: string } }) =>
      setDraft({ ...draft, [key]: event.target.value }),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onApply(draft);
  }

  return (
    <form className={styles.panel} onSubmit={submit} aria-label="Filtros do log de eventos">
      <fieldset className={audit.filters}>
        <FormField label="Stream" placeholder="order-…" {...field('stream')} />
        <FilterSelect
          label="Categoria"
          options={CATEGORY_OPTIONS}
          value={draft.category}
          onChange={(category) => setDraft({ ...draft, category })}
        />
        <FormField label="Tipo de evento" placeholder="PaymentApproved" {...field('type')} />
        <FormField label="ID do ator" placeholder="system" {...field('actorId')} />
        <FormField label="Desde" type="datetime-local" {...field('since')} />
        <FormField label="Até" type="datetime-local" {...field('until')} />
      </fieldset>
      <p className={styles.note}>
        Datas e horas de Brasília (America/Sao_Paulo); os limites entram no resultado.
      </p>
      <div className={audit.actions}>
        <button type="submit" className={buttons.button}>
          {auditTexts.filter}
        </button>
        <button type="button" className={buttons.secondary} onClick={onClear}>
          {auditTexts.clearFilters}
        </button>
      </div>
    </form>
  );
}

function EventsTable({ events, search }: { events: EventLogEntry[]; search: string }) {
  return (
    <DataTable label="Eventos" columns={['Posição', 'Data e hora', 'Stream', 'Tipo', 'Ator']}>
      {events.map((event) => {
        const occurredAt = text(event.metadata['occurredAt']);
        return (
          <tr key={event.eventId}>
            <td className={styles.money}>{event.position}</td>
            <td>
              {occurredAt ? <time dateTime={occurredAt}>{formatMoment(occurredAt)}</time> : '—'}
            </td>
            <td className={styles.wrap}>
              <Link
                className={audit.streamLink}
                to={streamPath(event.stream)}
                state={{ logSearch: search }}
                aria-label={`Abrir o stream ${event.stream}`}
              >
                {event.stream}
              </Link>
            </td>
            <td className={audit.code}>{event.type}</td>
            <td className={styles.wrap}>{eventActor(event.metadata)}</td>
          </tr>
        );
      })}
    </DataTable>
  );
}

/**
 * /admin/eventos (issue 13 point 9): the global event log, read from the event
 * store, page by page by position, with its filters in the address.
 */
export function EventLogPage() {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersOf(searchParams);
  const from = fromOf(searchParams);
  const log = useGetEventLogQuery(argsOf(filters, from));
  const status = httpStatus(log.error);
  const unauthorised = status === 401 || status === 403;

  useEffect(() => {
    if (unauthorised) void navigate('/login', { replace: true });
  }, [unauthorised, navigate]);

  const page = log.currentData;
  const search = searchParams.toString();
  const next = page?.next ?? null;

  function goTo(position: number | null) {
    const params = new URLSearchParams(searchParams);
    if (position === null) params.delete('from');
    else params.set('from', String(position));
    setSearchParams(params);
  }

  let body;
  if (log.error) {
    body = unauthorised ? null : (
      <FormError>{errorMessage(log.error, auditTexts.eventsFailed)}</FormError>
    );
  } else if (!page) body = <PageLoading label={auditTexts.eventsLoading} />;
  else if (page.events.length === 0) {
    body = <Empty>{next === null ? auditTexts.eventsEmpty : auditTexts.eventsEmptyStretch}</Empty>;
  } else body = <EventsTable events={page.events} search={search} />;

  // A new address (back, forward, a shared link) shows its own filters in the form.
  const formKey = FILTER_KEYS.map((key) => searchParams.get(key) ?? '').join('\n');

  return (
    <>
      <PageTitle>{auditTexts.eventsTitle}</PageTitle>
      <Filters
        key={formKey}
        filters={filters}
        onApply={(applied) => setSearchParams(searchOf(applied))}
        onClear={() => setSearchParams(new URLSearchParams())}
      />
      <section className={styles.panel} aria-labelledby="eventos-resultado">
        <div className={styles.panelHeader}>
          <h2 id="eventos-resultado">
            {from === undefined ? 'Desde o início do log' : `A partir da posição ${from}`}
          </h2>
          {page ? (
            <span className={styles.note}>Última posição do log: {page.position}</span>
          ) : null}
        </div>
        {body}
        <nav className={audit.pager} aria-label="Paginação do log">
          <button
            type="button"
            className={buttons.secondary}
            disabled={from === undefined}
            onClick={() => goTo(null)}
          >
            {auditTexts.firstPage}
          </button>
          <button
            type="button"
            className={buttons.secondary}
            disabled={next === null}
            onClick={() => goTo(next)}
          >
            {auditTexts.nextPage}
          </button>
        </nav>
      </section>
    </>
  );
}
