/** A product as GET /api/products/{id} answers it, for web tests. */
import type { Product } from '../api/catalog.api';

export function aProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 'prod-1',
    userId: 'user-1',
    name: 'Acme Shop',
    description: 'Online shop for office supplies',
    type: 'website',
    analysisStatus: null,
    analysisProgress: null,
    createdAt: '2026-01-02T00:00:00.000Z',
    updatedAt: '2026-01-02T00:00:00.000Z',
    ...overrides,
  };
}
