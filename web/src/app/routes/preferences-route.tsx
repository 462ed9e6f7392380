import { PreferencesPage } from '../../features/auth/components/preferences-page';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function PreferencesRoute() {
  useDocumentTitle('Preferências');
  return <PreferencesPage />;
}
