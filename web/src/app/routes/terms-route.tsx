import { TermsPage } from '../../features/legal/terms-page';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function TermsRoute() {
  useDocumentTitle('Termos de Uso');
  return <TermsPage />;
}
