import { UserDetailsPage } from '../../features/admin/users/user-details-page';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function AdminUserDetailsRoute() {
  useDocumentTitle('Detalhes do Usuário');
  return <UserDetailsPage />;
}
