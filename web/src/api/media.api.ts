/** media: direct uploads, videos and the image proxy (product-spec §7, ARCHITECTURE §3 and §6). */
import type { CreateUploadBody, RegisterVideoBody, UploadTarget, Video } from '@tracklens/contracts';
import { api } from '../app/api';

export type { CreateUploadBody, RegisterVideoBody, UploadTarget, Video };

/** The tag of one product's video list. */
export const videoListTag = (productId: string) => ({ type: 'Video' as const, id: `PRODUCT-${productId}` });

/** Where the browser loads a stored screenshot (product-spec §7: GET /api/images/{path}). */
export function imageUrl(storageKey: string): string {
  return `/api/images/${storageKey.split('/').map(encodeURIComponent).join('/')}`;
}

export const mediaApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/products/{id}/videos, newest first. */
    getProductVideos: build.query<Video[], string>({
      query: (productId) => `/api/products/${encodeURIComponent(productId)}/videos`,
      // Screens iterate the list; anything else from the server reads as no videos.
      transformResponse: (response: unknown) => (Array.isArray(response) ? (response as Video[]) : []),
      providesTags: (_result, _error, productId) => [videoListTag(productId)],
    }),
    /** POST /api/uploads: where to PUT the file, and the storage key to register it with. */
    createUpload: build.mutation<UploadTarget, CreateUploadBody>({
      query: (body) => ({ url: '/api/uploads', method: 'POST', body }),
    }),
    /** POST /api/products/{id}/videos/direct, after the PUT: the video exists and its analysis starts. */
    registerVideo: build.mutation<Video, RegisterVideoBody & { productId: string }>({
      query: ({ productId, ...body }) => ({
        url: `/api/products/${encodeURIComponent(productId)}/videos/direct`,
        method: 'POST',
        body,
      }),
      // The product's status and the user's monthly count change with it.
      invalidatesTags: (_result, _error, { productId }) => [
        videoListTag(productId),
        { type: 'Product', id: productId },
        { type: 'KnowledgeBase', id: productId },
        'User',
      ],
    }),
    deleteVideo: build.mutation<{ success: boolean; id: string }, { id: string; productId: string }>({
      query: ({ id }) => ({ url: `/api/videos/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { productId }) => [
        videoListTag(productId),
        { type: 'Product', id: productId },
      ],
    }),
  }),
});

export const {
  useGetProductVideosQuery,
  useCreateUploadMutation,
  useRegisterVideoMutation,
  useDeleteVideoMutation,
} = mediaApi;
