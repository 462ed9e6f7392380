import { useEffect, useEffectEvent } from 'react';
import { NOTIFICATION_MS } from '../model/admin-constants';
import styles from './admin.module.css';

/** The products page's transient notification (admin-spec §2): info, success or error. */
export interface Notice {
  type: 'info' | 'success' | 'error';
  text: string;
  id: number;
}

export function Notification({ notice, onDone }: { notice: Notice | null; onDone: () => void }) {
  const done = useEffectEvent(onDone);
  const id = notice?.id;
  useEffect(() => {
    if (id === undefined) return;
    const timer = setTimeout(() => done(), NOTIFICATION_MS);
    return () => clearTimeout(timer);
  }, [id]);
  return (
    <div className={styles.notifications} aria-live="polite">
      {notice ? (
        <p
          key={notice.id}
          className={`${styles.notification} ${styles[`notification-${notice.type}`] ?? ''}`}
          role={notice.type === 'error' ? 'alert' : 'status'}
        >
          {notice.text}
        </p>
      ) : null}
    </div>
  );
}
