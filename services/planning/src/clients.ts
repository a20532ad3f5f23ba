/** The typed clients of other services as planning's domain ports. */
import type { AnalysisClient, BillingClient } from '@tracklens/contracts/clients';
import type { AnalysisSource, QuotaGate } from './domain/ports';

export function quotaGate(billing: BillingClient): QuotaGate {
  return {
    reserve: (userId, reference) => billing.reserveQuota({ userId, feature: 'tracking_plan', reference }),
    confirm: (reservationId) => billing.confirmQuota(reservationId),
    release: async (reservationId) => void (await billing.releaseQuota(reservationId)),
  };
}

export function analysisSource(analysis: AnalysisClient): AnalysisSource {
  return { productAnalysis: (userId, productId) => analysis.getProductAnalysis(userId, productId) };
}
