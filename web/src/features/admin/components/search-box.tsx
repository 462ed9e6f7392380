import { useId } from 'react';
import forms from '../../../components/form.module.css';
import styles from './admin.module.css';

/** A labelled search box (admin-spec §2). */
export function SearchBox({
  label,
  value,
  placeholder,
  onChange,
}: {
  label: string;
  value: string;
  placeholder?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className={`${forms.field} ${styles.search}`}>
      <label className={forms.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        className={forms.input}
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
