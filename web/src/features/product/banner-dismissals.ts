/**
 * Status banners are dismissible per product (product-spec §2): the browser remembers, per product id, the status
 * whose banner was closed, so the next status of the same product shows its banner again.
 */
import type { AnalysisStatus } from '../../api/catalog.api';
import { STORAGE_KEYS, readJson, writeJson } from '../../lib/storage';

type Dismissals = Record<string, string>;

function read(): Dismissals {
  const stored = readJson<unknown>(STORAGE_KEYS.dismissedStatusBanners);
  return typeof stored === 'object' && stored !== null && !Array.isArray(stored)
    ? (stored as Dismissals)
    : {};
}

export function isBannerDismissed(productId: string, status: AnalysisStatus): boolean {
  return read()[productId] === status;
}

export function dismissBanner(productId: string, status: AnalysisStatus): void {
  writeJson(STORAGE_KEYS.dismissedStatusBanners, { ...read(), [productId]: status });
}
