import { OrderDetailsPage } from '../../features/orders/components/order-details-page';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function OrderDetailsRoute() {
  useDocumentTitle('Detalhes do Pedido');
  return <OrderDetailsPage />;
}
