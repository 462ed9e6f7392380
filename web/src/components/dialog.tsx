import {
  useEffectEvent,
  useId,
  useLayoutEffect,
  useRef,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import styles from './dialog.module.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

let openDialogs = 0;
const openDialogsListeners = new Set<() => void>();

/** Makes the page behind a modal unreachable (focus, clicks, screen readers) while one is open. */
function setBackgroundInert(inert: boolean): void {
  const root = document.getElementById('root');
  openDialogs += inert ? 1 : -1;
  for (const listener of openDialogsListeners) listener();
  if (!root) return;
  if (openDialogs > 0) root.setAttribute('inert', '');
  else root.removeAttribute('inert');
}

function subscribeToDialogs(listener: () => void): () => void {
  openDialogsListeners.add(listener);
  return () => openDialogsListeners.delete(listener);
}

/** Whether a modal dialog is open: what sits on the page (the cookie banner) waits for it to close. */
export function useDialogOpen(): boolean {
  return useSyncExternalStore(
    subscribeToDialogs,
    () => openDialogs > 0,
    () => false,
  );
}

export interface DialogProps {
  title: string;
  children: ReactNode;
  onClose: () => void;
  /** Text of the button that closes the dialog. */
  closeLabel?: string;
  tone?: 'info' | 'warning' | 'success' | 'error';
  /** The single close button at the bottom (default); off when the body or `footer` has its own buttons. */
  closeButton?: boolean;
  /** Buttons under the body (a confirmation's Cancelar and Confirmar). */
  footer?: ReactNode;
  /** A × button beside the title that closes the dialog. */
  closeIcon?: boolean;
  /** A click on the backdrop, outside the panel, closes the dialog. */
  closeOnOutsideClick?: boolean;
  /** A wider panel, for forms. */
  size?: 'normal' | 'wide';
  /**
   * Its action is running (a form being saved): nothing closes it meanwhile, so the
   * answer (an error to read, a success) is never lost with a closed dialog.
   */
  busy?: boolean;
}

/** Where focus goes when the dialog opens: its close button, else the first control of the body, then of the rest. */
function initialFocus(
  panel: HTMLElement | null,
  closeButton: HTMLElement | null,
): HTMLElement | null {
  if (closeButton) return closeButton;
  if (!panel) return null;
  return (
    panel.querySelector<HTMLElement>(`[data-dialog-body] :is(${FOCUSABLE})`) ??
    panel.querySelector<HTMLElement>(`[data-dialog-footer] :is(${FOCUSABLE})`) ??
    panel.querySelector<HTMLElement>(FOCUSABLE) ??
    panel
  );
}

/**
 * A modal dialog: labelled by its title and described by its body, focus
 * moved in and trapped, Escape and the close button close it, and focus
 * returns where it was.
 */
export function Dialog({
  title,
  children,
  onClose,
  closeLabel = 'Fechar',
  tone = 'info',
  closeButton = true,
  footer,
  closeIcon = false,
  closeOnOutsideClick = false,
  size = 'normal',
  busy = false,
}: DialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const requestClose = () => {
    if (!busy) onClose();
  };
  const close = useEffectEvent(requestClose);
  // An outside click is a press and a release both on the backdrop (not a text selection dragged out of the panel).
  const pressedOutside = useRef(false);

  // A layout effect: focus is inside the dialog by the time anyone can see it or type.
  useLayoutEffect(() => {
    const previous = document.activeElement;
    initialFocus(panelRef.current, closeRef.current)?.focus();
    setBackgroundInert(true);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
        return;
      }
      if (event.key !== 'Tab' || !panelRef.current) return;
      const focusable = Array.from(panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
      const first = focusable[0];
      const last = focusable.at(-1);
      if (!first || !last) return;
      const active = document.activeElement;
      const inside = active instanceof Node && panelRef.current.contains(active);
      if (event.shiftKey && (active === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      setBackgroundInert(false);
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
    };
  }, []);

  return createPortal(
    <div
      className={styles.backdrop}
      onMouseDown={(event) => {
        pressedOutside.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (closeOnOutsideClick && pressedOutside.current && event.target === event.currentTarget) {
          requestClose();
        }
        pressedOutside.current = false;
      }}
    >
      <div
        ref={panelRef}
        className={`${styles.panel} ${styles[tone] ?? ''} ${size === 'wide' ? styles.wide : ''}`}
        role="dialog"
        aria-modal="true"
        aria-busy={busy}
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        tabIndex={-1}
      >
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {closeIcon ? (
            <button
              type="button"
              className={styles.closeIcon}
              aria-label={closeLabel}
              disabled={busy}
              onClick={requestClose}
            >
              <span aria-hidden="true">×</span>
            </button>
          ) : null}
        </div>
        <div id={bodyId} className={styles.body} data-dialog-body="">
          {children}
        </div>
        {footer ? (
          <div className={styles.footer} data-dialog-footer="">
            {footer}
          </div>
        ) : null}
        {closeButton ? (
          <button
            ref={closeRef}
            type="button"
            className={styles.close}
            disabled={busy}
            onClick={requestClose}
          >
            {closeLabel}
          </button>
        ) : null}
      </div>
    </div>,
    document.body,
  );
}
