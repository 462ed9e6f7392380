import { CustomOrderPage } from '../../features/custom-order/custom-order-page';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function CustomOrderRoute() {
  useDocumentTitle('Encomendas');
  return <CustomOrderPage />;
}
