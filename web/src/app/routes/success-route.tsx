import { PlacedOrderSummary } from '../../features/orders/components/placed-order-summary';
import { SuccessPage } from '../../features/success/success-page';
import { useDocumentTitle } from '../../hooks/use-document-title';

const summary = (orderId: string) => <PlacedOrderSummary orderId={orderId} />;

export function SuccessRoute() {
  useDocumentTitle('Compra Concluída');
  return <SuccessPage summary={summary} />;
}
