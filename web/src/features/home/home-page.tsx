import type { ReactNode } from 'react';
import { Link } from 'react-router';
import buttons from '../../components/button.module.css';
import styles from './home-page.module.css';
import { LazyBlock } from './lazy-block';

const HERO_IMAGES = ['coxinha-de-frango', 'brigadeiro', 'kit-festa-3'];

export interface HomePageProps {
  /** The shop in numbers. */
  statistics: ReactNode;
  /** Featured products from the menu. */
  products: ReactNode;
  /** Approved reviews. */
  testimonials: ReactNode;
}

/** / (spec §2): the banner, then the statistics, products and testimonials blocks, each loaded when near. */
export function HomePage({ statistics, products, testimonials }: HomePageProps) {
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

      <LazyBlock>{statistics}</LazyBlock>

      <section className={styles.highlights} aria-labelledby="destaques-titulo">
        <div className={styles.highlightsHeader}>
          <h2 id="destaques-titulo">Destaques do Cardápio</h2>
          <Link to="/cardapio">Ver cardápio completo</Link>
        </div>
        <LazyBlock>{products}</LazyBlock>
      </section>

      <section className={styles.testimonials} aria-labelledby="depoimentos-titulo">
        <div className={styles.highlightsHeader}>
          <h2 id="depoimentos-titulo">O que dizem nossos clientes</h2>
          <Link to="/avaliacoes">Ver todas as avaliações</Link>
        </div>
        <LazyBlock>{testimonials}</LazyBlock>
      </section>
    </div>
  );
}
