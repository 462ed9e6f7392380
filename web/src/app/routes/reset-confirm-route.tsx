import { ResetConfirmPage } from '../../features/auth/components/reset-confirm-page';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function ResetConfirmRoute() {
  useDocumentTitle('Criar Nova Senha');
  return <ResetConfirmPage />;
}
