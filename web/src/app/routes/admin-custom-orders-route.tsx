import { customOrderTexts } from '../../features/admin/custom-orders/custom-order-texts';
import { CustomOrdersPage } from '../../features/admin/custom-orders/custom-orders-page';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function AdminCustomOrdersRoute() {
  useDocumentTitle(customOrderTexts.title);
  return <CustomOrdersPage />;
}
