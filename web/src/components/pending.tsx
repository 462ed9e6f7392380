import styles from './pending.module.css';

/**
 * The place of a value of the shop's settings while they load (or could not
 * be loaded): a quiet blank of about the value's width, so nothing jumps when
 * it arrives and no stale value is shown meanwhile. Hidden from screen readers.
 */
export function Pending({ width = 'medium' }: { width?: 'short' | 'medium' | 'long' }) {
  return <span className={`${styles.pending} ${styles[width]}`} aria-hidden="true" />;
}
