/** The typed clients of other services as chat's domain ports. */
import type {
  AnalysisClient,
  BillingClient,
  CatalogClient,
  PlanningClient,
} from '@tracklens/contracts/clients';
import type { GroundingSource, ProductDirectory, QuotaGate } from './domain/ports';

export function quotaGate(billing: BillingClient): QuotaGate {
  return {
    reserve: (userId, reference) => billing.reserveQuota({ userId, feature: 'analytics_message', reference }),
    confirm: (reservationId) => billing.confirmQuota(reservationId),
    release: async (reservationId) => void (await billing.releaseQuota(reservationId)),
  };
}

export function productDirectory(catalog: CatalogClient): ProductDirectory {
  return {
    getProduct: async (userId, productId) => {
      const { id, name, type, description } = await catalog.getProduct(userId, productId);
      return { id, name, type, description };
    },
  };
}

export function groundingSource(analysis: AnalysisClient, planning: PlanningClient): GroundingSource {
  return {
    productAnalysis: (userId, productId) => analysis.getProductAnalysis(userId, productId),
    latestPlan: async (userId, productId) => {
      const plan = await planning.getLatestTrackingPlan(userId, productId);
      return plan ? { title: plan.title, content: plan.content } : null;
    },
  };
}
