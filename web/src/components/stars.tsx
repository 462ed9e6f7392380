import { StarIcon } from './icons';
import styles from './stars.module.css';

/** The ratings a review can have (1 to 5 stars), lowest first. */
export const RATINGS = [1, 2, 3, 4, 5] as const;

export function starsLabel(rating: number): string {
  return rating === 1 ? '1 estrela' : `${rating} estrelas`;
}

/** One star of a rating, filled when `on`. */
export function Star({ on }: { on: boolean }) {
  return <StarIcon className={on ? styles.starOn : styles.starOff} />;
}

/** A rating shown as five stars, read out as 'Nota 4 de 5' (the shop's reviews and their moderation). */
export function Stars({ rating }: { rating: number }) {
  return (
    <span className={styles.stars} role="img" aria-label={`Nota ${rating} de 5`}>
      {RATINGS.map((value) => (
        <Star key={value} on={value <= rating} />
      ))}
    </span>
  );
}
