import type { TopProductsRanking } from '@quitute/contracts';
import styles from './admin.module.css';

const RANKINGS: readonly { value: TopProductsRanking; label: string }[] = [
  { value: 'units', label: 'Por unidades' },
  { value: 'revenue', label: 'Por faturamento' },
];

/** 'Por unidades' / 'Por faturamento': how a list of top products is ranked (issue 36). */
export function RankingToggle({
  label,
  ranking,
  onChange,
}: {
  /** The group's accessible name. */
  label: string;
  ranking: TopProductsRanking;
  onChange: (ranking: TopProductsRanking) => void;
}) {
  return (
    <div className={styles.toggle} role="group" aria-label={label}>
      {RANKINGS.map((option) => (
        <button
          key={option.value}
          type="button"
          className={styles.toggleButton}
          aria-pressed={ranking === option.value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
