import { LoginPage } from '../../features/auth/components/login-page';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function LoginRoute() {
  useDocumentTitle('Entrar');
  return <LoginPage />;
}
