import type { ReactNode } from 'react';
import forms from '../../../components/form.module.css';
import styles from './admin.module.css';

export function PageTitle({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <header className={styles.pageHeader}>
      <h1 className={styles.title}>{children}</h1>
      {actions ? <div className={styles.headerActions}>{actions}</div> : null}
    </header>
  );
}

/** admin-spec §2: errors appear in a form-error paragraph. */
export function FormError({ children }: { children: ReactNode }) {
  return (
    <p className={`${forms.message} ${forms.error}`} role="alert">
      {children}
    </p>
  );
}

/** A wide table that scrolls sideways on a narrow screen instead of the page. */
export function TableWrap({ label, children }: { label: string; children: ReactNode }) {
  return (
    // A named region, focusable so a keyboard can scroll it.
    <div className={styles.tableWrap} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className={styles.empty}>{children}</p>;
}
