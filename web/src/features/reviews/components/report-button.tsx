import { errorMessage } from '../../../api/errors';
import { useReportReviewMutation } from '../api/reviews-api';
import { reviewTexts } from '../model/review-texts';
import styles from './reviews.module.css';

/** Lets a signed-in customer report a review to the moderators (once: the server refuses a second time). */
export function ReportButton({ reviewId }: { reviewId: string }) {
  const [report, { isLoading, isSuccess, isError, error }] = useReportReviewMutation();
  if (isSuccess) {
    return (
      <p className={styles.reportNote} role="status">
        {reviewTexts.reportSent}
      </p>
    );
  }
  return (
    <div className={styles.report}>
      <button
        type="button"
        className={styles.reportButton}
        disabled={isLoading}
        onClick={() => void report(reviewId)}
      >
        Denunciar avaliação
      </button>
      {isError ? (
        <p className={styles.reportError} role="alert">
          {errorMessage(error, reviewTexts.reportError)}
        </p>
      ) : null}
    </div>
  );
}
