/** Request timeouts and retry policy (spec §9). */
export const API_TIMEOUT_MS = 30_000;
export const PRODUCTS_TIMEOUT_MS = 15_000;
export const PRODUCTS_MAX_RETRIES = 3;
/** Retry n waits n × this (1 s, 2 s, 3 s). */
export const RETRY_STEP_MS = 1_000;

export const HEALTH_TIMEOUT_MS = 5_000;
export const HEALTH_CACHE_MS = 30_000;
export const HEALTH_RECHECK_MS = 60_000;
export const CONNECTIVITY_EVENT_DEBOUNCE_MS = 1_000;

/** The server cart is loaded 500 ms after the user becomes known (spec §4, §9). */
export const CART_LOAD_DELAY_MS = 500;
/** A sync refused with 412 (another tab changed the cart) is tried again on the new cart this often. */
export const CART_SYNC_ATTEMPTS = 3;

/** Password reset request and confirmation (spec §7, §9). */
export const RESET_TIMEOUT_MS = 10_000;

/** GET /api/reviews is retried up to 3 times, waiting 1 s, 2 s and 3 s (spec §7, §9). */
export const REVIEWS_MAX_RETRIES = 3;
