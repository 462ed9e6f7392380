import { ShopSettingsPage } from '../../features/admin/shop/shop-settings-page';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function AdminShopRoute() {
  useDocumentTitle('Configurações da Loja');
  return <ShopSettingsPage />;
}
