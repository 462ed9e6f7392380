import type { ReactNode } from 'react';
import type { BadgeTone } from '../model/admin-labels';
import styles from './admin.module.css';

export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return <span className={`${styles.badge} ${styles[`badge-${tone}`] ?? ''}`}>{children}</span>;
}
