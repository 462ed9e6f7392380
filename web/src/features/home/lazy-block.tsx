import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import styles from './home-page.module.css';

/** How far below the fold a block starts loading, so it is ready when scrolled to. */
const LOAD_AHEAD = '300px';

/**
 * A home page block that loads (its code and its data) only when it comes
 * near the screen; a placeholder keeps its place meanwhile, so nothing jumps.
 * Without IntersectionObserver it loads at once.
 */
export function LazyBlock({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: LOAD_AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  const placeholder = <div className={styles.placeholder} aria-hidden="true" />;
  return (
    <div ref={ref}>
      {near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}
    </div>
  );
}
