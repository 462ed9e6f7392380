import {
  formatBRL,
  formatDigitableLine,
  formatShopDay,
  type PaymentResult,
} from '@quitute/contracts';
import { useId, type Ref } from 'react';
import buttons from '../../../components/button.module.css';
import { CopyableCode } from '../../../components/copyable-code';
import { payUntilText, PIX_HOW_TO } from '../model/payment-status';
import styles from './checkout-page.module.css';

const PNG_PREFIX = 'data:image/png;base64,';
function qrImageSource(base64: string): string {
  return base64.startsWith('data:') ? base64 : `${PNG_PREFIX}${base64}`;
}

function formatDay(iso: string): string | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : formatShopDay(date);
}

/** What a declined card offers: another card on the same order, or another method. */
export interface DeclinedActions {
  onRetryCard: () => void;
  onOtherMethod: () => void;
}

/**
 * 'Processando Pagamento' (spec §2): the payment result — the Pix QR code, its
 * amount, until when and how to pay it, and its copia e cola; or the boleto —
 * the line about where it stands, and the cancel action when the spec shows it.
 * A declined card says so in a heading under the spec's title, and offers the way on.
 */
export function PaymentResultBox({
  result,
  line,
  amount,
  headingRef,
  declined,
  canCancel,
  cancelling,
  onCancel,
}: {
  result: PaymentResult | null;
  line: string | null;
  /** The order's total (reais), shown beside the Pix. */
  amount: number;
  /** The heading the page moves focus to when the result appears. */
  headingRef: Ref<HTMLHeadingElement>;
  /** Set when a card was declined. */
  declined: DeclinedActions | null;
  canCancel: boolean;
  cancelling: boolean;
  onCancel: () => void;
}) {
  const headingId = useId();
  if (!result && !line) return null;
  const expires = result?.boletoExpirationDate ? formatDay(result.boletoExpirationDate) : null;
  const payUntil = result?.pixExpirationDate
    ? payUntilText(result.pixExpirationDate, new Date())
    : null;
  return (
    <section
      className={`${styles.result} ${declined ? styles.declined : ''}`}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.sectionTitle}>
        Processando Pagamento
      </h2>
      {declined ? <h3 className={styles.declinedTitle}>Cartão recusado</h3> : null}
      {result ? <p className={styles.orderNumber}>Pedido #{result.orderNumber}</p> : null}
      <p className={styles.statusLine} role="status">
        {line}
      </p>
      {declined ? (
        <div className={styles.declinedActions}>
          <button type="button" className={buttons.button} onClick={declined.onRetryCard}>
            Tentar outro cartão
          </button>
          <button type="button" className={buttons.secondary} onClick={declined.onOtherMethod}>
            Escolher outra forma de pagamento
          </button>
        </div>
      ) : null}
      {result?.pixQrCode ? (
        <div className={styles.pix}>
          <p className={styles.pixAmount}>
            Valor: <span className={styles.money}>{formatBRL(amount)}</span>
          </p>
          {payUntil ? <p className={styles.payUntil}>{payUntil}</p> : null}
          <p className={styles.howTo}>{PIX_HOW_TO}</p>
        </div>
      ) : null}
      {result?.pixQrCodeBase64 ? (
        <img
          className={styles.qr}
          src={qrImageSource(result.pixQrCodeBase64)}
          alt="QR Code Pix"
          width={220}
          height={220}
        />
      ) : null}
      {result?.pixQrCode ? <CopyableCode label="Pix Copia e Cola" code={result.pixQrCode} /> : null}
      {result?.boletoUrl ? (
        <a className={buttons.button} href={result.boletoUrl} target="_blank" rel="noreferrer">
          Abrir Boleto
        </a>
      ) : null}
      {result?.boletoDigitableLine ? (
        <CopyableCode
          label="Linha digitável"
          code={result.boletoDigitableLine}
          shown={formatDigitableLine(result.boletoDigitableLine)}
        />
      ) : null}
      {expires ? <p className={styles.muted}>Vencimento: {expires}</p> : null}
      {result?.ticketUrl ? (
        <a className={styles.link} href={result.ticketUrl} target="_blank" rel="noreferrer">
          Abrir página do pagamento
        </a>
      ) : null}
      {canCancel ? (
        <button type="button" className={buttons.ghost} disabled={cancelling} onClick={onCancel}>
          {cancelling ? 'Cancelando...' : 'Cancelar Pagamento'}
        </button>
      ) : null}
    </section>
  );
}
