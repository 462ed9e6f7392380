import { UsersPage } from '../../features/admin/users/users-page';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function AdminUsersRoute() {
  useDocumentTitle('Gerenciamento de Usuários');
  return <UsersPage />;
}
