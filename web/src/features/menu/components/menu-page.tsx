import type { ProductDto } from '@quitute/contracts';
import { useDeferredValue, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../api/errors';
import buttons from '../../../components/button.module.css';
import { LeadTimeNotice } from '../../../components/lead-time-notice';
import { PageLoading } from '../../../components/page-loading';
import { useGetProductsQuery } from '../api/products-api';
import { groupByCategory } from '../model/menu-model';
import { menuHref, readMenuParams } from '../model/menu-params';
import { CategoryNav } from './category-nav';
import { CustomOrderCta } from './custom-order-cta';
import { MenuSection } from './menu-section';
import styles from './menu-page.module.css';
import { SearchSummary } from './search-summary';

export const MENU_LOAD_FALLBACK = 'Falha ao carregar cardápio. Tente novamente mais tarde.';
export const NOTHING_FOUND = 'Nenhum item encontrado';

export interface MenuPageProps {
  onAddToCart: (product: ProductDto, quantity: number) => void;
  /** Shown above the menu (the offline banner). */
  banner?: ReactNode;
  /** Shown beside the menu on wide screens, after it on phones (the cart summary). */
  aside?: ReactNode;
}

/** /cardapio (spec §2 "Menu screen"). */
export function MenuPage({ onAddToCart, banner, aside }: MenuPageProps) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { busca, categoria } = readMenuParams(searchParams);
  const { currentData, error, isError, refetch } = useGetProductsQuery({
    busca,
    category: categoria,
  });
  // The menu's two dozen cards render in slices the browser can interrupt, not
  // in one long task as the data arrives (Lighthouse: total blocking time).
  const products = useDeferredValue(currentData);

  let content: ReactNode;
  if (isError) {
    content = (
      <div className={styles.error} role="alert">
        <p>Erro ao carregar cardápio: {errorMessage(error, MENU_LOAD_FALLBACK)}</p>
        <button type="button" className={buttons.secondary} onClick={() => void refetch()}>
          Tentar Novamente
        </button>
      </div>
    );
  } else if (products === undefined) {
    content = (
      <div className={styles.loading}>
        <PageLoading label="Carregando cardápio..." />
      </div>
    );
  } else {
    const sections = groupByCategory(products);
    content =
      sections.length === 0 ? (
        <p className={styles.empty}>{NOTHING_FOUND}</p>
      ) : (
        sections.map((section) => (
          <MenuSection key={section.category} section={section} onAddToCart={onAddToCart} />
        ))
      );
  }

  return (
    <div className={styles.page}>
      {banner}
      <header className={styles.intro}>
        <h1 className={styles.title}>Cardápio</h1>
        <p className={styles.lead}>
          Salgados fritos e assados, docinhos tradicionais e finos e kits completos para a sua
          festa.
        </p>
      </header>
      <CategoryNav busca={busca} categoria={categoria} />
      {busca ? (
        <SearchSummary busca={busca} onClear={() => void navigate(menuHref({ categoria }))} />
      ) : null}
      <div className={styles.layout}>
        <div className={styles.content}>{content}</div>
        <aside className={styles.aside} aria-label="Seu pedido">
          {aside}
          <CustomOrderCta />
        </aside>
      </div>
      <LeadTimeNotice />
    </div>
  );
}
