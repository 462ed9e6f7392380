import type { FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SearchIcon } from '../../components/icons';
import styles from './search-form.module.css';

/** The search text of a submitted form: trimmed; null when there is nothing to search. */
export function searchTarget(text: string): string | null {
  const busca = text.trim();
  return busca ? `/cardapio?${new URLSearchParams({ busca }).toString()}` : null;
}

/** Header search: Enter or the button opens /cardapio?busca=…; blank text is ignored. */
export function SearchForm({ className = '' }: { className?: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const current =
    location.pathname === '/cardapio'
      ? (new URLSearchParams(location.search).get('busca') ?? '')
      : '';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('busca');
    const target = searchTarget(typeof value === 'string' ? value : '');
    if (target) void navigate(target);
  };

  return (
    <form key={current} role="search" className={`${styles.form} ${className}`} onSubmit={submit}>
      <input
        className={styles.input}
        type="search"
        name="busca"
        aria-label="Buscar"
        placeholder="Buscar no cardápio"
        defaultValue={current}
        enterKeyHint="search"
        autoComplete="off"
      />
      <button type="submit" className={styles.button}>
        <SearchIcon />
        <span className="visually-hidden">Buscar</span>
      </button>
    </form>
  );
}
