import {
  formatBRL,
  REFUND_STATUS_LABELS,
  refundMessages,
  type AdminOrderDto,
  type RefundStatus,
} from '@quitute/contracts';
import { useState } from 'react';
import buttons from '../../../components/button.module.css';
import { errorMessage, httpStatus } from '../../../api/errors';
import { useRetryRefundMutation } from '../api/admin-commands';
import styles from '../components/admin.module.css';
import { Badge } from '../components/badge';
import { MessageDialog } from '../components/message-dialog';
import { DataTable, Fact, Facts } from '../components/page-parts';
import { useOutcome } from '../hooks/use-outcome';
import { formatDayTime, formatMoney } from '../model/admin-format';
import type { BadgeTone } from '../model/admin-labels';
import { refundTexts } from '../model/admin-texts';
import { RefundDialog } from './refund-dialog';

const REFUND_TONES: Record<RefundStatus, BadgeTone> = {
  pending: 'warning',
  completed: 'success',
  failed: 'danger',
};

/**
 * 'Reembolsos' of an order (issue 38): what went back, each refund asked with
 * its status, reason and date ('Tentar novamente' for a failed one), a
 * chargeback, and 'Reembolsar' while something is left to refund.
 */
export function OrderRefunds({ order }: { order: AdminOrderDto }) {
  const [refunding, setRefunding] = useState(false);
  const [retryRefund, retrying] = useRetryRefundMutation();
  const [retryingId, setRetryingId] = useState<string | null>(null);
  const { outcome, show, clear } = useOutcome();

  const retry = async (refundId: string) => {
    setRetryingId(refundId);
    const result = await retryRefund({ orderId: order._id, refundId });
    setRetryingId(null);
    if (result.error) {
      const fallback =
        httpStatus(result.error) === 502 ? refundMessages.providerFailed : refundTexts.failed;
      show('error', errorMessage(result.error, fallback));
    } else show('success', result.data.message);
  };

  return (
    <section className={styles.panel} aria-labelledby="reembolsos-pedido">
      <h2 id="reembolsos-pedido" className={styles.sectionTitle}>
        {refundTexts.title}
      </h2>
      <Facts>
        <Fact term={refundTexts.refundedTotal} valueClass={styles.money}>
          {formatMoney(order.refundedTotal)}
        </Fact>
        <Fact term={refundTexts.refundable} valueClass={styles.money}>
          {formatMoney(order.refundable)}
        </Fact>
        {order.chargeback ? (
          <Fact term={refundMessages.chargebackLabel}>
            <span className={styles.money}>{formatMoney(order.chargeback.amount)}</span> —{' '}
            {formatDayTime(order.chargeback.at)}
          </Fact>
        ) : null}
      </Facts>
      {order.refundAttempts.length === 0 ? (
        <p className={styles.note}>{refundTexts.none}</p>
      ) : (
        <DataTable label={refundTexts.table} columns={['Valor', 'Status', 'Motivo', 'Data', '']}>
          {order.refundAttempts.map((refund) => (
            <tr key={refund.refundId}>
              <td className={styles.money}>{formatMoney(refund.amount)}</td>
              <td>
                <Badge tone={REFUND_TONES[refund.status]}>
                  {REFUND_STATUS_LABELS[refund.status]}
                </Badge>
                {refund.status === 'failed' && refund.detail ? (
                  <div className={styles.muted}>{refund.detail}</div>
                ) : null}
              </td>
              <td className={styles.wrap}>{refund.reason}</td>
              <td>{formatDayTime(refund.at)}</td>
              <td>
                {refund.status === 'failed' ? (
                  <button
                    type="button"
                    className={styles.iconButton}
                    disabled={retrying.isLoading}
                    aria-label={refundTexts.retryLabel(formatBRL(refund.amount))}
                    onClick={() => void retry(refund.refundId)}
                  >
                    {retryingId === refund.refundId ? refundTexts.refunding : refundTexts.retry}
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {order.refundable > 0 ? (
        <div className={styles.formActions}>
          <button type="button" className={buttons.button} onClick={() => setRefunding(true)}>
            {refundTexts.refund}
          </button>
        </div>
      ) : null}
      {refunding ? (
        <RefundDialog
          orderId={order._id}
          orderNumber={order.orderNumber}
          refundable={order.refundable}
          onDone={(done) => {
            setRefunding(false);
            show(done.tone, done.text);
          }}
          onClose={() => setRefunding(false)}
        />
      ) : null}
      <MessageDialog outcome={outcome} onClose={clear} />
    </section>
  );
}
