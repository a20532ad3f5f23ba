/**
 * The numbers of product-spec §5, §6 and §9 that both the services and the web check. No zod here: the web
 * imports this module at run time (`@tracklens/contracts/limits`).
 */
export const PRODUCT_NAME_MAX = 120;
export const PRODUCT_DESCRIPTION_MIN = 10;
export const PRODUCT_DESCRIPTION_MAX = 5000;
/** How many products one user may own (issue 4). */
export const PRODUCTS_PER_USER_MAX = 100;

export const PRO_PRICE_USD = 59;
export const FREE_LIMITS = {
  videosPerMonth: 1,
  videoSeconds: 300,
  trackingPlansPerMonth: 1,
  analyticsMessagesPerMonth: 10,
} as const;
export const TRIAL_PROMPTS = 1000;
