import {
  centsToReais,
  formatCep,
  formatPhone,
  PAYMENT_METHOD_LABELS,
  reaisToCents,
  type AdminOrderDto,
} from '@quitute/contracts';
import { useCallback, useEffect } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { errorMessage, httpStatus } from '../../../api/errors';
import { PageLoading } from '../../../components/page-loading';
import { useGetAdminOrderQuery, useGetOrderHistoryQuery } from '../api/admin-api';
import { positionOf, shopInputOf, shopInputToIso } from '../audit/audit-format';
import styles from '../components/admin.module.css';
import { Badge } from '../components/badge';
import { DataTable, Fact, Facts, FormError, PageTitle } from '../components/page-parts';
import { formatDayTime, formatMoney } from '../model/admin-format';
import { deliveryTypeLabel, orderStatusLabel, orderStatusTone } from '../model/admin-labels';
import { auditTexts, orderTexts } from '../model/admin-texts';
import { AsOfControl, HistoryTimeline, PastState } from './order-history';
import { OrderRefunds } from './order-refunds';
import { PaymentBadge } from './payment-badge';
import { EmailText } from '../../../components/email-text';

function lineSubtotal(line: AdminOrderDto['items'][number]): number {
  return centsToReais(reaisToCents(line.item.price) * line.quantity);
}

function Address({ address }: { address: NonNullable<AdminOrderDto['customerAddress']> }) {
  return (
    <address>
      {address.streetName}, {address.streetNumber}
      {address.complement ? ` — ${address.complement}` : ''}
      <br />
      {address.neighborhood}, {address.city} - {address.federalUnit}
      <br />
      CEP {formatCep(address.zipCode)}
    </address>
  );
}

function Details({ order }: { order: AdminOrderDto }) {
  const method = Object.hasOwn(PAYMENT_METHOD_LABELS, order.paymentMethod)
    ? PAYMENT_METHOD_LABELS[order.paymentMethod]
    : order.paymentMethod;
  return (
    <>
      <section className={styles.panel} aria-labelledby="resumo-pedido">
        <h2 id="resumo-pedido" className={styles.sectionTitle}>
          Pedido #{order.orderNumber}
        </h2>
        <Facts>
          <Fact term="ID">
            <code>{order._id}</code>
          </Fact>
          <Fact term="Status do pedido">
            <Badge tone={orderStatusTone(order.orderStatus)}>
              {orderStatusLabel(order.orderStatus)}
            </Badge>
          </Fact>
          <Fact term="Status do pagamento">
            <PaymentBadge status={order.paymentStatus} />
          </Fact>
          <Fact term="Criado em">{formatDayTime(order.createdAt)}</Fact>
          <Fact term="Total" valueClass={styles.statValue}>
            {formatMoney(order.total)}
          </Fact>
        </Facts>
      </section>
      <div className={styles.panels}>
        <section className={styles.panel} aria-labelledby="cliente-pedido">
          <h2 id="cliente-pedido" className={styles.sectionTitle}>
            Cliente
          </h2>
          <Facts>
            <Fact term="Nome">{order.customerName}</Fact>
            <Fact term="E-mail">
              <EmailText email={order.customerEmail} />
            </Fact>
            {order.customerPhone ? (
              <Fact term="Telefone">{formatPhone(order.customerPhone)}</Fact>
            ) : null}
          </Facts>
        </section>
        <section className={styles.panel} aria-labelledby="entrega-pedido">
          <h2 id="entrega-pedido" className={styles.sectionTitle}>
            Entrega
          </h2>
          <Facts>
            <Fact term="Tipo">{deliveryTypeLabel(order.deliveryType)}</Fact>
            <Fact term="Data">{formatDayTime(order.deliveryDate)}</Fact>
            {order.customerAddress ? (
              // A pickup keeps only a boleto payer's address: never where to deliver.
              <Fact term={order.deliveryType === 'pickup' ? 'Endereço do pagador' : 'Endereço'}>
                <Address address={order.customerAddress} />
              </Fact>
            ) : null}
          </Facts>
        </section>
      </div>
      <section className={styles.panel} aria-labelledby="itens-pedido">
        <h2 id="itens-pedido" className={styles.sectionTitle}>
          Itens
        </h2>
        <DataTable
          label="Itens do pedido"
          columns={['Produto', 'Quantidade', 'Preço Unitário', 'Subtotal']}
        >
          {order.items.map((line, index) => (
            <tr key={`${line.item.productId}-${index}`}>
              <td className={styles.wrap}>{line.item.name}</td>
              <td>{line.quantity}</td>
              <td className={styles.money}>{formatMoney(line.item.price)}</td>
              <td className={styles.money}>{formatMoney(lineSubtotal(line))}</td>
            </tr>
          ))}
          {order.deliveryFee > 0 ? (
            <tr>
              <td className={styles.wrap}>Taxa de entrega</td>
              <td>—</td>
              <td className={styles.money}>{formatMoney(order.deliveryFee)}</td>
              <td className={styles.money}>{formatMoney(order.deliveryFee)}</td>
            </tr>
          ) : null}
        </DataTable>
      </section>
      <section className={styles.panel} aria-labelledby="pagamento-pedido">
        <h2 id="pagamento-pedido" className={styles.sectionTitle}>
          Pagamento
        </h2>
        <Facts>
          <Fact term="Método de pagamento">{method}</Fact>
          <Fact term="ID do pagamento">{order.paymentId ?? 'N/A'}</Fact>
          <Fact term="Referência externa">{order.externalReference || 'N/A'}</Fact>
          <Fact term="Observações">{order.details || 'N/A'}</Fact>
        </Facts>
      </section>
      <OrderRefunds order={order} />
    </>
  );
}

