import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './admin.module.css';

/** A figure with its label; a link when it leads to the page behind it (the dashboard's cards). */
export function StatCard({
  label,
  value,
  to,
  tone = 'accent',
}: {
  label: string;
  value: ReactNode;
  to?: string;
  tone?: 'accent' | 'success' | 'warning' | 'danger' | 'info';
}) {
  const body = (
    <>
      <span className={styles.statLabel}>{label}</span>
      <span className={styles.statValue}>{value}</span>
    </>
  );
  const className = `${styles.statCard} ${styles[`stat-${tone}`] ?? ''}`;
  return (
    <li className={styles.statItem}>
      {to ? (
        <Link to={to} className={`${className} ${styles.statLink}`}>
          {body}
        </Link>
      ) : (
        <div className={className}>{body}</div>
      )}
    </li>
  );
}

export function StatGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className={styles.stats} aria-label={label}>
      {children}
    </ul>
  );
}
