/**
 * The per-product finalization flag of product-spec §4 (Page spec modal): set when the user finalizes, it makes
 * the review show 'Processing...' while the product is processing, analyzing or completed. It is cleared once
 * the product is completed, or when the product stays at page_specs_ready (the finalize never took).
 */
import type { AnalysisStatus } from '../../api/catalog.api';
import { pageSpecsFinalizedKey, readString, removeKey, writeString } from '../../lib/storage';

/** How long page_specs_ready may outlive a finalize before the flag counts as stuck. */
export const STUCK_AFTER_MS = 30_000;

const PROCESSING: readonly (AnalysisStatus | null)[] = ['processing', 'analyzing', 'completed'];

export function markFinalized(productId: string, now = Date.now()): void {
  writeString(pageSpecsFinalizedKey(productId), String(now));
}

/** When the product was finalized, or null when it carries no flag. */
export function finalizedAt(productId: string): number | null {
  const raw = readString(pageSpecsFinalizedKey(productId));
  if (raw === null) return null;
  const at = Number(raw);
  // A flag from an older build (e.g. 'true') counts as just set.
  return Number.isFinite(at) ? at : Date.now();
}

export function clearFinalized(productId: string): void {
  removeKey(pageSpecsFinalizedKey(productId));
}

/** Whether the flag is set and the product has not been seen at page_specs_ready for too long. */
export function isFinalizationPending(productId: string, now = Date.now()): boolean {
  const at = finalizedAt(productId);
  return at !== null && now - at < STUCK_AFTER_MS;
}

/** Whether the review shows 'Processing...' for this product status. */
export function showsProcessing(productId: string, status: AnalysisStatus | null): boolean {
  return finalizedAt(productId) !== null && PROCESSING.includes(status);
}

/** Clears the flag once it has done its work: the product completed, or it is stuck at page_specs_ready. */
export function settleFinalization(productId: string, status: AnalysisStatus | null, now = Date.now()): void {
  const at = finalizedAt(productId);
  if (at === null) return;
  if (status === 'completed' || (status === 'page_specs_ready' && now - at >= STUCK_AFTER_MS))
    clearFinalized(productId);
}
