import { EventLogPage } from '../../features/admin/audit/event-log-page';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function AdminEventsRoute() {
  useDocumentTitle('Log de Eventos');
  return <EventLogPage />;
}
