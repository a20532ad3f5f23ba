/** The browser's memory of which product the user is on (product-spec §3 storage keys). */
import type { Product } from '../../api/catalog.api';
import { STORAGE_KEYS, readJson, writeJson, writeString } from '../../lib/storage';

export function rememberCurrentProduct(productId: string): void {
  writeString(STORAGE_KEYS.currentProduct, productId);
}

/** After onboarding creates a product: the dashboard goes to it while it belongs to the user. */
export function rememberCreatedProduct(product: Product): void {
  writeJson(STORAGE_KEYS.lastCreatedProduct, product);
  rememberCurrentProduct(product.id);
}

export function lastCreatedProductId(): string | undefined {
  const created = readJson<{ id?: unknown } | string>(STORAGE_KEYS.lastCreatedProduct);
  if (typeof created === 'string') return created;
  return typeof created?.id === 'string' ? created.id : undefined;
}
