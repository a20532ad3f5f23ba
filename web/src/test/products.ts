/** A product and a video as GET /api/products/{id} and its /videos answer them, for web tests. */
import type { Product } from '../api/catalog.api';
import type { Video } from '../api/media.api';

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

export function aVideo(overrides: Partial<Video> = {}): Video {
  return {
    id: 'video-1',
    productId: 'prod-1',
    originalName: 'demo.mp4',
    fileSize: 5 * 1024 * 1024,
    contentType: 'video/mp4',
    durationSec: 30,
    analysisStatus: 'completed',
    analysisProgress: null,
    createdAt: '2026-01-02T00:00:00.000Z',
    filename: 'k',
    storageKey: 'k',
    ...overrides,
  };
}
