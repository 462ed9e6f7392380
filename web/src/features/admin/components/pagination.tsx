import buttons from '../../../components/button.module.css';
import { adminTexts } from '../model/admin-texts';
import styles from './admin.module.css';

/** Anterior / 'Página x de y' / Próxima (admin-spec §2). */
export function Pagination({
  page,
  totalPages,
  onPage,
  className,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  /** Another class of the bar (its place on the page). */
  className?: string;
}) {
  const pages = Math.max(1, totalPages);
  return (
    <nav
      className={className ? `${styles.pagination} ${className}` : styles.pagination}
      aria-label="Paginação"
    >
      <button
        type="button"
        className={buttons.ghost}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {adminTexts.previous}
      </button>
      <span aria-live="polite">
        Página {page} de {pages}
      </span>
      <button
        type="button"
        className={buttons.ghost}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {adminTexts.next}
      </button>
    </nav>
  );
}
