import { PrivacyPage } from '../../features/legal/privacy-page';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function PrivacyRoute() {
  useDocumentTitle('Política de Privacidade');
  return <PrivacyPage />;
}
