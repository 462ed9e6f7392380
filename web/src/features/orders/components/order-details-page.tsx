import {
  formatBRL,
  formatCep,
  formatDigitableLine,
  formatPhone,
  refundMessages,
  type OrderDto,
} from '@quitute/contracts';
import { useEffect, useId } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { httpStatus } from '../../../api/errors';
import buttons from '../../../components/button.module.css';
import forms from '../../../components/form.module.css';
import { CopyableCode } from '../../../components/copyable-code';
import { PageLoading } from '../../../components/page-loading';
import { useGetOrderQuery } from '../api/orders-api';
import {
  deliveryTypeLabel,
  formatShopDay,
  formatShopTime,
  lineTotal,
  orderStatusLabel,
  paymentMethodLabel,
  paymentStatusLabel,
  refundLabel,
} from '../model/order-labels';
import { orderTexts } from '../model/order-texts';
import { HandoverPlace } from './placed-order-summary';
import styles from './orders.module.css';

function Address({ address }: { address: NonNullable<OrderDto['customerAddress']> }) {
  const street = [address.streetName, address.streetNumber].filter(Boolean).join(', ');
  return (
    <address className={styles.address}>
      {street}
      {address.complement ? ` — ${address.complement}` : ''}
      <br />
      {address.neighborhood}, {address.city} - {address.federalUnit}
      <br />
      CEP {formatCep(address.zipCode)}
    </address>
  );
}

/**
 * A Pix or boleto still waiting for the customer, to pay after leaving the checkout
 * (spec silent; the order's own payment, only while it is pending and not past due).
 */
function PayPending({
  payment,
  now,
}: {
  payment: NonNullable<OrderDto['pendingPayment']>;
  now: number;
}) {
  const headingId = useId();
  if (payment.expiresAt !== null && Date.parse(payment.expiresAt) <= now) return null;
  const day = payment.expiresAt ? formatShopDay(payment.expiresAt) : null;
  const time = payment.expiresAt ? formatShopTime(payment.expiresAt) : null;
  return (
    <section aria-labelledby={headingId} className={styles.payPending}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {orderTexts.payPendingTitle}
      </h2>
      {payment.pixQrCode ? (
        <CopyableCode label="Pix Copia e Cola" code={payment.pixQrCode} />
      ) : null}
      {payment.boletoUrl ? (
        <a className={buttons.button} href={payment.boletoUrl} target="_blank" rel="noreferrer">
          Abrir Boleto
        </a>
      ) : null}
      {payment.boletoDigitableLine ? (
        <CopyableCode
          label="Linha digitável"
          code={payment.boletoDigitableLine}
          shown={formatDigitableLine(payment.boletoDigitableLine)}
        />
      ) : null}
      {payment.ticketUrl ? (
        <a href={payment.ticketUrl} target="_blank" rel="noreferrer">
          Abrir página do pagamento
        </a>
      ) : null}
      {day ? (
        <p className={styles.muted}>
          {payment.boletoUrl ? `Vencimento: ${day}` : `Pague até ${day} às ${time ?? '—'}`}
        </p>
      ) : null}
    </section>
  );
}

/** dd/MM/yyyy HH:mm of an instant in the shop's time zone. */
function shopDayTime(iso: string): string {
  const day = formatShopDay(iso);
  return day ? `${day} ${formatShopTime(iso) ?? ''}`.trim() : iso;
}

/** Her money that went back (issue 38): each refund with its date and reason, and a chargeback. */
function Refunds({ order }: { order: OrderDto }) {
  if (order.refunds.length === 0 && !order.chargeback) return null;
  return (
    <section aria-labelledby="reembolsos-do-pedido">
      <h2 id="reembolsos-do-pedido" className={styles.sectionTitle}>
        {orderTexts.refundsTitle}
      </h2>
      <ul className={styles.refunds}>
        {order.refunds.map((refund, index) => (
          <li key={`${refund.at}-${index}`}>
            <strong className={styles.money}>{formatBRL(refund.amount)}</strong> —{' '}
            {shopDayTime(refund.at)} — {refund.reason}
          </li>
        ))}
        {order.chargeback ? (
          <li>
            {refundMessages.chargebackLabel}:{' '}
            <strong className={styles.money}>{formatBRL(order.chargeback.amount)}</strong> —{' '}
            {shopDayTime(order.chargeback.at)}
          </li>
        ) : null}
      </ul>
    </section>
  );
}

