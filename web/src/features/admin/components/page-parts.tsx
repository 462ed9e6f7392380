import type { ReactNode } from 'react';
import forms from '../../../components/form.module.css';
import { PageLoading } from '../../../components/page-loading';
import styles from './admin.module.css';

export function PageTitle({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <header className={styles.pageHeader}>
      <h1 className={styles.title}>{children}</h1>
      {actions ? <div className={styles.headerActions}>{actions}</div> : null}
    </header>
  );
}

/** admin-spec §2: errors appear in a form-error paragraph. */
export function FormError({ children }: { children: ReactNode }) {
  return (
    <p className={`${forms.message} ${forms.error}`} role="alert">
      {children}
    </p>
  );
}

/** A wide table that scrolls sideways on a narrow screen instead of the page. */
export function TableWrap({ label, children }: { label: string; children: ReactNode }) {
  return (
    // A named region, focusable so a keyboard can scroll it.
    <div className={styles.tableWrap} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

/** A table of `columns`, `children` its rows, in a TableWrap named `label`. */
export function DataTable({
  label,
  columns,
  children,
}: {
  label: string;
  columns: readonly string[];
  children: ReactNode;
}) {
  return (
    <TableWrap label={label}>
      <table className={styles.table}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableWrap>
  );
}

/** Terms and their values (an order's, a user's), each a Fact. */
export function Facts({ children }: { children: ReactNode }) {
  return <dl className={styles.facts}>{children}</dl>;
}

export function Fact({
  term,
  valueClass,
  children,
}: {
  term: string;
  /** A class of the value (e.g. the total's figure). */
  valueClass?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <dt>{term}</dt>
      <dd className={valueClass}>{children}</dd>
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className={styles.empty}>{children}</p>;
}

/** A page that is not shown: its title and why (no session, not an administrator). */
export function PageRefused({ title, reason }: { title: string; reason: string }) {
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <FormError>{reason}</FormError>
    </>
  );
}

/**
 * A list's table in its place: the loading text until a first page comes, the
 * empty text for a page without rows, else the table with these columns and
 * `children` as its rows.
 */
export function ListTable({
  list,
  rowCount,
  loadingText,
  emptyText,
  label,
  columns,
  children,
}: {
  list: { isFetching: boolean; currentData?: unknown };
  rowCount: number;
  loadingText: string;
  emptyText: string;
  /** The table region's name. */
  label: string;
  columns: readonly string[];
  children: ReactNode;
}) {
  if (list.isFetching && !list.currentData) return <PageLoading label={loadingText} />;
  if (list.currentData && rowCount === 0) return <Empty>{emptyText}</Empty>;
  if (rowCount === 0) return null;
  return (
    <DataTable label={label} columns={columns}>
      {children}
    </DataTable>
  );
}

/** A row's Editar and Excluir, named after what they act on ('Editar Coxinha'). */
export function RowActions({
  subject,
  onEdit,
  onDelete,
  deleteBlocked,
}: {
  subject: string;
  onEdit: () => void;
  onDelete: () => void;
  /** Why this row cannot be deleted (its button is disabled with this title). */
  deleteBlocked?: string | undefined;
}) {
  return (
    <div className={styles.rowActions} data-primary-action>
      <button
        type="button"
        className={styles.iconButton}
        aria-label={`Editar ${subject}`}
        onClick={onEdit}
      >
        Editar
      </button>
      <button
        type="button"
        className={`${styles.iconButton} ${styles.danger}`}
        aria-label={`Excluir ${subject}`}
        title={deleteBlocked}
        disabled={deleteBlocked !== undefined}
        onClick={onDelete}
      >
        Excluir
      </button>
    </div>
  );
}
