import { notificationMessages } from '@quitute/contracts';
import { NotificationsPage } from '../../features/admin/notifications/notifications-page';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function AdminNotificationsRoute() {
  useDocumentTitle(notificationMessages.notificationsPageTitle);
  return <NotificationsPage />;
}
