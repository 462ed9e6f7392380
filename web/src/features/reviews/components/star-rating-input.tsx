import { useId } from 'react';
import { RATINGS, Star, starsLabel } from '../../../components/stars';
import styles from './reviews.module.css';

/** Choosing 1 to 5 stars: a radio group (arrow keys move between stars), drawn as stars. */
export function StarRatingInput({
  value,
  onChange,
  disabled = false,
}: {
  value: number | null;
  onChange: (rating: number) => void;
  disabled?: boolean;
}) {
  const name = useId();
  return (
    <fieldset className={styles.ratingInput} disabled={disabled}>
      <legend className={styles.label}>Nota</legend>
      <div className={styles.ratingOptions}>
        {RATINGS.map((rating) => {
          const id = `${name}-${rating}`;
          return (
            <span key={rating} className={styles.ratingOption}>
              <input
                id={id}
                className={styles.ratingRadio}
                type="radio"
                name={name}
                value={rating}
                checked={value === rating}
                onChange={() => onChange(rating)}
              />
              <label htmlFor={id} className={styles.ratingStar}>
                <Star on={value !== null && rating <= value} />
                <span className="visually-hidden">{starsLabel(rating)}</span>
              </label>
            </span>
          );
        })}
      </div>
    </fieldset>
  );
}
