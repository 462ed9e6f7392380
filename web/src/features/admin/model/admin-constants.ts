/** admin-spec §9: search debounce on the products, orders and users pages. */
export const SEARCH_DEBOUNCE_MS = 500;
/** admin-spec §9: search debounce of the sales table. */
export const SALES_SEARCH_DEBOUNCE_MS = 300;
/** admin-spec §4, §9: the sale success message hides after this long. */
export const SALE_SUCCESS_MS = 3_000;
/** How long a product notification stays (admin-spec §2: transient). */
export const NOTIFICATION_MS = 3_000;
/** admin-spec §2: the dashboard's line chart height. */
export const DASHBOARD_CHART_HEIGHT = 300;
/** The pink of the spec's sales line (DESIGN.md: the raspberry accent's family). */
export const CHART_PINK = '#d6336c';
export const CHART_ONLINE = '#a3154a';
export const CHART_PHYSICAL = '#7a4b2a';
