/** The browser storage keys of product-spec §3, and typed access to them. */

export const STORAGE_KEYS = {
  user: 'user',
  onboardingProductData: 'onboarding_product_data',
  paymentReferrer: 'payment_referrer',
  currentProduct: 'currentProduct',
  lastCreatedProduct: 'lastCreatedProduct',
  redirectAfterLogin: 'redirect_after_login',
  /** product-spec §3: the payment-session key, the checkout session id the payment page verifies. */
  paymentSessionId: 'payment_session_id',
  /** Per product, the analysis status whose banner the user dismissed (product-spec §2: dismissible per product). */
  dismissedStatusBanners: 'dismissed_status_banners',
} as const;

/**
 * product-spec §3/§4: the per-product finalization flag, set when the user finalizes the page specs and
 * cleared once the product is completed (or the finalize never took).
 */
export function pageSpecsFinalizedKey(productId: string): `page_specs_finalized_${string}` {
  return `page_specs_finalized_${productId}`;
}

export type StorageKey =
  | (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS]
  | ReturnType<typeof pageSpecsFinalizedKey>;

/** What logout removes (product-spec §4 Session); redirect_after_login survives it on purpose. */
export const LOGOUT_KEYS: readonly StorageKey[] = [
  STORAGE_KEYS.user,
  STORAGE_KEYS.onboardingProductData,
  STORAGE_KEYS.paymentReferrer,
  STORAGE_KEYS.currentProduct,
  STORAGE_KEYS.lastCreatedProduct,
  STORAGE_KEYS.dismissedStatusBanners,
];

function store(): Storage | undefined {
  // Private modes and tests without a DOM may lack localStorage; the app then runs without persistence.
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export function readString(key: StorageKey): string | null {
  return store()?.getItem(key) ?? null;
}

export function writeString(key: StorageKey, value: string): void {
  store()?.setItem(key, value);
}

export function readJson<T>(key: StorageKey): T | null {
  const raw = readString(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: StorageKey, value: unknown): void {
  writeString(key, JSON.stringify(value));
}

export function removeKey(key: StorageKey): void {
  store()?.removeItem(key);
}

export function removeKeys(keys: readonly StorageKey[]): void {
  for (const key of keys) removeKey(key);
}
