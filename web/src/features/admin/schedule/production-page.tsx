import {
  addDays,
  formatDateBR,
  isCalendarDate,
  shopDate,
  type ProductionDto,
} from '@quitute/contracts';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../../api/errors';
import buttons from '../../../components/button.module.css';
import { FormField } from '../../../components/form-field';
import { PageLoading } from '../../../components/page-loading';
import styles from '../components/admin.module.css';
import { isAdmin, useAdminSession } from '../components/admin-session';
import { FormError, PageRefused, PageTitle } from '../components/page-parts';
import { deliveryTypeLabel, paymentStatusLabel } from '../model/admin-labels';
import { adminTexts, productionTexts as texts } from '../model/admin-texts';
import { useGetProductionQuery } from './schedule-api';
import sheet from './production.module.css';

/** A ticket's phone, as people read it: '(11) 98765-4321'. */
function phoneText(phone: string | null): string {
  const digits = (phone ?? '').replace(/\D/g, '').replace(/^55(?=\d{10,11}$)/, '');
  if (digits.length === 11)
    return `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`;
  if (digits.length === 10)
    return `(${digits.slice(0, 2)}) ${digits.slice(2, 6)}-${digits.slice(6)}`;
  return phone ?? '';
}

/** The kitchen sheet: every product's total for the day, big and legible. */
function KitchenSheet({ production }: { production: ProductionDto }) {
  return (
    <section className={sheet.kitchenSheet} aria-labelledby="producao-totais">
      <h2 id="producao-totais" className={sheet.sheetTitle}>
        {texts.sheetTitle(formatDateBR(production.date))}
      </h2>
      <p className={sheet.summary}>
        {texts.orderCount(production.orderCount)} ·{' '}
        {texts.units(production.units, production.capacityUnits)}
      </p>
      <table className={sheet.totals} aria-label={texts.totals}>
        <thead>
          <tr>
            <th scope="col">{texts.product}</th>
            <th scope="col" className={sheet.quantity}>
              {texts.quantity}
            </th>
          </tr>
        </thead>
        <tbody>
          {production.totals.map((total) => (
            <tr key={`${total.category}-${total.name}`}>
              <td>
                <span className={sheet.productName}>{total.name}</span>
                {total.itens.length > 0 ? (
                  <span className={sheet.kitContents}>
                    {texts.kitContents}: {total.itens.join(', ')}
                  </span>
                ) : null}
              </td>
              <td className={sheet.quantity}>{total.quantity}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

type ProductionOrder = ProductionDto['slots'][number]['orders'][number];

/** One order's ticket: who, when, how, what, and the notes the kitchen must not miss. */
function Ticket({ order }: { order: ProductionOrder }) {
  const unpaid = order.paymentStatus !== 'approved';
  return (
    <article
      className={`${sheet.ticket} ${unpaid ? sheet.unpaidTicket : ''}`}
      aria-label={texts.orderNumber(order.orderNumber)}
    >
      <header className={sheet.ticketHeader}>
        <strong className={sheet.ticketNumber}>{texts.orderNumber(order.orderNumber)}</strong>
        <span className={sheet.ticketTime}>{order.time}</span>
        <span className={unpaid ? sheet.unpaid : sheet.paid}>
          {unpaid ? `${texts.unpaid} · ` : ''}
          {paymentStatusLabel(order.paymentStatus)}
        </span>
      </header>
      <p className={sheet.customer}>
        {order.customerName}
        {order.customerPhone ? ` · ${phoneText(order.customerPhone)}` : ''}
      </p>
      <p>
        <strong>{deliveryTypeLabel(order.deliveryType)}</strong>
        {order.address ? ` · ${order.address}` : ''}
      </p>
      <ul className={sheet.items}>
        {order.items.map((item) => (
          <li key={`${item.category}-${item.name}`}>
            {item.quantity} × {item.name}
          </li>
        ))}
      </ul>
      {order.notes ? (
        <p className={sheet.notes}>
          <strong>{texts.notes}:</strong> {order.notes}
        </p>
      ) : null}
    </article>
  );
}

function ProductionSheet({ production }: { production: ProductionDto }) {
  if (production.orderCount === 0) return <p className={styles.empty}>{texts.empty}</p>;
  return (
    <>
      <KitchenSheet production={production} />
      {production.slots.map((slot) => (
        <section
          key={slot.start}
          className={sheet.slot}
          aria-label={texts.slot(slot.start, slot.end)}
        >
          <h2 className={sheet.slotTitle}>{texts.slot(slot.start, slot.end)}</h2>
          {slot.orders.map((order) => (
            <Ticket key={order.orderId} order={order} />
          ))}
        </section>
      ))}
    </>
  );
}

/** The day asked for in `?date=`, else tomorrow in the shop's time zone. */
export function productionDate(asked: string | null, now: Date): string {
  return asked && isCalendarDate(asked) ? asked : addDays(shopDate(now), 1);
}

/**
 * /admin/producao 'Produção do dia' (issue 40): what the kitchen makes on a
 * day and for whom — per product totals, then per slot one ticket per order.
 * 'Imprimir' prints it on A4 (production.module.css): the kitchen sheet first,
 * then the tickets, without the admin's chrome.
 */
export function ProductionPage() {
  const session = useAdminSession();
  const [search, setSearch] = useSearchParams();
  const date = productionDate(search.get('date'), new Date());
  const production = useGetProductionQuery(date, { skip: !isAdmin(session) });

  if (!session.hasToken || !session.user) {
    return <PageRefused title={texts.title} reason={adminTexts.loginToAccess} />;
  }
  if (!isAdmin(session)) {
    return <PageRefused title={texts.title} reason={adminTexts.adminsOnly} />;
  }

  let body = null;
  if (production.data && production.data.date === date) {
    body = <ProductionSheet production={production.data} />;
  } else if (production.error) {
    body = <FormError>{errorMessage(production.error, texts.loadFailed)}</FormError>;
  } else body = <PageLoading label={texts.loading} />;

  return (
    <div className={sheet.page}>
      <div className={sheet.noPrint}>
        <PageTitle
          actions={
            <>
              <Link className={buttons.secondary} to="/admin/agenda">
                {texts.back}
              </Link>
              <button type="button" className={buttons.button} onClick={() => window.print()}>
                {texts.print}
              </button>
            </>
          }
        >
          {texts.title}
        </PageTitle>
        <div className={sheet.datePicker}>
          <FormField
            label={texts.date}
            type="date"
            value={date}
            onChange={(event) => {
              const { value } = event.target;
              if (isCalendarDate(value)) setSearch({ date: value }, { replace: true });
            }}
          />
        </div>
      </div>
      <div className={sheet.printArea}>{body}</div>
    </div>
  );
}
