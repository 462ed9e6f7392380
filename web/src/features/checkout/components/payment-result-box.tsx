import { formatDigitableLine, formatShopDay, type PaymentResult } from '@quitute/contracts';
import { useId } from 'react';
import buttons from '../../../components/button.module.css';
import { CopyableCode } from '../../../components/copyable-code';
import styles from './checkout-page.module.css';

const PNG_PREFIX = 'data:image/png;base64,';
function qrImageSource(base64: string): string {
  return base64.startsWith('data:') ? base64 : `${PNG_PREFIX}${base64}`;
}

function formatDay(iso: string): string | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : formatShopDay(date);
}

/**
 * 'Processando Pagamento' (spec §2): the payment result — the Pix QR code and
 * its copia e cola, or the boleto — the line about where it stands, and the
 * cancel action when the spec shows it.
 */
export function PaymentResultBox({
  result,
  line,
  canCancel,
  cancelling,
  onCancel,
}: {
  result: PaymentResult | null;
  line: string | null;
  canCancel: boolean;
  cancelling: boolean;
  onCancel: () => void;
}) {
  const headingId = useId();
  if (!result && !line) return null;
  const expires = result?.boletoExpirationDate ? formatDay(result.boletoExpirationDate) : null;
  return (
    <section className={styles.result} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        Processando Pagamento
      </h2>
      {result ? <p className={styles.orderNumber}>Pedido #{result.orderNumber}</p> : null}
      <p className={styles.statusLine} role="status">
        {line}
      </p>
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
