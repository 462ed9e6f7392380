/** UI timings (spec §9). */
export const FEEDBACK_MS = 3_000;
export const LEAD_TIME_NOTICE_DELAY_MS = 200;
export const SCROLL_TO_TOP_THRESHOLD_PX = 100;
export const CART_SAVE_DEBOUNCE_MS = 500;
/** Cart messages clear themselves after 5 s (spec §8, §9). */
export const MESSAGE_MS = 5_000;

/** Earliest order date and recommended lead time for custom orders (spec §9). */
export const MINIMUM_LEAD_DAYS = 2;
export const CUSTOM_ORDER_LEAD_DAYS = { min: 3, max: 5 } as const;

/** Session timings (spec §9). */
export const LOGIN_REDIRECT_SECONDS = 5;
export const REGISTER_REDIRECT_MS = 2_000;
export const LOGOUT_POPUP_MS = 5_000;
export const RESET_ERROR_MS = 7_000;
export const SESSION_EXPIRED_REDIRECT_MS = 2_000;

/** The custom-order success popup closes itself after 5 s (spec §9). */
export const CUSTOM_ORDER_POPUP_MS = 5_000;
