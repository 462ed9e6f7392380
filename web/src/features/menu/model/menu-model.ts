import {
  CATEGORIES,
  formatBRL,
  KITS_CATEGORY,
  MINIMUM_UNITS_PER_ITEM,
  type Category,
  type ProductDto,
} from '@quitute/contracts';

export const NO_DESCRIPTION = 'Sem descrição disponível';
/** A product with no unit left to order (issue 38: productDto.soldOut). */
export const SOLD_OUT = 'Esgotado';

/** Only active, not deleted products are shown (spec §3), whatever the server sent. */
export function isVisible(product: ProductDto): boolean {
  return product.isActive === true && product.isDeleted === false;
}

export function isKit(product: ProductDto): boolean {
  return product.category === KITS_CATEGORY;
}

export interface CategorySection {
  category: Category;
  products: ProductDto[];
}

/** One section per category in the menu's order; empty sections are left out. */
export function groupByCategory(products: readonly ProductDto[]): CategorySection[] {
  const visible = products.filter(isVisible);
  return CATEGORIES.map((category) => ({
    category,
    products: visible.filter((product) => product.category === category),
  })).filter((section) => section.products.length > 0);
}

/** 'R$ 0,60/un'; kits are sold whole, so no '/un'. */
export function priceLabel(product: ProductDto): { price: string; unit: string } {
  return { price: formatBRL(product.price), unit: isKit(product) ? '' : '/un' };
}

export function descriptionText(product: ProductDto): string {
  return product.description.trim() || NO_DESCRIPTION;
}

export function defaultQuantity(product: ProductDto): number {
  return isKit(product) ? 1 : MINIMUM_UNITS_PER_ITEM;
}

/** The quantity field: empty becomes 0, anything else its integer part (spec §5). */
export function parseQuantityInput(text: string): number {
  if (text.trim() === '') return 0;
  const value = Number.parseInt(text, 10);
  return Number.isNaN(value) ? 0 : value;
}

export function sectionId(category: string): string {
  return `categoria-${category
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')}`;
}
