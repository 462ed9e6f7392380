import { useContext, useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { Dialog } from '../../../components/dialog';
import { UserIcon } from '../../../components/icons';
import { PrerenderingContext } from '../../../components/prerendering-context';
import { LOGOUT_POPUP_MS } from '../../../config/ui';
import { loggedOut, selectCurrentUser } from '../auth-slice';
import { authMessages } from '../model/auth-messages';
import styles from './user-menu.module.css';

/** 'Deslogado com sucesso!', then the home page after 5 s or when closed (spec §2). */
function LogoutPopup({ onDone }: { onDone: () => void }) {
  const done = useEffectEvent(onDone);
  useEffect(() => {
    const timer = setTimeout(() => done(), LOGOUT_POPUP_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Dialog title={authMessages.loggedOut} tone="success" onClose={onDone}>
      <p>Até breve! Você será levado à página inicial.</p>
    </Dialog>
  );
}

function linkClass({ isActive }: { isActive: boolean }) {
  return `${styles.item} ${isActive ? styles.active : ''}`;
}

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

/**
 * The header's user menu (spec §2). Logged out: Entrar and Cadastrar. Logged
 * in: profile, orders, reviews, the admin panel for admins, and Sair. On
 * phones the items sit in the mobile menu; on wider screens they open from
 * the account button (a visitor's two links stand in the bar from 80rem).
 * In a prerendered page, whose visitor may well be signed in, only the
 * account button shows ('Minha Conta'), with no items, until the app renders.
 */
export function UserMenu({ onLogout }: { onLogout?: () => void }) {
  const user = useSelector(selectCurrentUser);
  const sessionUnknown = useContext(PrerenderingContext);
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [loggingOut, setLoggingOut] = useState(false);
  // Like the mobile menu, the dropdown belongs to the page it was opened on.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.key;
  const rootRef = useRef<HTMLElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) {
        setOpenOn(null);
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const finishLogout = () => {
    setLoggingOut(false);
    navigate('/');
  };

  const popup = loggingOut ? <LogoutPopup onDone={finishLogout} /> : null;

  const logout = () => {
    setOpenOn(null);
    onLogout?.();
    dispatch(loggedOut());
    setLoggingOut(true);
  };

  return (
    <nav
      ref={rootRef}
      className={`${styles.menu} ${user || sessionUnknown ? '' : styles.guest}`}
      aria-label="Conta"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpenOn(null);
        }
      }}
    >
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpenOn(open ? null : location.key)}
      >
        <UserIcon />
        <span className={styles.toggleText}>
          {user ? `Olá, ${firstName(user.name) || 'cliente'}` : 'Minha Conta'}
        </span>
      </button>
      <ul id={listId} className={`${styles.list} ${open ? styles.listOpen : ''}`}>
        {sessionUnknown ? null : user ? (
          <>
            <li>
              <NavLink to="/perfil" className={linkClass}>
                Meu Perfil
              </NavLink>
            </li>
            <li>
              <NavLink to="/orders" className={linkClass}>
                Meus Pedidos
              </NavLink>
            </li>
            <li>
              <NavLink to="/avaliacoes" className={linkClass}>
                Avaliações
              </NavLink>
            </li>
            {user.role === 'admin' ? (
              <li>
                <Link to="/admin" className={styles.item}>
                  Painel Admin
                </Link>
              </li>
            ) : null}
            <li>
              <button type="button" className={`${styles.item} ${styles.logout}`} onClick={logout}>
                Sair
              </button>
            </li>
          </>
        ) : (
          <>
            <li>
              <NavLink to="/login" className={linkClass}>
                Entrar
              </NavLink>
            </li>
            <li>
              <NavLink to="/register" className={`${styles.item} ${styles.register}`}>
                Cadastrar
              </NavLink>
            </li>
          </>
        )}
      </ul>
      {popup}
    </nav>
  );
}
