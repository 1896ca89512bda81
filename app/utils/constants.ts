// Business constants (docs/product.md#constants), shared by server and client code. Prices are
// not here: they live in the price list (app/models/billing/prices.ts).
export const SCRIPT_WORD_LIMIT = 350;
export const USERNAME_MIN_LENGTH = 3;
export const SIGN_OUT_DELAY_MS = 1500;
export const COPY_CONFIRM_MS = 2000;
export const SIGN_IN_NOTICE_MS = 5000;
export const CALLBACK_REDIRECT_MS = 500;
export const CALLBACK_RELOAD_MS = 2000;
export const VIDEO_CREATE_TIMEOUT_MS = 30_000;
export const DEFAULT_VOICE_ID = 1;
export const TRANSACTION_ID_DISPLAY_CHARS = 12;
export const SIDEBAR_COOKIE = "sidebar_state";
export const SIDEBAR_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 7;
export const MOBILE_BREAKPOINT_PX = 768;
export const DEFAULT_PROJECT_TITLE = "My First Project";
