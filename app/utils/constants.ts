// Business constants (docs/product.md#constants), shared by server and client code.
export const VIDEO_COST_CREDITS = 20;
export const CHAT_COST_CREDITS = 0.07;
export const CANVAS_TOOL_COST_CREDITS = 0.2;
export const CUSTOM_ORDER_COST_CREDITS = 20;
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

/** Videos a balance pays for: floor(credits / 20) (one ratio everywhere: docs/product.md#credits, ADR 003). */
export function availableVideos(credits: number): number {
  return Math.floor(credits / VIDEO_COST_CREDITS + 1e-9);
}
