import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { FormMessage } from '../../../components/form-field';
import {
  STATIC_MENU_SYNC_ITEMS,
  useGetReviewsQuery,
  useSyncMenuMutation,
} from '../api/reviews-api';
import { reviewTexts } from '../model/review-texts';
import { ReportButton } from './report-button';
import { ReviewCard } from './review-card';
import { ReviewForm, type Reviewer, type ReviewProduct } from './review-form';
import styles from './reviews.module.css';

export interface ReviewsPageProps {
  /** The signed-in user, or null for a visitor (who reads but does not submit). */
  user: (Reviewer & { role: string }) | null;
  /** The menu's products, once loaded. */
  products: readonly ReviewProduct[] | undefined;
  /** The menu could not be loaded. */
  productsFailed: boolean;
}

/**
 * customer spec §6: an administrator's visit sends the static menu to the
 * server, silently — a failure is ignored.
 */
function useMenuSync(isAdmin: boolean) {
  const [syncMenu] = useSyncMenuMutation();
  const sent = useRef(false);
  useEffect(() => {
    if (!isAdmin || sent.current) return;
    sent.current = true;
    void syncMenu(STATIC_MENU_SYNC_ITEMS);
  }, [isAdmin, syncMenu]);
}

/** /avaliacoes (customer spec §2 "Reviews"). */
export function ReviewsPage({ user, products, productsFailed }: ReviewsPageProps) {
  const { data: reviews, isError } = useGetReviewsQuery(undefined);
  useMenuSync(user?.role === 'admin');

  let list;
  if (reviews === undefined) {
    list = isError ? null : <p className={styles.muted}>{reviewTexts.loading}</p>;
  } else if (reviews.length === 0) {
    list = <p className={styles.muted}>{reviewTexts.empty}</p>;
  } else {
    list = (
      <ul className={styles.list}>
        {reviews.map((review) => (
          <li key={review._id}>
            <ReviewCard
              review={review}
              actions={user ? <ReportButton reviewId={review._id} /> : null}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className={styles.page}>
      <header>
        <h1 className={styles.title}>Avaliações</h1>
        <p className={styles.lead}>
          Provou nossos doces e salgados? Conte como foi: sua opinião ajuda outros clientes e ajuda
          a gente a caprichar ainda mais.
        </p>
      </header>
      {isError || productsFailed ? (
        <FormMessage tone="error">{reviewTexts.loadError}</FormMessage>
      ) : null}
      <div className={styles.layout}>
        <section className={styles.formCard} aria-labelledby="avaliar-titulo">
          <h2 id="avaliar-titulo" className={styles.heading}>
            Deixe sua avaliação
          </h2>
          {user ? (
            <ReviewForm user={user} products={products ?? []} />
          ) : (
            <p>
              {reviewTexts.loginToReview} <Link to="/login">Entrar</Link>
            </p>
          )}
        </section>
        <section aria-labelledby="avaliacoes-titulo">
          <h2 id="avaliacoes-titulo" className={styles.heading}>
            O que nossos clientes dizem
          </h2>
          {list}
        </section>
      </div>
    </div>
  );
}
