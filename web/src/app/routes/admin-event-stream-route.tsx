import { EventStreamPage } from '../../features/admin/audit/event-stream-page';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function AdminEventStreamRoute() {
  useDocumentTitle('Stream de Eventos');
  return <EventStreamPage />;
}
