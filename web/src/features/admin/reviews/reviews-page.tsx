import { useState } from 'react';
import { errorMessage } from '../../../api/errors';
import buttons from '../../../components/button.module.css';
import { Dialog } from '../../../components/dialog';
import form from '../../../components/form.module.css';
import { RATINGS, Stars, starsLabel } from '../../../components/stars';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { reviewDateText } from '../../../lib/review-date';
import { ConfirmDialog } from '../components/confirm-dialog';
import { Pagination } from '../components/pagination';
import { reviewTexts } from '../model/admin-texts';
import {
  defaultFilters,
  reviewStats,
  SORT_OPTIONS,
  STATUS_OPTIONS,
  statusLabel,
  type AdminReview,
  type AdminReviewFilters,
  type SortBy,
} from './review-list';
import {
  useApproveReviewMutation,
  useDeleteReviewMutation,
  useGetAdminReviewsQuery,
} from './reviews-api';
import styles from './reviews.module.css';
import { EmailText } from '../../../components/email-text';

/** admin spec §9: 500 ms on the other admin lists' search boxes. */
const SEARCH_DEBOUNCE_MS = 500;

export interface AdminReviewsPageProps {
  /** The signed-in user is an administrator (the page checks it itself, admin spec §6). */
  isAdmin: boolean;
  searchDebounceMs?: number;
}

/** /admin/reviews (admin spec §2 "Reviews page"). */
export function AdminReviewsPage({
  isAdmin,
  searchDebounceMs = SEARCH_DEBOUNCE_MS,
}: AdminReviewsPageProps) {
  if (!isAdmin) {
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>{reviewTexts.accessDenied}</h1>
        <p>{reviewTexts.accessDeniedDetail}</p>
      </div>
    );
  }
  return <AdminReviews searchDebounceMs={searchDebounceMs} />;
}

type Action = 'approve' | 'delete';

const ACTION_TEXTS = {
  approve: {
    confirm: reviewTexts.confirmApprove,
    done: reviewTexts.approved,
    failed: reviewTexts.approveError,
  },
  delete: {
    confirm: reviewTexts.confirmDelete,
    done: reviewTexts.deleted,
    failed: reviewTexts.deleteError,
  },
} as const;

