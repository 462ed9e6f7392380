import { ProfilePage } from '../../features/auth/components/profile-page';
import { useDocumentTitle } from '../../lib/use-document-title';

export function ProfileRoute() {
  useDocumentTitle('Meu Perfil');
  return <ProfilePage />;
}
