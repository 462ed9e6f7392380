import { useState } from 'react';
import { Navigate, NavLink, Outlet } from 'react-router';
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
  { to: '/admin/agenda', label: 'Agenda e Produção', end: false },
  { to: '/admin/loja', label: 'Configurações da Loja', end: false },
] as const;

function linkClass({ isActive }: { isActive: boolean }) {
  return `${styles.navLink} ${isActive ? styles.navActive : ''}`;
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
                  <NavLink to={link.to} end={link.end} className={linkClass}>
                    {link.label}
                  </NavLink>
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
