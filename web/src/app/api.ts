/** The one RTK Query API of the app. Service areas inject their endpoints from src/api/<area>.api.ts. */
import { createApi } from '@reduxjs/toolkit/query/react';
import { createBaseQuery } from '../api/base-query';

export const TAG_TYPES = [
  'User',
  'Subscription',
  'Product',
  'Video',
  'PageSpec',
  'KnowledgeBase',
  'TrackingPlan',
  'TrackingPlanStatus',
  'ChatSession',
  'ChatMessage',
  'Job',
  'SavedItem',
  'PaymentConfig',
  'DatabaseConfig',
  'DatabaseStats',
] as const;

export const api = createApi({
  reducerPath: 'api',
  baseQuery: createBaseQuery(),
  tagTypes: TAG_TYPES,
  // product-spec §9: data is fresh for 5 minutes, no refetch on window focus, no default polling.
  keepUnusedDataFor: 300,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  endpoints: () => ({}),
});
