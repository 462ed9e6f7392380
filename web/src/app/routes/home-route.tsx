import { HomePage } from '../../features/home/home-page';
import { FeaturedProducts } from '../../features/menu/components/featured-products';
import { useDocumentTitle } from '../../lib/use-document-title';

export function HomeRoute() {
  useDocumentTitle();
  return <HomePage highlights={<FeaturedProducts />} />;
}
