import { ProfilePage } from '../../features/auth/components/profile-page';
import { RecentOrders } from '../../features/orders/components/recent-orders';
import { useDocumentTitle } from '../../hooks/use-document-title';

/** /perfil: the account feature's page with the orders feature's recent orders. */
export function ProfileRoute() {
  useDocumentTitle('Meu Perfil');
  return <ProfilePage recentOrders={<RecentOrders />} />;
}
