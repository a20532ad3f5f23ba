/** planning: tracking plans, their generation status and exports (product-spec §7, ARCHITECTURE §3). */
import type {
  GenerateTrackingPlanResponse,
  TrackingPlan,
  TrackingPlanExportFormat,
  TrackingPlanStatusResponse,
} from '@tracklens/contracts';
import { EXPORT_WARNINGS_HEADER } from '@tracklens/contracts/tracking-plan-export';
import { api } from '../app/api';
import { isAuthError, isRetryable, type ApiError, type DownloadedFile } from './base-query';

export type { GenerateTrackingPlanResponse, TrackingPlan, TrackingPlanStatusResponse };

/** product-spec §7 Polling: a failed status poll is retried once, after 5 s. */
export const STATUS_RETRY_DELAY_MS = 5_000;

const productPath = (productId: string) => `/api/products/${encodeURIComponent(productId)}`;

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

export const planningApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Plans newest first; product-spec §7 says the list is refetched on mount (callers ask for that). */
    getTrackingPlans: build.query<TrackingPlan[], string>({
      query: (productId) => `${productPath(productId)}/tracking-plans`,
      providesTags: (result, _error, productId) => [
        { type: 'TrackingPlan', id: `LIST-${productId}` },
        ...(result ?? []).map((plan) => ({ type: 'TrackingPlan' as const, id: plan.id })),
      ],
    }),
    /**
     * The generation status, polled by the tracking plan page. product-spec §7: retried once after 5 s, and an
     * authentication error is ignored silently (null), so the poll never ends the session on its own; the
     * page's other calls do that.
     */
    getTrackingPlanStatus: build.query<TrackingPlanStatusResponse | null, string>({
      async queryFn(productId, queryApi, _extraOptions, baseQuery) {
        const url = `${productPath(productId)}/tracking-plan-status`;
        let result = await baseQuery(url);
        const firstError = result.error as ApiError | undefined;
        if (firstError && !isAuthError(firstError) && isRetryable(firstError)) {
          await wait(STATUS_RETRY_DELAY_MS, queryApi.signal);
          result = await baseQuery(url);
        }
        const error = result.error as ApiError | undefined;
        if (error) return isAuthError(error) ? { data: null } : { error };
        return { data: result.data as TrackingPlanStatusResponse };
      },
      // The retry above is the only one: the base query must not add its own.
      extraOptions: { maxRetries: 0 },
      providesTags: (_result, _error, productId) => [{ type: 'TrackingPlanStatus', id: productId }],
    }),
    generateTrackingPlan: build.mutation<GenerateTrackingPlanResponse, string>({
      query: (productId) => ({ url: `${productPath(productId)}/generate-tracking-plan`, method: 'POST' }),
      invalidatesTags: (_result, _error, productId) => [
        { type: 'TrackingPlanStatus', id: productId },
        { type: 'TrackingPlan', id: `LIST-${productId}` },
      ],
    }),
    deleteTrackingPlan: build.mutation<{ success: true; id: string }, { id: string; productId: string }>({
      query: ({ id }) => ({ url: `/api/tracking-plans/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { productId }) => [
        { type: 'TrackingPlan', id: `LIST-${productId}` },
        { type: 'TrackingPlanStatus', id: productId },
      ],
    }),
    /** A completed plan in one export format, as the file planning names it. */
    exportTrackingPlan: build.mutation<DownloadedFile, { id: string; format: TrackingPlanExportFormat }>({
      query: ({ id, format }) => ({
        url: `/api/tracking-plans/${encodeURIComponent(id)}/export`,
        params: { format },
        responseType: 'file',
        readHeaders: [EXPORT_WARNINGS_HEADER],
      }),
    }),
  }),
});

export const {
  useGetTrackingPlansQuery,
  useGetTrackingPlanStatusQuery,
  useGenerateTrackingPlanMutation,
  useDeleteTrackingPlanMutation,
  useExportTrackingPlanMutation,
} = planningApi;
