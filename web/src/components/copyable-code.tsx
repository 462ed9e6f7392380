import { useId, useRef, useState } from 'react';
import buttons from './button.module.css';
import styles from './copyable-code.module.css';

/** About what a row holds on a narrow phone, for browsers that cannot size a textarea to its text. */
const CHARACTERS_PER_ROW = 36;

/**
 * A code to copy (Pix copia e cola, boleto's linha digitável): the clipboard, else the text selected.
 * `shown` is the code as people read it (the linha digitável in its groups); `code` is what is copied.
 */
export function CopyableCode({
  label,
  code,
  shown = code,
}: {
  label: string;
  code: string;
  shown?: string;
}) {
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
    } catch {
      // No clipboard (plain http, an old browser): the code is selected for the customer to copy.
      field.current?.select();
    }
  };
  return (
    <div className={styles.copyable} data-primary-action>
      <label htmlFor={id} className={styles.codeLabel}>
        {label}
      </label>
      <textarea
        id={id}
        ref={field}
        className={styles.code}
        readOnly
        rows={Math.max(2, Math.ceil(shown.length / CHARACTERS_PER_ROW))}
        value={shown}
      />
      <button type="button" className={buttons.secondary} onClick={() => void copy()}>
        {copied ? 'Código copiado!' : 'Copiar código'}
      </button>
    </div>
  );
}
