import styles from './home-page.module.css';
import { shopStatistics } from './shop-statistics';

/** The statistics block; a placeholder of the same size until both lists are in. */
export function ShopStatisticsBlock({
  products,
  ratings,
}: {
  products: readonly { category: string }[] | undefined;
  ratings: readonly number[] | undefined;
}) {
  if (products === undefined || ratings === undefined) {
    return <div className={styles.statsPlaceholder} aria-hidden="true" />;
  }
  return (
    <ul className={styles.stats} aria-label="A Quitute em números">
      {shopStatistics(products, ratings).map((statistic) => (
        <li key={statistic.label} className={styles.stat}>
          <span className={styles.statValue}>{statistic.value}</span>
          <span className={styles.statLabel}>{statistic.label}</span>
        </li>
      ))}
    </ul>
  );
}
