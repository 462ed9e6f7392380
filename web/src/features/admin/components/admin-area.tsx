import { lazy, Suspense, useState } from 'react';
import { Link, matchPath, Navigate, Outlet, useLocation } from 'react-router';
import { PageLoading } from '../../../components/page-loading';
import { adminTexts, alertTexts } from '../model/admin-texts';
import styles from './admin.module.css';
import { AdminSessionContext, isAdmin, type AdminSession } from './admin-session';
import { ConfirmDialog } from './confirm-dialog';

const LINKS = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/products', label: 'Produtos', end: false },
  { to: '/admin/orders', label: 'Pedidos', end: false },
  { to: '/admin/users', label: 'Clientes', end: false },
  { to: '/admin/sales', label: 'Vendas', end: false },
  { to: '/admin/reviews', label: 'Avaliações', end: false },
  { to: '/admin/encomendas', label: 'Encomendas', end: false },
  { to: '/admin/notificacoes', label: 'Notificações', end: false },
  { to: '/admin/eventos', label: 'Eventos', end: false },
  // The day's production list (/admin/producao) belongs to the calendar's entry.
  { to: '/admin/agenda', label: 'Agenda e Produção', end: false, also: '/admin/producao' },
  { to: '/admin/loja', label: 'Configurações da Loja', end: false },
] as const;

/** The orders list, whose link carries the new orders' badge and which clears it. */
const ORDERS_PATH = '/admin/orders';

/** Issue 41: the new-order alerts (socket, sound, toast) load after the shell. */
const NewOrderAlerts = lazy(() =>
  import('../alerts/new-order-alerts').then((m) => ({ default: m.NewOrderAlerts })),
);

/** Whether the sidebar's link is the page shown (or, with `also`, the page it leads to). */
function isCurrent(link: (typeof LINKS)[number], pathname: string): boolean {
  if (matchPath({ path: link.to, end: link.end }, pathname)) return true;
  return 'also' in link && matchPath({ path: link.also, end: false }, pathname) !== null;
}

export interface AdminAreaProps {
  session: AdminSession;
  onLogout: () => void;
}

/**
 * /admin/* (admin-spec §2): the access guard, then the shell — the sidebar,
 * 'Sair' with its confirmation, and the nested page — with the new-order
 * alerts (issue 41) while an admin has it open.
 */
export function AdminArea({ session, onLogout }: AdminAreaProps) {
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  const [unseenOrders, setUnseenOrders] = useState(0);
  const { pathname } = useLocation();
  if (session.checking) return <PageLoading label={adminTexts.loadingProfile} />;
  if (!isAdmin(session)) return <Navigate to="/login" replace />;
  return (
    <AdminSessionContext value={session}>
      <div className={styles.shell}>
        <aside className={styles.sidebar} aria-label="Painel administrativo">
          <nav aria-label="Administração">
            <ul className={styles.navList}>
              {LINKS.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className={`${styles.navLink} ${isCurrent(link, pathname) ? styles.navActive : ''}`}
                    aria-current={isCurrent(link, pathname) ? 'page' : undefined}
                  >
                    {link.label}
                    {link.to === ORDERS_PATH && unseenOrders > 0 ? (
                      <>
                        <span className={styles.navBadge} aria-hidden="true">
                          {unseenOrders}
                        </span>
                        <span className="visually-hidden">
                          {' '}
                          ({alertTexts.unseenOrders(unseenOrders)})
                        </span>
                      </>
                    ) : null}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <Suspense fallback={null}>
            <NewOrderAlerts
              onOrdersPage={matchPath({ path: ORDERS_PATH, end: true }, pathname) !== null}
              onUnseenChange={setUnseenOrders}
            />
          </Suspense>
          <button type="button" className={styles.logout} onClick={() => setConfirmingLogout(true)}>
            Sair
          </button>
        </aside>
        <div className={styles.content}>
          <Outlet />
        </div>
      </div>
      {confirmingLogout ? (
        <ConfirmDialog
          message={adminTexts.logoutConfirm}
          onCancel={() => setConfirmingLogout(false)}
          onConfirm={() => {
            setConfirmingLogout(false);
            onLogout();
          }}
        />
      ) : null}
    </AdminSessionContext>
  );
}
