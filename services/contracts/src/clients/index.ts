/** One typed client per gRPC service that other services call; each validates the wire and answers contract types. */
export {
  analysisClient,
  productAnalysisReply,
  type AnalysisClient,
  type ProductAnalysisReply,
} from './analysis.client';
export {
  billingClient,
  type BillingClient,
  type Entitlements,
  type QuotaConfirmation,
  type QuotaRequest,
  type QuotaReservation,
} from './billing.client';
export { catalogClient, type CatalogClient, type CatalogProduct } from './catalog.client';
export { MalformedReplyError, type ClientConfig } from './connect';
export { identityClient, type IdentityClient } from './identity.client';
export { mediaClient, type MediaClient, type MediaVideo } from './media.client';
export {
  latestTrackingPlanReply,
  planningClient,
  type LatestTrackingPlan,
  type LatestTrackingPlanReply,
  type PlanningClient,
} from './planning.client';
