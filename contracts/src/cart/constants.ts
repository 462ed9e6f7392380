/**
 * Cart limits the spec leaves open (§5 names only the minimum of 20). A line
 * holds at most 9,999 units (a very large party, typed with four digits) and a
 * cart at most 100 lines (more than the whole menu), so no request can make a
 * cart, its events or its total absurd.
 */
export const MAX_UNITS_PER_LINE = 9_999;
export const MAX_CART_LINES = 100;
