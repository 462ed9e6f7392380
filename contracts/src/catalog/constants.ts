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
