import { OrderDetailsPage } from '../../features/admin/orders/order-details-page';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function AdminOrderDetailsRoute() {
  useDocumentTitle('Detalhes do Pedido');
  return <OrderDetailsPage />;
}
