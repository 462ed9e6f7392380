import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import styles from './form.module.css';

export interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** The rule the value breaks, shown under the field. */
  error?: string | null | undefined;
  /** A note under the field (e.g. the password strength). */
  hint?: ReactNode;
}

/** A labelled input (label above, messages under it, DESIGN.md), described by its error and hint. */
export function FormField({ label, error, hint, className, ...input }: FormFieldProps) {
  const id = useId();
  const errorId = `${id}-erro`;
  const hintId = `${id}-dica`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={`${styles.input} ${className ?? ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {hint ? (
        <div id={hintId} className={styles.hint}>
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A message about the whole form: errors are alerts, successes polite statuses. */
export function FormMessage({
  tone,
  children,
}: {
  tone: 'error' | 'success' | 'info';
  children: ReactNode;
}) {
  return (
    <p
      className={`${styles.message} ${styles[tone] ?? ''}`}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      {children}
    </p>
  );
}
