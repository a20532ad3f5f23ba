/** The typed clients of other services as media's domain ports. */
import type { BillingClient, CatalogClient } from '@tracklens/contracts/clients';
import type { ProductDirectory, VideoQuota } from './domain/ports';

/** catalog answers 404 'Product not found' for a missing or foreign product. */
export function productDirectory(catalog: CatalogClient): ProductDirectory {
  return {
    requireOwnedProduct: async (userId, productId) => void (await catalog.getProduct(userId, productId)),
  };
}

export function videoQuota(billing: BillingClient): VideoQuota {
  return {
    reserveVideoUpload: ({ userId, durationSec, reference }) =>
      billing.reserveQuota({ userId, feature: 'video_upload', videoDurationSec: durationSec, reference }),
    confirm: (reservationId) => billing.confirmQuota(reservationId),
    release: async (reservationId) => void (await billing.releaseQuota(reservationId)),
  };
}
