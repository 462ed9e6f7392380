/** Where the browser's Notification API stands for this page: unsupported, or its permission. */
export type BrowserNotificationState = 'unsupported' | NotificationPermission;

export function browserNotificationState(): BrowserNotificationState {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Asks the browser (from a click); the answer is the new state. */
export async function askForBrowserNotifications(): Promise<BrowserNotificationState> {
  if (typeof Notification === 'undefined') return 'unsupported';
  try {
    return await Notification.requestPermission();
  } catch {
    return Notification.permission;
  }
}

/**
 * A notification of the operating system, only while the tab is hidden (a
 * visible admin area has its toast) and the permission is granted. A click
 * brings the tab back and runs `onClick`.
 */
export function notifyWhileHidden(
  message: { title: string; body: string; tag: string },
  onClick: () => void,
): void {
  if (browserNotificationState() !== 'granted' || document.visibilityState !== 'hidden') return;
  try {
    const notification = new Notification(message.title, { body: message.body, tag: message.tag });
    notification.onclick = () => {
      window.focus();
      onClick();
      notification.close();
    };
  } catch (error) {
    // Some mobile browsers allow notifications only from a service worker.
    console.warn('Não foi possível mostrar a notificação do navegador.', error);
  }
}
