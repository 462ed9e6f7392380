/** The longest description of a custom order the shop keeps. */
export const CUSTOM_ORDER_DETAILS_MAX_LENGTH = 2_000;

/** The admin's list of custom orders: requests per page. */
export const ADMIN_CUSTOM_ORDERS_PAGE_SIZE = 20;
