/** analysis: page specs, their review and the analysis retry (product-spec §7, ARCHITECTURE §3). */
import type {
  EnhancePageSpecBody,
  FinalizePageSpecsResponse,
  VideoPageSpec,
} from '@tracklens/contracts';
import { api } from '../app/api';
import { videoListTag } from './media.api';

export type { FinalizePageSpecsResponse, VideoPageSpec };

const specListTag = (videoId: string) => ({ type: 'PageSpec' as const, id: `VIDEO-${videoId}` });

export const analysisApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/videos/{id}/page-specs, in screen order. */
    getVideoPageSpecs: build.query<VideoPageSpec[], string>({
      query: (videoId) => `/api/videos/${encodeURIComponent(videoId)}/page-specs`,
      providesTags: (_result, _error, videoId) => [specListTag(videoId)],
    }),
    deletePageSpec: build.mutation<{ success: boolean; id: string }, { id: string; videoId: string }>({
      query: ({ id }) => ({ url: `/api/page-specs/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { videoId }) => [specListTag(videoId)],
    }),
    /** A screen the user adds; the analysis fills in what it can and answers the new spec. */
    enhancePageSpec: build.mutation<VideoPageSpec, EnhancePageSpecBody & { productId: string }>({
      query: ({ productId, ...body }) => ({
        url: `/api/products/${encodeURIComponent(productId)}/page-specs/enhance`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, _error, { videoId }) => [specListTag(videoId)],
    }),
    finalizePageSpecs: build.mutation<FinalizePageSpecsResponse, { productId: string; videoId: string }>({
      query: ({ productId, videoId }) => ({
        url: `/api/products/${encodeURIComponent(productId)}/page-specs/finalize`,
        method: 'POST',
        body: { videoId },
      }),
      invalidatesTags: (_result, _error, { productId }) => [
        { type: 'Product', id: productId },
        { type: 'KnowledgeBase', id: productId },
        videoListTag(productId),
      ],
    }),
    retryAnalysis: build.mutation<
      { success: boolean; videoId: string; status: string },
      { videoId: string; productId: string }
    >({
      query: ({ videoId }) => ({ url: `/api/videos/${encodeURIComponent(videoId)}/retry-analysis`, method: 'POST' }),
      invalidatesTags: (_result, _error, { productId }) => [
        videoListTag(productId),
        { type: 'Product', id: productId },
      ],
    }),
  }),
});

export const {
  useGetVideoPageSpecsQuery,
  useDeletePageSpecMutation,
  useEnhancePageSpecMutation,
  useFinalizePageSpecsMutation,
  useRetryAnalysisMutation,
} = analysisApi;
