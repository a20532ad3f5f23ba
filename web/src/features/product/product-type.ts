/** How a product type reads on screen (product-spec §2: Website or Mobile App). */
import type { ProductType } from '../../api/catalog.api';

const LABELS: Record<ProductType, string> = { website: 'Website', mobile_app: 'Mobile App' };

export function productTypeLabel(type: ProductType): string {
  return LABELS[type];
}
