import { RegisterPage } from '../../features/auth/components/register-page';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function RegisterRoute() {
  useDocumentTitle('Criar Conta');
  return <RegisterPage />;
}