/** The moment a past view shows: a time (ISO with its offset) or a global position. */
interface PastMoment {
  asOf: string | null;
  position: number | null;
}

/** The history's part of the page: the past view (with an asked moment) and the timeline. */
function History({
  orderId,
  moment,
  onPick,
  onAuthLost,
}: {
  orderId: string;
  moment: PastMoment;
  onPick: (position: number) => void;
  onAuthLost: () => void;
}) {
  const history = useGetOrderHistoryQuery({ orderId, ...moment });
  const status = httpStatus(history.error);
  const unauthorised = status === 401 || status === 403;
  useEffect(() => {
    if (unauthorised) onAuthLost();
  }, [unauthorised, onAuthLost]);

  let title = null;
  let upTo = null;
  if (moment.asOf) {
    title = auditTexts.pastTitle(formatDayTime(moment.asOf));
    upTo = auditTexts.upTo(formatDayTime(moment.asOf));
  } else if (moment.position !== null) {
    title = auditTexts.pastAfterPosition(moment.position);
    upTo = auditTexts.upToPosition(moment.position);
  }
  // currentData: while another moment loads, the previous moment's answer is not shown as this one.
  const found = history.currentData;
  let past = null;
  let timeline;
  if (history.error) {
    timeline = unauthorised ? null : (
      <FormError>{errorMessage(history.error, auditTexts.historyFailed)}</FormError>
    );
  } else if (!found) {
    timeline = <PageLoading label={auditTexts.historyLoading} />;
  } else {
    if (title) past = <PastState history={found} title={title} />;
    timeline = <HistoryTimeline history={found} onPick={onPick} />;
  }
  return (
    <>
      {past}
      <section className={styles.panel} aria-labelledby="historico-pedido">
        <h2 id="historico-pedido" className={styles.sectionTitle}>
          {auditTexts.historyTitle}
        </h2>
        {upTo ? <p className={styles.note}>{upTo}</p> : null}
        {timeline}
      </section>
    </>
  );
}

/**
 * /admin/orders/{orderId} (admin-spec §2 "Admin order details"), with the
 * order's history (issue 13). `?asOf=` (the shop's wall clock,
 * `2026-11-25T14:30`, or an ISO time) or `?position=` (a global position)
 * shows the order as it was then instead of as it is.
 */
export function OrderDetailsPage() {
  const { orderId } = useParams();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const asOfParam = searchParams.get('asOf');
  const asOf = asOfParam ? shopInputToIso(asOfParam) : null;
  const moment: PastMoment = {
    asOf,
    position: asOf ? null : positionOf(searchParams.get('position')),
  };
  const inPast = moment.asOf !== null || moment.position !== null;
  const order = useGetAdminOrderQuery(orderId ?? '', { skip: !orderId || inPast });
  const status = httpStatus(order.error);
  const unauthorised = status === 401 || status === 403;
  const toLogin = useCallback(() => void navigate('/login', { replace: true }), [navigate]);

  useEffect(() => {
    if (unauthorised) toLogin();
  }, [unauthorised, toLogin]);

  let body;
  if (!orderId) body = <FormError>{orderTexts.missingId}</FormError>;
  else if (inPast) body = null;
  else if (order.isLoading) body = <PageLoading label={orderTexts.detailsLoading} />;
  else if (order.error) {
    body = unauthorised ? null : (
      <FormError>
        {errorMessage(order.error, status === 404 ? orderTexts.notFound : orderTexts.detailsFailed)}
      </FormError>
    );
  } else if (order.data) body = <Details order={order.data} />;

  return (
    <>
      <PageTitle>{orderTexts.detailsTitle}</PageTitle>
      {orderId ? (
        <section className={styles.panel} aria-label="Ver o pedido em outro momento">
          <AsOfControl
            asOf={moment.asOf ? shopInputOf(asOfParam) : ''}
            applied={inPast}
            onApply={(value) => setSearchParams({ asOf: value })}
            onClear={() => setSearchParams({})}
          />
        </section>
      ) : null}
      {body}
      {orderId ? (
        <History
          orderId={orderId}
          moment={moment}
          onPick={(position) => setSearchParams({ position: String(position) })}
          onAuthLost={toLogin}
        />
      ) : null}
      <p>
        <Link to="/admin/orders">{orderTexts.back}</Link>
      </p>
    </>
  );
}
