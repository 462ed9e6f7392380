import {
  centsToReais,
  foldForSearch,
  menuImagePath,
  STATIC_MENU,
  type ProductDto,
} from '@quitute/contracts';

/** The 24 static menu items as GET /api/products returns them. */
export const menuProducts: ProductDto[] = STATIC_MENU.map((item) => ({
  _id: item.slug,
  name: item.name,
  price: centsToReais(item.priceCents),
  category: item.category,
  description: item.description,
  imageUrl: menuImagePath(item.slug),
  isActive: true,
  isDeleted: false,
  soldOut: false,
  ...(item.itens.length > 0 ? { itens: item.itens } : {}),
}));

export function product(overrides: Partial<ProductDto> = {}): ProductDto {
  return {
    _id: 'p-1',
    name: 'Coxinha de Frango',
    price: 0.6,
    category: 'Salgados Fritos',
    description: 'Massa macia recheada com frango.',
    imageUrl: '/images/cardapio/coxinha-de-frango.svg',
    isActive: true,
    isDeleted: false,
    soldOut: false,
    ...overrides,
  };
}

/** What the server's search does: accent- and case-insensitive match on name or description. */
export function searchMenu(busca: string, products: ProductDto[] = menuProducts): ProductDto[] {
  const text = foldForSearch(busca.trim());
  return products.filter((p) => foldForSearch(`${p.name} ${p.description}`).includes(text));
}
