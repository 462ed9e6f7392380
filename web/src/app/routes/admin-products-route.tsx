import { ProductsPage } from '../../features/admin/products/products-page';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function AdminProductsRoute() {
  useDocumentTitle('Gerenciamento de Produtos');
  return <ProductsPage />;
}
