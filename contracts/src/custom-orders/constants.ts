/** The longest description of a custom order the shop keeps. */
export const CUSTOM_ORDER_DETAILS_MAX_LENGTH = 2_000;

/** The admin's list of custom orders: requests per page. */
export const ADMIN_CUSTOM_ORDERS_PAGE_SIZE = 20;

/**
 * How far ahead an event may be: a wedding is booked a year or more before,
 * a date in 9999 is a typo or a probe.
 */
export const CUSTOM_ORDER_HORIZON_DAYS = 2 * 366;
