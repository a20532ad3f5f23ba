/** The onboarding draft of product-spec §3 (`onboarding_product_data`): what step 1 typed, kept for step 2. */
import type { ProductType } from '../../api/catalog.api';
import { STORAGE_KEYS, readJson, removeKey, writeJson } from '../../lib/storage';
import { isCompleteProduct, isProductType } from '../product/product-rules';

export interface ProductDraft {
  name: string;
  /** null when what was stored is not a product type. */
  type: ProductType | null;
  description: string;
  /** Set once the product exists (product-spec §3). */
  productId?: string;
}

/** The stored draft, or null when there is none; fields that are not what they should be read as empty. */
export function readDraft(): ProductDraft | null {
  const raw = readJson<Record<string, unknown>>(STORAGE_KEYS.onboardingProductData);
  if (raw === null || typeof raw !== 'object') return null;
  return {
    name: typeof raw.name === 'string' ? raw.name : '',
    type: isProductType(raw.type) ? raw.type : null,
    description: typeof raw.description === 'string' ? raw.description : '',
    ...(typeof raw.productId === 'string' ? { productId: raw.productId } : {}),
  };
}

export function writeDraft(draft: ProductDraft): void {
  writeJson(STORAGE_KEYS.onboardingProductData, draft);
}

export function clearDraft(): void {
  removeKey(STORAGE_KEYS.onboardingProductData);
}

export function isCompleteDraft(draft: ProductDraft): boolean {
  return isCompleteProduct(draft);
}

/** Router state of the Back button: step 1 keeps the draft instead of starting over. */
export interface KeepDraftState {
  keepDraft: true;
}

export function wantsDraftKept(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as Partial<KeepDraftState>).keepDraft === true;
}
