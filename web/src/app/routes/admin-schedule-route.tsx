import { SchedulePage } from '../../features/admin/schedule/schedule-page';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function AdminScheduleRoute() {
  useDocumentTitle('Agenda e Produção');
  return <SchedulePage />;
}
