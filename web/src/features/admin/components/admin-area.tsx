import { useState } from 'react';
import { Link, matchPath, Navigate, Outlet, useLocation } from 'react-router';
import { PageLoading } from '../../../components/page-loading';
import { adminTexts } from '../model/admin-texts';
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
  { to: '/admin/eventos', label: 'Eventos', end: false },
  // The day's production list (/admin/producao) belongs to the calendar's entry.
  { to: '/admin/agenda', label: 'Agenda e Produção', end: false, also: '/admin/producao' },
  { to: '/admin/loja', label: 'Configurações da Loja', end: false },
] as const;

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
 * 'Sair' with its confirmation, and the nested page.
 */
export function AdminArea({ session, onLogout }: AdminAreaProps) {
  const [confirmingLogout, setConfirmingLogout] = useState(false);
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
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
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
