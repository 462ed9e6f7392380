import { useSyncExternalStore } from 'react';
import { ArrowUpIcon } from '../../components/icons';
import { SCROLL_TO_TOP_THRESHOLD_PX } from '../../config/ui';
import styles from './scroll-to-top.module.css';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

const scrolledPast = () => window.scrollY > SCROLL_TO_TOP_THRESHOLD_PX;

/** Appears once the page is scrolled more than 100 px. */
export function ScrollToTop() {
  const visible = useSyncExternalStore(subscribe, scrolledPast, () => false);
  if (!visible) return null;
  return (
    <button
      type="button"
      className={styles.button}
      data-floating-button=""
      aria-label="Voltar ao topo"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <ArrowUpIcon />
    </button>
  );
}
