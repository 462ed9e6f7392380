import { notificationMessages, type NewOrderPush } from '@quitute/contracts';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import styles from '../components/admin.module.css';
import { Notification, type Notice } from '../components/notification';
import { alertTexts } from '../model/admin-texts';
import { readNewOrderSound, writeNewOrderSound } from './alert-settings';
import {
  askForBrowserNotifications,
  browserNotificationState,
  notifyWhileHidden,
  type BrowserNotificationState,
} from './browser-notifications';
import { createChime } from './chime';
import {
  emptyNewOrderFeed,
  newOrderAlertText,
  newOrderDetails,
  newOrderTitle,
  ordersAfter,
} from './new-order-alert';
import { useNewOrdersQuery } from './new-orders-api';

const NO_ORDERS = emptyNewOrderFeed();

export interface NewOrderAlertState {
  /** New orders she has not seen on the orders page yet (the badge on 'Pedidos'). */
  unseen: number;
  /** The toast of the latest new order, until it goes. */
  notice: Notice | null;
  dismissNotice: () => void;
  controls: NewOrderAlertControlsProps;
}

/**
 * The admin area's new-order alerts (issue 41 point 6): every order paid
 * while it is open shows a toast and counts on the 'Pedidos' badge (unless she
 * is on the orders page, which clears it), chimes when she turned the sound
 * on, and notifies the system while the tab is hidden when she allowed it.
 */
export function useNewOrderAlerts({ onOrdersPage }: { onOrdersPage: boolean }): NewOrderAlertState {
  const feed = useNewOrdersQuery(undefined).data ?? NO_ORDERS;
  const navigate = useNavigate();
  const [sound, setSound] = useState(() => readNewOrderSound());
  const [chime] = useState(() => createChime());
  const [notifications, setNotifications] = useState(browserNotificationState);
  const [seenAt, setSeenAt] = useState(0);
  const [dismissedAt, setDismissedAt] = useState(0);

  // The orders page shows them all: what was pushed until now is seen.
  if ((onOrdersPage && seenAt !== feed.total) || feed.total < seenAt) setSeenAt(feed.total);

  const announce = useEffectEvent((orders: NewOrderPush[]) => {
    if (sound) chime.play();
    for (const order of orders) {
      notifyWhileHidden(
        {
          title: newOrderTitle(order),
          body: newOrderDetails(order),
          tag: `pedido-${order.orderId}`,
        },
        () => void navigate(`/admin/orders/${encodeURIComponent(order.orderId)}`),
      );
    }
  });
  useEffect(() => {
    if (!sound) return;
    // Turned on in an earlier visit: browsers let the page play sound after its first gesture.
    const unlock = () => chime.unlock();
    document.addEventListener('pointerdown', unlock, { once: true });
    document.addEventListener('keydown', unlock, { once: true });
    return () => {
      document.removeEventListener('pointerdown', unlock);
      document.removeEventListener('keydown', unlock);
    };
  }, [sound, chime]);

  const handled = useRef(0);
  useEffect(() => {
    const fresh = ordersAfter(feed, handled.current);
    handled.current = feed.total;
    if (fresh.length > 0) announce(fresh);
  }, [feed]);

  const latest = feed.recent.at(-1);
  return {
    unseen: Math.max(0, feed.total - seenAt),
    notice:
      latest && feed.total > dismissedAt
        ? { type: 'success', text: newOrderAlertText(latest), id: feed.total }
        : null,
    dismissNotice: () => setDismissedAt(feed.total),
    controls: {
      sound,
      onSoundChange: (on) => {
        // The click is the gesture that lets the page play sound from now on.
        if (on) chime.unlock();
        writeNewOrderSound(on);
        setSound(on);
      },
      notifications,
      onEnableNotifications: async () => setNotifications(await askForBrowserNotifications()),
    },
  };
}

export interface NewOrderAlertControlsProps {
  sound: boolean;
  onSoundChange: (on: boolean) => void;
  notifications: BrowserNotificationState;
  onEnableNotifications: () => Promise<void>;
}

/** The alerts' two controls, in the admin area's sidebar: the sound and the browser's notifications. */
export function NewOrderAlertControls({
  sound,
  onSoundChange,
  notifications,
  onEnableNotifications,
}: NewOrderAlertControlsProps) {
  return (
    <section className={styles.alerts} aria-label={alertTexts.controlsLabel}>
      <label className={styles.alertToggle}>
        <input
          type="checkbox"
          checked={sound}
          onChange={(event) => onSoundChange(event.target.checked)}
        />
        {notificationMessages.soundToggle}
      </label>
      {notifications === 'default' ? (
        <button
          type="button"
          className={styles.alertButton}
          onClick={() => void onEnableNotifications()}
        >
          {notificationMessages.enableBrowserNotifications}
        </button>
      ) : null}
      {notifications === 'granted' ? (
        <p className={styles.alertNote}>{alertTexts.browserNotificationsOn}</p>
      ) : null}
      {notifications === 'denied' ? (
        <p className={styles.alertNote} role="status">
          {notificationMessages.browserNotificationsDenied}
        </p>
      ) : null}
    </section>
  );
}

/**
 * The alerts as the admin area shows them: their controls where it renders
 * this (the sidebar) and the toast; the count for the 'Pedidos' badge goes to
 * `onUnseenChange`. The area loads this module lazily, so its shell (in the
 * shop's route table) does not carry the alerts' code.
 */
export function NewOrderAlerts({
  onOrdersPage,
  onUnseenChange,
}: {
  onOrdersPage: boolean;
  onUnseenChange: (count: number) => void;
}) {
  const alerts = useNewOrderAlerts({ onOrdersPage });
  const report = useEffectEvent(onUnseenChange);
  useEffect(() => report(alerts.unseen), [alerts.unseen]);
  return (
    <>
      <NewOrderAlertControls {...alerts.controls} />
      <Notification notice={alerts.notice} onDone={alerts.dismissNotice} />
    </>
  );
}
