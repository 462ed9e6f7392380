import type { ReactNode } from 'react';
import { CheckIcon } from '../../../components/icons';
import { Stars } from '../../../components/stars';
import { reviewDateText } from '../../../lib/review-date';
import type { PublicReview } from '../model/review-model';
import { reviewTexts } from '../model/review-texts';
import styles from './reviews.module.css';

/** One public review: product, stars, comment, author and date (customer spec §2). */
export function ReviewCard({ review, actions }: { review: PublicReview; actions?: ReactNode }) {
  const headingId = `avaliacao-${review._id}`;
  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <header className={styles.cardHeader}>
        <h3 id={headingId} className={styles.product}>
          {review.productName}
        </h3>
        <Stars rating={review.rating} />
      </header>
      {review.comment ? <p className={styles.comment}>{review.comment}</p> : null}
      <footer className={styles.meta}>
        <span className={styles.author}>{review.userName}</span>
        <span aria-hidden="true">·</span>
        <span>{reviewDateText(review.createdAt)}</span>
        {review.verifiedPurchase ? (
          <span className={styles.verified}>
            <CheckIcon aria-hidden="true" />
            {reviewTexts.verifiedPurchase}
          </span>
        ) : null}
      </footer>
      {actions}
    </article>
  );
}
