import buttons from '../../../components/button.module.css';
import styles from './search-summary.module.css';

export function SearchSummary({ busca, onClear }: { busca: string; onClear: () => void }) {
  return (
    <div className={styles.summary}>
      <p className={styles.text}>
        Resultados da busca para <strong className={styles.term}>“{busca}”</strong>
      </p>
      <button type="button" className={buttons.secondary} onClick={onClear}>
        Limpar Busca
      </button>
    </div>
  );
}
