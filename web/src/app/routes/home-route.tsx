import { lazy } from 'react';
import { HomePage } from '../../features/home/home-page';
import { useGetProductsQuery } from '../../features/menu/api/products-api';
import { useGetReviewsQuery } from '../../features/reviews/api/reviews-api';
import { useDocumentTitle } from '../../hooks/use-document-title';

const FeaturedProducts = lazy(() =>
  import('../../features/menu/components/featured-products').then((m) => ({
    default: m.FeaturedProducts,
  })),
);
const Testimonials = lazy(() =>
  import('../../features/reviews/components/testimonials').then((m) => ({
    default: m.Testimonials,
  })),
);
const ShopStatisticsBlock = lazy(() =>
  import('../../features/home/shop-statistics-block').then((m) => ({
    default: m.ShopStatisticsBlock,
  })),
);

/** The statistics come from the menu and the approved reviews; without reviews, from the menu alone; without the menu, none. */
function Statistics() {
  const products = useGetProductsQuery({});
  const reviews = useGetReviewsQuery(undefined);
  if (products.isError) return null;
  const ratings = reviews.isError ? [] : reviews.data?.map((review) => review.rating);
  return <ShopStatisticsBlock products={products.data} ratings={ratings} />;
}

/** /: the home feature's blocks, fed by the menu and reviews features. */
export function HomeRoute() {
  useDocumentTitle();
  return (
    <HomePage
      statistics={<Statistics />}
      products={<FeaturedProducts />}
      testimonials={<Testimonials />}
    />
  );
}
