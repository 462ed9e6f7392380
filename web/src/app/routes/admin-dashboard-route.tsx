import { DashboardPage } from '../../features/admin/dashboard/dashboard-page';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function AdminDashboardRoute() {
  useDocumentTitle('Painel de Administração');
  return <DashboardPage />;
}
