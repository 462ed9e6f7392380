import {
  useId,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import buttons from '../../../components/button.module.css';
import { Dialog } from '../../../components/dialog';
import forms from '../../../components/form.module.css';
import { adminTexts } from '../model/admin-texts';
import styles from './admin.module.css';
import { FormError } from './page-parts';

/**
 * An admin form in a dialog (admin-spec §2, §5): its fields (in a grid, all
 * disabled while saving, unless `plain`), the save's error, Cancelar and
 * Salvar ('Salvando...' while saving). Escape, a click outside and × close
 * it, except while saving.
 */
export function FormDialog({
  title,
  size = 'normal',
  plain = false,
  saving,
  error = null,
  submitLabel = adminTexts.save,
  busyLabel = adminTexts.saving,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  size?: 'normal' | 'wide';
  /** The children as they are, not in the fields' grid. */
  plain?: boolean;
  saving: boolean;
  error?: string | null;
  /** The submit button's text ('Salvar'), and its text while saving ('Salvando...'). */
  submitLabel?: string;
  busyLabel?: string;
  /** Called on submit unless a save is under way. */
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!saving) onSubmit();
  };
  return (
    <Dialog
      title={title}
      onClose={onClose}
      busy={saving}
      closeButton={false}
      closeIcon
      closeOnOutsideClick
      size={size}
    >
      <form onSubmit={submit}>
        {plain ? (
          children
        ) : (
          <fieldset disabled={saving} className={styles.formGrid}>
            {children}
          </fieldset>
        )}
        {error ? <FormError>{error}</FormError> : null}
        <div className={styles.formActions}>
          <button type="button" className={buttons.ghost} disabled={saving} onClick={onClose}>
            {adminTexts.cancel}
          </button>
          <button type="submit" className={buttons.button} disabled={saving}>
            {saving ? busyLabel : submitLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** A labelled field of a form dialog; `children` gets the id its control must have. */
export function Field({
  label,
  full = false,
  children,
}: {
  label: string;
  /** Spans the form's whole width. */
  full?: boolean;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={full ? `${forms.field} ${styles.full}` : forms.field}>
      <label className={forms.label} htmlFor={id}>
        {label}
      </label>
      {children(id)}
    </div>
  );
}

interface FieldLabel {
  label: string;
  /** Spans the form's whole width. */
  full?: boolean;
}

/** A labelled input of a form dialog, with a line of help under it when `hint` is given. */
export function InputField({
  label,
  full = false,
  hint,
  ...input
}: FieldLabel & { hint?: string } & Omit<
    InputHTMLAttributes<HTMLInputElement>,
    'id' | 'className'
  >) {
  return (
    <Field label={label} full={full}>
      {(id) => (
        <>
          <input
            id={id}
            className={forms.input}
            {...(hint ? { 'aria-describedby': `${id}-dica` } : {})}
            {...input}
          />
          {hint ? (
            <span id={`${id}-dica`} className={forms.hint}>
              {hint}
            </span>
          ) : null}
        </>
      )}
    </Field>
  );
}

/** A labelled text area of a form dialog, with the rule its value breaks under it when `error` is given. */
export function TextAreaField({
  label,
  full = false,
  error,
  ...textarea
}: FieldLabel & { error?: string | null | undefined } & Omit<
    TextareaHTMLAttributes<HTMLTextAreaElement>,
    'id' | 'className'
  >) {
  return (
    <Field label={label} full={full}>
      {(id) => (
        <>
          <textarea
            id={id}
            className={forms.input}
            {...(error ? { 'aria-invalid': true, 'aria-describedby': `${id}-erro` } : {})}
            {...textarea}
          />
          {error ? (
            <p id={`${id}-erro`} className={forms.fieldError}>
              {error}
            </p>
          ) : null}
        </>
      )}
    </Field>
  );
}
