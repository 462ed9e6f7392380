import { ProductionPage } from '../../features/admin/schedule/production-page';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function AdminProductionRoute() {
  useDocumentTitle('Produção do dia');
  return <ProductionPage />;
}
