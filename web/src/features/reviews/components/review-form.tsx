import { REVIEW_COMMENT_MAX_LENGTH } from '@quitute/contracts';
import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../api/errors';
import buttons from '../../../components/button.module.css';
import { FormMessage } from '../../../components/form-field';
import form from '../../../components/form.module.css';
import { useCreateReviewMutation } from '../api/reviews-api';
import { newReview } from '../model/review-model';
import { reviewTexts } from '../model/review-texts';
import styles from './reviews.module.css';
import { StarRatingInput } from './star-rating-input';

export interface ReviewProduct {
  _id: string;
  name: string;
}

export interface Reviewer {
  name: string;
  email: string;
}

/** Product, 1–5 stars and an optional comment (customer spec §2, §5); a new review waits for approval. */
export function ReviewForm({
  user,
  products,
}: {
  user: Reviewer;
  products: readonly ReviewProduct[];
}) {
  const productId = useId();
  const commentId = useId();
  const [productChoice, setProductChoice] = useState('');
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [feedback, setFeedback] = useState<{ tone: 'error' | 'success'; text: string } | null>(
    null,
  );
  const [createReview, { isLoading }] = useCreateReviewMutation();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const product = products.find((candidate) => candidate._id === productChoice);
    if (!product || rating === null) {
      setFeedback({ tone: 'error', text: reviewTexts.required });
      return;
    }
    setFeedback(null);
    const result = await createReview(newReview({ product, rating, comment, user }));
    if (result.error) {
      setFeedback({ tone: 'error', text: errorMessage(result.error, reviewTexts.submitError) });
      return;
    }
    setProductChoice('');
    setRating(null);
    setComment('');
    setFeedback({ tone: 'success', text: reviewTexts.submitted });
  };

  return (
    <form className={form.form} onSubmit={(event) => void submit(event)} aria-label="Avaliação">
      <div className={form.field}>
        <label className={form.label} htmlFor={productId}>
          Produto
        </label>
        <select
          id={productId}
          className={form.input}
          value={productChoice}
          disabled={isLoading}
          onChange={(event) => setProductChoice(event.target.value)}
        >
          <option value="">Selecione um produto</option>
          {products.map((product) => (
            <option key={product._id} value={product._id}>
              {product.name}
            </option>
          ))}
        </select>
      </div>
      <StarRatingInput value={rating} onChange={setRating} disabled={isLoading} />
      <div className={form.field}>
        <label className={form.label} htmlFor={commentId}>
          Comentário (opcional)
        </label>
        <textarea
          id={commentId}
          className={`${form.input} ${styles.textarea}`}
          rows={4}
          maxLength={REVIEW_COMMENT_MAX_LENGTH}
          disabled={isLoading}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
        />
      </div>
      <button type="submit" className={buttons.button} disabled={isLoading}>
        {isLoading ? 'Enviando...' : 'Enviar Avaliação'}
      </button>
      {feedback ? <FormMessage tone={feedback.tone}>{feedback.text}</FormMessage> : null}
    </form>
  );
}
