/** Menu categories in the order the menu shows them (spec §9). */
export const CATEGORIES = [
  'Salgados Fritos',
  'Salgados Assados',
  'Doces Tradicionais',
  'Doces Finos',
  'Kits Festa',
] as const;

export type Category = (typeof CATEGORIES)[number];

export const KITS_CATEGORY: Category = 'Kits Festa';

/** The filter value meaning "every category" (spec §2, §7). */
export const ALL_CATEGORIES = 'Todas';

/** Minimum units per regular menu item; kits are bought one at a time (spec §5, §9). */
export const MINIMUM_UNITS_PER_ITEM = 20;

export function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value);
}

/** The admin product form's limits (admin-spec §5). */
export const MAX_PRODUCT_STOCK = 1_000_000;
export const PRODUCT_NAME_MAX_LENGTH = 100;
export const PRODUCT_DESCRIPTION_MAX_LENGTH = 1_000;
export const IMAGE_URL_MAX_LENGTH = 2_048;
/** The static menu has 24 items: a sync of more is no menu. */
export const MAX_SYNC_ITEMS = 100;
