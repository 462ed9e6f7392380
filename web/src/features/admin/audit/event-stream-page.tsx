import type { EventLogEntry } from '@quitute/contracts';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { errorMessage, httpStatus } from '../../../api/errors';
import { PageLoading } from '../../../components/page-loading';
import { isRecord } from '../../../lib/is-record';
import { useGetEventStreamQuery } from '../api/admin-api';
import styles from '../components/admin.module.css';
import { Empty, FormError, PageTitle } from '../components/page-parts';
import { auditTexts } from '../model/admin-texts';
import { formatJson, formatMoment } from './audit-format';
import audit from './audit.module.css';
import { fromOf } from './event-log-filters';
import { eventActor } from './event-log-page';

/** The log's address the visitor came from (its filters and page), to go back to it. */
function logSearch(state: unknown): string {
  return isRecord(state) && typeof state['logSearch'] === 'string' ? state['logSearch'] : '';
}

function StreamEvent({ event }: { event: EventLogEntry }) {
  const occurredAt = event.metadata['occurredAt'];
  const headingId = `evento-${event.eventId}`;
  return (
    <li>
      <article className={styles.panel} aria-labelledby={headingId}>
        <header className={styles.panelHeader}>
          <h2 id={headingId}>
            #{event.revision} {event.type}
          </h2>
          <span className={styles.note}>
            Posição {event.position}
            {typeof occurredAt === 'string' ? (
              <>
                {' · '}
                <time dateTime={occurredAt}>{formatMoment(occurredAt)}</time>
              </>
            ) : null}
            {' · '}
            {eventActor(event.metadata)}
          </span>
        </header>
        <div className={audit.jsonGrid}>
          <div>
            <h3>Dados</h3>
            <pre
              className={audit.json}
              tabIndex={0}
              aria-label={`Dados do evento #${event.revision}`}
            >
              <code>{formatJson(event.data)}</code>
            </pre>
          </div>
          <div>
            <h3>Metadados</h3>
            <pre
              className={audit.json}
              tabIndex={0}
              aria-label={`Metadados do evento #${event.revision}`}
            >
              <code>{formatJson(event.metadata)}</code>
            </pre>
          </div>
        </div>
      </article>
    </li>
  );
}

/**
 * /admin/eventos/stream/{stream}?from=<revision> (issue 13 point 9): one stream's
 * events with their data and metadata, a page at a time (a stream can be long).
 */
export function EventStreamPage() {
  const { stream } = useParams();
  const [searchParams] = useSearchParams();
  const from = fromOf(searchParams);
  const location = useLocation();
  const navigate = useNavigate();
  const found = useGetEventStreamQuery(
    { stream: stream ?? '', ...(from === undefined ? {} : { from }) },
    { skip: !stream },
  );
  const status = httpStatus(found.error);
  const unauthorised = status === 401 || status === 403;

  useEffect(() => {
    if (unauthorised) void navigate('/login', { replace: true });
  }, [unauthorised, navigate]);

  let body;
  if (found.error) {
    body = unauthorised ? null : (
      <FormError>{errorMessage(found.error, auditTexts.streamFailed)}</FormError>
    );
  } else if (!found.currentData) body = <PageLoading label={auditTexts.streamLoading} />;
  else if (found.currentData.events.length === 0) body = <Empty>{auditTexts.streamEmpty}</Empty>;
  else {
    body = (
      <ol className={audit.events} aria-label={`Eventos do stream ${stream ?? ''}`}>
        {found.currentData.events.map((event) => (
          <StreamEvent key={event.eventId} event={event} />
        ))}
      </ol>
    );
  }

  const search = logSearch(location.state);
  const next = found.currentData?.next ?? null;
  return (
    <>
      <PageTitle>
        Stream <span className={audit.streamName}>{stream}</span>
      </PageTitle>
      <p>
        <Link to={`/admin/eventos${search ? `?${search}` : ''}`}>{auditTexts.backToLog}</Link>
      </p>
      {body}
      {from !== undefined || next !== null ? (
        <nav className={audit.pager} aria-label="Paginação do stream">
          {from !== undefined ? (
            <Link to={{ search: '' }} state={location.state}>
              {auditTexts.firstPage}
            </Link>
          ) : null}
          {next !== null ? (
            <Link to={{ search: `?from=${next}` }} state={location.state}>
              {auditTexts.nextPage}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
