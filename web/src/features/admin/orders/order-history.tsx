import {
  centsToReais,
  PAYMENT_METHOD_LABELS,
  type HistoryEntry,
  type OrderDocument,
  type OrderHistory,
} from '@quitute/contracts';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import buttons from '../../../components/button.module.css';
import { FormField } from '../../../components/form-field';
import { actorLabel, formatMoment, shopInputOf } from '../audit/audit-format';
import audit from '../audit/audit.module.css';
import styles from '../components/admin.module.css';
import { Badge } from '../components/badge';
import { DataTable, Empty, Fact, Facts } from '../components/page-parts';
import { formatDayTime, formatMoney } from '../model/admin-format';
import {
  deliveryTypeLabel,
  orderStatusLabel,
  orderStatusTone,
  paymentStatusLabel,
} from '../model/admin-labels';
import { auditTexts } from '../model/admin-texts';
import { PaymentBadge } from './payment-badge';

function total(document: OrderDocument): string {
  return formatMoney(centsToReais(document.totalCents));
}

/**
 * 'Ver pedido como estava em' (issue 13): a date and time on the shop's clock;
 * 'Aplicar' asks for it, 'Agora' goes back to the order as it is.
 */
export function AsOfControl({
  asOf,
  applied,
  onApply,
  onClear,
}: {
  /** The applied moment, a datetime-local value, or '' for none. */
  asOf: string;
  /** A past view is shown (of a moment or of a position). */
  applied: boolean;
  onApply: (value: string) => void;
  onClear: () => void;
}) {
  const [value, setValue] = useState(asOf);
  const [error, setError] = useState<string | null>(null);
  // A new address (back, forward, 'Agora') shows its own moment in the field.
  const [shown, setShown] = useState(asOf);
  if (shown !== asOf) {
    setShown(asOf);
    setValue(asOf);
    setError(null);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!shopInputOf(value)) {
      setError(auditTexts.asOfInvalid);
      return;
    }
    setError(null);
    onApply(value);
  }

  return (
    <form className={audit.asOfForm} onSubmit={submit} noValidate>
      <FormField
        label={auditTexts.asOfLabel}
        type="datetime-local"
        value={value}
        error={error}
        hint={auditTexts.asOfHint}
        onChange={(event) => setValue(event.target.value)}
      />
      <button type="submit" className={buttons.button}>
        {auditTexts.asOfApply}
      </button>
      <button type="button" className={buttons.secondary} disabled={!applied} onClick={onClear}>
        {auditTexts.asOfNow}
      </button>
    </form>
  );
}

/** The order as it was at the asked moment, marked as a view of the past. */
export function PastState({ history, title }: { history: OrderHistory; title: string }) {
  const order = history.state;
  return (
    <section className={`${styles.panel} ${audit.past}`} aria-labelledby="estado-passado">
      <h2 id="estado-passado" className={styles.sectionTitle}>
        {title}
      </h2>
      {order ? (
        <>
          <p className={styles.note}>{auditTexts.pastNote}</p>
          <Facts>
            <Fact term="Pedido">#{order.orderNumber}</Fact>
            <Fact term="Status do pedido">
              <Badge tone={orderStatusTone(order.orderStatus)}>
                {orderStatusLabel(order.orderStatus)}
              </Badge>
            </Fact>
            <Fact term="Status do pagamento">
              <PaymentBadge status={order.paymentStatus} />
            </Fact>
            <Fact term="Método de pagamento">{PAYMENT_METHOD_LABELS[order.paymentMethod]}</Fact>
            <Fact term="Entrega">
              {deliveryTypeLabel(order.deliveryType)} — {formatDayTime(order.deliveryDate)}
            </Fact>
            <Fact term="Total" valueClass={styles.statValue}>
              {total(order)}
            </Fact>
          </Facts>
          <DataTable
            label="Itens do pedido nesse momento"
            columns={['Produto', 'Quantidade', 'Preço Unitário', 'Subtotal']}
          >
            {order.items.map((line, index) => (
              <tr key={`${line.productId}-${index}`}>
                <td className={styles.wrap}>{line.name}</td>
                <td>{line.quantity}</td>
                <td className={styles.money}>{formatMoney(centsToReais(line.unitPriceCents))}</td>
                <td className={styles.money}>
                  {formatMoney(centsToReais(line.unitPriceCents * line.quantity))}
                </td>
              </tr>
            ))}
          </DataTable>
        </>
      ) : (
        <Empty>{auditTexts.notYet}</Empty>
      )}
    </section>
  );
}

function StateAfter({ state }: { state: OrderDocument | null }) {
  if (!state) return <dd>{auditTexts.notYet}</dd>;
  return (
    <dd>
      Status: {orderStatusLabel(state.orderStatus)} · Pagamento:{' '}
      {paymentStatusLabel(state.paymentStatus)} · Total: {total(state)}
    </dd>
  );
}

function Entry({ entry, onPick }: { entry: HistoryEntry; onPick: (position: number) => void }) {
  return (
    <li className={audit.entry}>
      <div className={audit.entryHead}>
        <time className={audit.entryTime} dateTime={entry.occurredAt}>
          {formatMoment(entry.occurredAt)}
        </time>
        <span className={audit.entryDescription}>{entry.description}</span>
      </div>
      <p className={audit.entryMeta}>
        Por: {actorLabel(entry.actor)} · <small className={audit.eventType}>{entry.type}</small>
      </p>
      <details className={audit.expand}>
        <summary>{auditTexts.eventDetails}</summary>
        <Facts>
          <Fact term="Posição no log">{entry.position}</Fact>
          <Fact term="Stream">
            <Link
              className={audit.streamLink}
              to={`/admin/eventos/stream/${encodeURIComponent(entry.stream)}`}
            >
              {entry.stream}
            </Link>{' '}
            (revisão {entry.revision})
          </Fact>
          <Fact term="ID de correlação" valueClass={audit.code}>
            {entry.correlationId}
          </Fact>
          <Fact term="ID de causação" valueClass={audit.code}>
            {entry.causationId}
          </Fact>
          <div className={audit.wide}>
            <dt>Pedido após o evento</dt>
            <StateAfter state={entry.state} />
          </div>
        </Facts>
        <button type="button" className={buttons.ghost} onClick={() => onPick(entry.position)}>
          {auditTexts.viewAfter}
        </button>
      </details>
    </li>
  );
}

/** The order's events, oldest first (up to the asked moment when there is one). */
export function HistoryTimeline({
  history,
  onPick,
}: {
  history: OrderHistory;
  /** Shows the order right after the event at that position. */
  onPick: (position: number) => void;
}) {
  if (history.entries.length === 0) {
    const upTo = history.asOf !== null || history.atPosition !== null;
    return <Empty>{upTo ? auditTexts.historyEmptyAsOf : auditTexts.historyEmpty}</Empty>;
  }
  return (
    <ol className={audit.timeline} aria-label={auditTexts.historyTitle}>
      {history.entries.map((entry) => (
        <Entry key={entry.eventId} entry={entry} onPick={onPick} />
      ))}
    </ol>
  );
}
