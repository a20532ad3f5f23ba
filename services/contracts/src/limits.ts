/**
 * The numbers of product-spec §5, §6 and §9 that both the services and the web check. No zod here: the web
 * imports this module at run time (`@tracklens/contracts/limits`).
 */
export const PRODUCT_NAME_MAX = 120;
export const PRODUCT_DESCRIPTION_MIN = 10;
export const PRODUCT_DESCRIPTION_MAX = 5000;
/** How many products one user may own. */
export const PRODUCTS_PER_USER_MAX = 100;

export const PRO_PRICE_USD = 59;
export const FREE_LIMITS = {
  videosPerMonth: 1,
  videoSeconds: 300,
  trackingPlansPerMonth: 1,
  analyticsMessagesPerMonth: 10,
} as const;
export const TRIAL_PROMPTS = 1000;

/** product-spec §5: a chat message is trimmed and at most this long. */
export const CHAT_MESSAGE_MAX = 4000;
/** The conversation history a strategy request carries, as 'role: content' lines. */
export const CHAT_HISTORY_MAX_CHARS = 40_000;
export const CHAT_TITLE_MAX = 200;
/** How many sessions one product keeps per user and chat type, and messages one session keeps. */
export const CHAT_SESSIONS_PER_PRODUCT_MAX = 200;
export const CHAT_MESSAGES_PER_SESSION_MAX = 1000;
