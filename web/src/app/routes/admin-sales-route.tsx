import { SalesPage } from '../../features/admin/sales/sales-page';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function AdminSalesRoute() {
  useDocumentTitle('Gerenciamento de Vendas');
  return <SalesPage />;
}