function AdminReviews({ searchDebounceMs }: { searchDebounceMs: number }) {
  const [filters, setFilters] = useState<AdminReviewFilters>(defaultFilters);
  const [page, setPage] = useState(1);
  const [minPosition, setMinPosition] = useState<number | undefined>(undefined);
  const debouncedSearch = useDebouncedValue(filters.search, searchDebounceMs);
  // Typing waits for a pause; emptying the box (or Limpar Filtros) applies at once.
  const search = filters.search ? debouncedSearch : '';
  const { data, error, isError, isFetching, refetch } = useGetAdminReviewsQuery(
    { ...filters, search, page, minPosition },
    // Moderation works on fresh lists: going back to a filter asks the server again.
    { refetchOnMountOrArgChange: true },
  );
  const [confirming, setConfirming] = useState<{ action: Action; review: AdminReview } | null>(
    null,
  );
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [approve, approving] = useApproveReviewMutation();
  const [remove, removing] = useDeleteReviewMutation();
  const busy = approving.isLoading || removing.isLoading;

  // A change of filter or search goes back to the first page (admin spec §4).
  const changeFilters = (patch: Partial<AdminReviewFilters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
  };

  const confirm = async () => {
    if (!confirming) return;
    const { action, review } = confirming;
    const result = action === 'approve' ? await approve(review._id) : await remove(review._id);
    setConfirming(null);
    if (result.error) {
      setOutcome({ tone: 'error', text: errorMessage(result.error, ACTION_TEXTS[action].failed) });
      return;
    }
    if (result.data === null) void refetch();
    else setMinPosition(result.data);
    setOutcome({ tone: 'success', text: ACTION_TEXTS[action].done });
  };

  const reviews = data?.reviews ?? [];
  const stats = reviewStats(reviews);
  const totalPages = data?.totalPages ?? 1;

  let content;
  if (isError) {
    content = (
      <p className={form.fieldError} role="alert">
        {errorMessage(error, reviewTexts.loadError)}
      </p>
    );
  } else if (data === undefined) {
    content = <p className={styles.muted}>{reviewTexts.loading}</p>;
  } else if (reviews.length === 0) {
    content = <p className={styles.muted}>{reviewTexts.empty}</p>;
  } else {
    content = (
      <ul className={styles.list} aria-busy={isFetching}>
        {reviews.map((review) => (
          <li key={review._id}>
            <AdminReviewCard
              review={review}
              onApprove={() => setConfirming({ action: 'approve', review })}
              onDelete={() => setConfirming({ action: 'delete', review })}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{reviewTexts.title}</h1>

      <ul className={styles.stats} aria-label="Resumo das avaliações">
        <Stat label="Total" value={stats.total} />
        <Stat label="Pendentes" value={stats.pending} />
        <Stat label="Aprovadas" value={stats.approved} />
        <Stat label="Rejeitadas" value={stats.rejected} />
        {stats.reported > 0 ? <Stat label="Denunciadas" value={stats.reported} /> : null}
      </ul>

      <form
        className={styles.filters}
        aria-label="Filtros"
        onSubmit={(event) => event.preventDefault()}
      >
        <label className={form.field}>
          <span className={form.label}>Status</span>
          <select
            className={form.input}
            value={filters.status}
            onChange={(event) => changeFilters({ status: event.target.value })}
          >
            {STATUS_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <label className={form.field}>
          <span className={form.label}>Nota</span>
          <select
            className={form.input}
            value={filters.rating}
            onChange={(event) => changeFilters({ rating: event.target.value })}
          >
            <option value="">Todas</option>
            {[...RATINGS].reverse().map((rating) => (
              <option key={rating} value={String(rating)}>
                {starsLabel(rating)}
              </option>
            ))}
          </select>
        </label>
        <label className={form.field}>
          <span className={form.label}>Ordenar por</span>
          <select
            className={form.input}
            value={filters.sortBy}
            onChange={(event) => {
              const sortBy = SORT_OPTIONS.find((option) => option.value === event.target.value);
              if (sortBy) changeFilters({ sortBy: sortBy.value satisfies SortBy });
            }}
          >
            {SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <label className={`${form.field} ${styles.search}`}>
          <span className={form.label}>Buscar</span>
          <input
            className={form.input}
            type="search"
            placeholder="Produto, cliente ou comentário"
            value={filters.search}
            onChange={(event) => changeFilters({ search: event.target.value })}
          />
        </label>
        <button
          type="button"
          className={`${buttons.ghost} ${styles.clear}`}
          onClick={() => changeFilters(defaultFilters)}
        >
          {reviewTexts.clearFilters}
        </button>
      </form>

      {content}

      {totalPages > 1 ? (
        <Pagination
          page={page}
          totalPages={totalPages}
          onPage={setPage}
          className={styles.pagination}
        />
      ) : null}

      {confirming ? (
        <ConfirmDialog
          message={ACTION_TEXTS[confirming.action].confirm}
          busy={busy}
          onCancel={() => setConfirming(null)}
          onConfirm={() => void confirm()}
        />
      ) : null}
      {outcome ? (
        <Dialog
          title={outcome.tone === 'success' ? 'Sucesso' : 'Erro'}
          tone={outcome.tone}
          closeLabel="OK"
          onClose={() => setOutcome(null)}
        >
          <p>{outcome.text}</p>
        </Dialog>
      ) : null}
    </div>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <li className={styles.stat}>
      <span className={styles.statValue}>{value}</span>
      <span className={styles.statLabel}>{label}</span>
    </li>
  );
}

function AdminReviewCard({
  review,
  onApprove,
  onDelete,
}: {
  review: AdminReview;
  onApprove: () => void;
  onDelete: () => void;
}) {
  const headingId = `admin-avaliacao-${review._id}`;
  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <header className={styles.cardHeader}>
        <h2 id={headingId} className={styles.product}>
          {review.productName}
        </h2>
        <Stars rating={review.rating} />
        <span className={`${styles.badge} ${styles[review.status] ?? ''}`}>
          {statusLabel(review.status)}
        </span>
        {review.isReported ? (
          <span className={`${styles.badge} ${styles.reported}`}>
            Denunciada ({review.reportCount})
          </span>
        ) : null}
      </header>
      <p className={styles.comment}>{review.comment}</p>
      <p className={styles.meta}>
        <span className={styles.author}>{review.userName}</span>
        <span>
          <EmailText email={review.userEmail} />
        </span>
        <span>{reviewDateText(review.createdAt, true)}</span>
      </p>
      <div className={styles.actions} data-primary-action>
        <a
          className={buttons.ghost}
          href={`/admin/users/${encodeURIComponent(review.userId)}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          Ver cliente<span className="visually-hidden"> (abre em nova aba)</span>
        </a>
        {review.status === 'pending' ? (
          <button type="button" className={buttons.button} onClick={onApprove}>
            Aprovar
          </button>
        ) : null}
        <button
          type="button"
          className={`${buttons.secondary} ${styles.danger}`}
          onClick={onDelete}
        >
          Excluir
        </button>
      </div>
    </article>
  );
}
