import { OrdersPage } from '../../features/admin/orders/orders-page';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function AdminOrdersRoute() {
  useDocumentTitle('Gerenciamento de Pedidos');
  return <OrdersPage />;
}
