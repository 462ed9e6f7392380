import { Link } from 'react-router';
import { useGetReviewsQuery } from '../api/reviews-api';
import { latestReviews } from '../model/review-model';
import { reviewTexts } from '../model/review-texts';
import { ReviewCard } from './review-card';
import styles from './reviews.module.css';

const TESTIMONIAL_COUNT = 3;

/** The home page's testimonials: the newest approved reviews. */
export function Testimonials() {
  const { data, isError } = useGetReviewsQuery(undefined);
  if (isError) return <p className={styles.muted}>{reviewTexts.loadError}</p>;
  if (data === undefined) return <div className={styles.placeholder} aria-hidden="true" />;
  const latest = latestReviews(data, TESTIMONIAL_COUNT);
  if (latest.length === 0) {
    return (
      <p className={styles.muted}>
        {reviewTexts.empty} <Link to="/avaliacoes">Avaliar agora</Link>
      </p>
    );
  }
  return (
    <ul className={styles.testimonials}>
      {latest.map((review) => (
        <li key={review._id}>
          <ReviewCard review={review} />
        </li>
      ))}
    </ul>
  );
}
