import { Link } from 'react-router';
import { ProductImage } from '../../../components/product-image';
import { useGetProductsQuery } from '../api/products-api';
import { groupByCategory, priceLabel } from '../model/menu-model';
import { menuHref } from '../model/menu-params';
import styles from './featured-products.module.css';

/** A taste of the menu: the first item of each category, linking to that category. */
export function FeaturedProducts() {
  const { data } = useGetProductsQuery({});
  const featured = groupByCategory(data ?? []).flatMap((section) => section.products.slice(0, 1));

  if (data === undefined) return <div className={styles.placeholder} aria-hidden="true" />;
  if (featured.length === 0) return null;
  return (
    <ul className={styles.list}>
      {featured.map((product) => {
        const { price, unit } = priceLabel(product);
        return (
          <li key={product._id} className={styles.item}>
            <Link className={styles.link} to={menuHref({ categoria: product.category })}>
              <ProductImage imageUrl={product.imageUrl} alt="" />
              <span className={styles.category}>{product.category}</span>
              <span className={styles.name}>{product.name}</span>
              <span className={styles.price}>
                {price}
                {unit}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
