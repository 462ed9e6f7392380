import { CATEGORIES, MINIMUM_UNITS_PER_ITEM, STATIC_MENU } from '@quitute/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import buttons from '../../components/button.module.css';
import { MINIMUM_LEAD_DAYS } from '../../config/ui';
import styles from './home-page.module.css';

const STATISTICS = [
  { value: String(STATIC_MENU.length), label: 'delícias no cardápio' },
  { value: String(CATEGORIES.length), label: 'categorias para montar sua festa' },
  { value: String(MINIMUM_UNITS_PER_ITEM), label: 'unidades por item, no mínimo' },
  { value: `${MINIMUM_LEAD_DAYS} dias`, label: 'de antecedência e tudo sai fresquinho' },
];

const HERO_IMAGES = ['coxinha-de-frango', 'brigadeiro', 'kit-festa-3'];

export function HomePage({ highlights }: { highlights: ReactNode }) {
  return (
    <div className={styles.page}>
      <section className={styles.hero} aria-labelledby="home-titulo">
        <div className={styles.heroText}>
          <p className={styles.kicker}>Feito à mão, do nosso forno para a sua festa</p>
          <h1 id="home-titulo" className={styles.title}>
            Doces e salgados que fazem a festa acontecer
          </h1>
          <p className={styles.lead}>
            Coxinhas douradinhas, brigadeiros caprichados e kits completos para aniversários,
            batizados e encontros de família.
          </p>
          <div className={styles.actions}>
            <Link className={buttons.button} to="/cardapio">
              Ver Cardápio
            </Link>
            <Link className={buttons.secondary} to="/encomendas">
              Fazer Encomenda
            </Link>
          </div>
        </div>
        <div className={styles.heroArt} aria-hidden="true">
          {HERO_IMAGES.map((slug) => (
            <img
              key={slug}
              className={styles.heroImage}
              src={`/images/cardapio/${slug}.svg`}
              alt=""
              width="160"
              height="120"
            />
          ))}
        </div>
      </section>

      <ul className={styles.stats} aria-label="A Quitute em números">
        {STATISTICS.map((statistic) => (
          <li key={statistic.label} className={styles.stat}>
            <span className={styles.statValue}>{statistic.value}</span>
            <span className={styles.statLabel}>{statistic.label}</span>
          </li>
        ))}
      </ul>

      <section className={styles.highlights} aria-labelledby="destaques-titulo">
        <div className={styles.highlightsHeader}>
          <h2 id="destaques-titulo">Destaques do Cardápio</h2>
          <Link to="/cardapio">Ver cardápio completo</Link>
        </div>
        {highlights}
      </section>
    </div>
  );
}
