import { ResetRequestPage } from '../../features/auth/components/reset-request-page';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function ResetRequestRoute() {
  useDocumentTitle('Redefinir Senha');
  return <ResetRequestPage />;
}