function Details({ order, now }: { order: OrderDto; now: number }) {
  const day = formatShopDay(order.deliveryDate);
  const time = formatShopTime(order.deliveryDate);
  const refunded = refundLabel(order);
  return (
    <div className={styles.details}>
      {order.details ? (
        <p className={`${forms.message} ${forms.info}`} role="status">
          {order.details}
        </p>
      ) : null}
      {order.pendingPayment ? <PayPending payment={order.pendingPayment} now={now} /> : null}
      <dl className={styles.facts}>
        <div>
          <dt>Status do pagamento</dt>
          <dd>{paymentStatusLabel(order.paymentStatus)}</dd>
        </div>
        <div>
          <dt>Status do pedido</dt>
          <dd>{orderStatusLabel(order.orderStatus)}</dd>
        </div>
        <div>
          <dt>Forma de pagamento</dt>
          <dd>{paymentMethodLabel(order.paymentMethod)}</dd>
        </div>
        <div data-primary-action="">
          <dt>Total</dt>
          <dd className={styles.money}>{formatBRL(order.total)}</dd>
        </div>
        {refunded ? (
          <div>
            <dt>{orderTexts.refundTerm}</dt>
            <dd>{refunded}</dd>
          </div>
        ) : null}
        <div>
          <dt>Cliente</dt>
          <dd>{order.customerName}</dd>
        </div>
        <div>
          <dt>E-mail</dt>
          <dd>{order.customerEmail}</dd>
        </div>
        {order.customerPhone ? (
          <div>
            <dt>Telefone</dt>
            <dd>{formatPhone(order.customerPhone)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Tipo de entrega</dt>
          <dd>{deliveryTypeLabel(order.deliveryType)}</dd>
        </div>
        <div>
          <dt>Data agendada</dt>
          <dd>{day ?? order.deliveryDate}</dd>
        </div>
        <div>
          <dt>Horário</dt>
          <dd>{time ?? '—'}</dd>
        </div>
      </dl>
      {order.deliveryType === 'pickup' ? (
        <section aria-labelledby="local-de-retirada">
          <h2 id="local-de-retirada" className={styles.sectionTitle}>
            Local de retirada
          </h2>
          <address className={styles.address}>
            <HandoverPlace order={order} />
          </address>
        </section>
      ) : null}
      {order.customerAddress ? (
        <section aria-labelledby="endereco-entrega">
          <h2 id="endereco-entrega" className={styles.sectionTitle}>
            {order.deliveryType === 'pickup' ? 'Endereço do pagador' : 'Endereço'}
          </h2>
          <Address address={order.customerAddress} />
        </section>
      ) : null}
      <Refunds order={order} />
      <section aria-labelledby="itens-do-pedido">
        <h2 id="itens-do-pedido" className={styles.sectionTitle}>
          Itens
        </h2>
        <div className={styles.tableWrap}>
          <table className={`${styles.table} ${styles.stacked}`}>
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Quantidade</th>
                <th scope="col">Preço</th>
                <th scope="col">Subtotal</th>
              </tr>
            </thead>
            <tbody>
              {order.items.map((line) => (
                <tr key={line.item.productId || line.item.name}>
                  <td data-label="Item">{line.item.name}</td>
                  <td data-label="Quantidade">{line.quantity}</td>
                  <td data-label="Preço" className={styles.money}>
                    {formatBRL(line.item.price)}
                  </td>
                  <td data-label="Subtotal" className={styles.money} data-primary-action="">
                    {formatBRL(lineTotal(line))}
                  </td>
                </tr>
              ))}
              {order.deliveryFee > 0 ? (
                <tr>
                  <td data-label="Item">Taxa de entrega</td>
                  <td data-label="Quantidade">—</td>
                  <td data-label="Preço" className={styles.money}>
                    {formatBRL(order.deliveryFee)}
                  </td>
                  <td data-label="Subtotal" className={styles.money}>
                    {formatBRL(order.deliveryFee)}
                  </td>
                </tr>
              ) : null}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}

/** /my-orders/{orderId} (spec §2 "Customer order details", §8). */
export function OrderDetailsPage({ now = Date.now }: { now?: () => number } = {}) {
  const { orderId } = useParams();
  const navigate = useNavigate();
  const { data, error, isLoading } = useGetOrderQuery(orderId ?? '', {
    skip: !orderId,
    refetchOnMountOrArgChange: true,
  });
  const status = httpStatus(error);
  const unauthorised = status === 401 || status === 403;

  useEffect(() => {
    if (unauthorised) void navigate('/login', { replace: true });
  }, [unauthorised, navigate]);

  let body;
  if (!orderId) {
    body = (
      <p className={`${forms.message} ${forms.error}`} role="alert">
        {orderTexts.missingId}
      </p>
    );
  } else if (isLoading) {
    body = <PageLoading label={orderTexts.loadingDetails} />;
  } else if (error) {
    body = (
      <p className={`${forms.message} ${forms.error}`} role="alert">
        {status === 404 ? orderTexts.notFound : orderTexts.detailsFailed}
      </p>
    );
  } else if (data) {
    body = <Details order={data} now={now()} />;
  }

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>
        {data ? `Pedido #${data.orderNumber}` : 'Detalhes do Pedido'}
      </h1>
      {body}
      <div className={styles.actions}>
        <Link className={buttons.ghost} to="/orders">
          Voltar para Meus Pedidos
        </Link>
      </div>
    </div>
  );
}
