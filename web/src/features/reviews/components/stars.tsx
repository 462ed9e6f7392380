import { StarIcon } from '../../../components/icons';
import { RATINGS, ratingLabel } from '../model/review-model';
import styles from './reviews.module.css';

/** A rating shown as five stars, read out as 'Nota 4 de 5'. */
export function Stars({ rating }: { rating: number }) {
  return (
    <span className={styles.stars} role="img" aria-label={ratingLabel(rating)}>
      {RATINGS.map((value) => (
        <StarIcon key={value} className={value <= rating ? styles.starOn : styles.starOff} />
      ))}
    </span>
  );
}
