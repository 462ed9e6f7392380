import type { InputHTMLAttributes, ReactNode } from 'react';
import { FormField } from '../../../components/form-field';
import { moneyWillSave, readMoneyInput } from '../model/money-input';
import styles from './admin.module.css';

/**
 * A money input of the admin (issue 38 point 7): text with the decimal
 * keyboard, read the Brazilian way. As soon as the text parses, the amount
 * that will be saved shows under it, formatted; a text that does not parse
 * (ambiguous, letters, a third decimal) shows why beside it, and the form
 * must not be sent (readMoneyInput tells the form the same). `error` is a
 * message of the form or the server about the amount itself.
 */
export function MoneyField({
  label,
  value,
  onChange,
  error,
  blankHint,
  full = false,
  ...input
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  error?: string | null | undefined;
  /** What a blank field means, shown while it is blank. */
  blankHint?: ReactNode;
  full?: boolean;
} & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'type' | 'inputMode' | 'value' | 'onChange' | 'className'
>) {
  const reading = readMoneyInput(value);
  const refusal = reading.kind === 'refused' ? reading.message : error;
  // An amount refused (by the form or the server) is not what will be saved: only the refusal shows.
  const hint = refusal
    ? undefined
    : reading.kind === 'amount'
      ? moneyWillSave(reading.reais)
      : reading.kind === 'blank'
        ? blankHint
        : undefined;
  const field = (
    <FormField
      label={label}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={refusal}
      hint={hint}
      {...input}
    />
  );
  return full ? <div className={styles.full}>{field}</div> : field;
}
