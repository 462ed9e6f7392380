import { useId } from 'react';
import styles from './checkout-page.module.css';

export interface RadioOption<T extends string> {
  value: T;
  label: string;
}

/** A labelled set of radios with the rule it breaks under it (a fieldset and its legend). */
export function RadioGroup<T extends string>({
  legend,
  name,
  options,
  value,
  error,
  disabled = false,
  unavailable = null,
  onChange,
}: {
  legend: string;
  name: string;
  options: readonly RadioOption<T>[];
  value: T | '';
  error?: string | undefined;
  disabled?: boolean;
  /** An option that cannot be chosen now, and why (shown under the group). */
  unavailable?: { value: T; reason: string } | null;
  onChange: (value: T) => void;
}) {
  const errorId = useId();
  const reasonsId = useId();
  const describedBy = [unavailable ? reasonsId : null, error ? errorId : null]
    .filter(Boolean)
    .join(' ');
  return (
    <fieldset className={styles.radioGroup} aria-describedby={describedBy || undefined}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.radios}>
        {options.map((option) => (
          <label key={option.value} className={styles.radio}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              disabled={disabled || unavailable?.value === option.value}
              aria-invalid={error ? true : undefined}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {unavailable ? (
        <p id={reasonsId} className={styles.muted}>
          {unavailable.reason}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.fieldError}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
