import { formatPhone } from '@quitute/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/errors';
import { useShopSettings } from '../../../hooks/use-shop-settings';
import { mailtoHref } from '../../../lib/mailto';
import { whatsappUrl } from '../../../lib/whatsapp';
import styles from '../components/admin.module.css';
import { isAdmin, useAdminSession } from '../components/admin-session';
import { FormError, ListTable, PageRefused, PageTitle } from '../components/page-parts';
import { Pagination } from '../components/pagination';
import { formatDay, formatDayTime } from '../model/admin-format';
import { adminTexts } from '../model/admin-texts';
import { useGetAdminCustomOrdersQuery } from './custom-orders-api';
import { customOrderTexts } from './custom-order-texts';

/** The reply the shop starts on WhatsApp, in the shop's name (its settings) once known. */
const greeting = (name: string, shopName: string | undefined) =>
  shopName
    ? `Olá, ${name}! Aqui é da ${shopName}, sobre a sua encomenda personalizada.`
    : `Olá, ${name}! Sobre a sua encomenda personalizada.`;

/**
 * /admin/encomendas: the custom orders sent from /encomendas, newest first —
 * who asked (name, e-mail, phone with a WhatsApp link), for which day, and what.
 */
export function CustomOrdersPage() {
  const session = useAdminSession();
  const [page, setPage] = useState(1);
  const list = useGetAdminCustomOrdersQuery({ page }, { skip: !isAdmin(session) });
  const shopName = useShopSettings()?.name;

  if (!session.hasToken || !session.user) {
    return <PageRefused title={customOrderTexts.title} reason={customOrderTexts.loginToSee} />;
  }
  if (!isAdmin(session)) {
    return <PageRefused title={customOrderTexts.title} reason={adminTexts.adminsOnly} />;
  }

  const rows = list.currentData?.customOrders ?? [];
  return (
    <>
      <PageTitle>{customOrderTexts.title}</PageTitle>
      {list.error ? (
        <FormError>{errorMessage(list.error, customOrderTexts.loadFailed)}</FormError>
      ) : null}
      <ListTable
        list={list}
        rowCount={rows.length}
        loadingText={customOrderTexts.loading}
        emptyText={customOrderTexts.empty}
        label="Encomendas recebidas"
        columns={['Recebida em', 'Nome', 'E-mail', 'Telefone', 'Data do evento', 'Descrição']}
      >
        {rows.map((request) => (
          <tr key={request._id}>
            <td>{formatDayTime(request.requestedAt)}</td>
            <td className={styles.wrap}>
              {request.customerId ? (
                <Link to={`/admin/users/${encodeURIComponent(request.customerId)}`}>
                  {request.name}
                </Link>
              ) : (
                <>
                  {request.name} <small>({customOrderTexts.visitor})</small>
                </>
              )}
            </td>
            <td>
              <a className={styles.email} href={mailtoHref(request.email)}>
                {request.email}
              </a>
            </td>
            <td>
              <a
                href={whatsappUrl(request.phone, greeting(request.name, shopName))}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`WhatsApp de ${request.name}: ${formatPhone(request.phone)}`}
              >
                {formatPhone(request.phone)}
              </a>
            </td>
            <td>{formatDay(request.eventDate)}</td>
            <td className={styles.wrap}>{request.details}</td>
          </tr>
        ))}
      </ListTable>
      <Pagination page={page} totalPages={list.currentData?.totalPages ?? 1} onPage={setPage} />
    </>
  );
}
