import { SuccessPage } from '../../features/success/success-page';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function SuccessRoute() {
  useDocumentTitle('Compra Concluída');
  return <SuccessPage />;
}
