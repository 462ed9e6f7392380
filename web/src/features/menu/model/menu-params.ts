import { ALL_CATEGORIES } from '@quitute/contracts';

export interface MenuParams {
  busca: string;
  /** '' when every category is shown. */
  categoria: string;
}

/** Reads /cardapio's query string: busca (search text) and categoria ('Todas' = all). */
export function readMenuParams(searchParams: URLSearchParams): MenuParams {
  const busca = (searchParams.get('busca') ?? '').trim();
  const raw = (searchParams.get('categoria') ?? '').trim();
  return { busca, categoria: raw === ALL_CATEGORIES ? '' : raw };
}

export function menuHref({ busca, categoria }: Partial<MenuParams>): string {
  const params = new URLSearchParams();
  if (busca?.trim()) params.set('busca', busca.trim());
  if (categoria && categoria !== ALL_CATEGORIES) params.set('categoria', categoria);
  const query = params.toString();
  return query ? `/cardapio?${query}` : '/cardapio';
}
