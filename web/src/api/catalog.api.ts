/** catalog: products, the knowledge base and saved items (product-spec §7, ARCHITECTURE §3). */
import type {
  AnalysisStatus,
  CreateProductBody,
  CreateSavedItemBody,
  KnowledgeBase,
  Product,
  ProductType,
  SavedItem,
  UpdateProductBody,
} from '@tracklens/contracts';
import { api } from '../app/api';

export type { AnalysisStatus, CreateProductBody, KnowledgeBase, Product, ProductType, UpdateProductBody };

export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The caller's products, oldest first. */
    getProducts: build.query<Product[], void>({
      query: () => '/api/products',
      providesTags: (result) => [
        { type: 'Product', id: 'LIST' },
        ...(result ?? []).map((product) => ({ type: 'Product' as const, id: product.id })),
      ],
    }),
    getProduct: build.query<Product, string>({
      query: (id) => `/api/products/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Product', id }],
    }),
    createProductWithoutVideo: build.mutation<Product, CreateProductBody>({
      query: (body) => ({ url: '/api/products/create-without-video', method: 'POST', body }),
      invalidatesTags: [{ type: 'Product', id: 'LIST' }],
    }),
    updateProduct: build.mutation<Product, UpdateProductBody & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/api/products/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Product', id },
        { type: 'Product', id: 'LIST' },
        { type: 'KnowledgeBase', id },
      ],
    }),
    /** GET /api/knowledge-base?productId= : the product now; videos and page specs join in later issues. */
    getKnowledgeBase: build.query<KnowledgeBase, string>({
      query: (productId) => ({ url: '/api/knowledge-base', params: { productId } }),
      providesTags: (_result, _error, productId) => [{ type: 'KnowledgeBase', id: productId }],
    }),
  }),
});

export const {
  useGetProductsQuery,
  useGetProductQuery,
  useCreateProductWithoutVideoMutation,
  useUpdateProductMutation,
  useGetKnowledgeBaseQuery,
} = catalogApi;

/** Saved items (product-spec §3, §7): what a user keeps from the tracking plan and strategy pages, per product. */
export type { CreateSavedItemBody, SavedItem };
export type { SavedItemType } from '@tracklens/contracts';

export const savedItemsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/saved-items?productId= : the product's items, newest first. */
    getSavedItems: build.query<SavedItem[], string>({
      query: (productId) => ({ url: '/api/saved-items', params: { productId } }),
      providesTags: (result, _error, productId) => [
        { type: 'SavedItem', id: `LIST-${productId}` },
        ...(result ?? []).map((item) => ({ type: 'SavedItem' as const, id: item.id })),
      ],
    }),
    /** POST /api/saved-items; content is JSON text. The list of the item's product is refreshed. */
    createSavedItem: build.mutation<SavedItem, CreateSavedItemBody>({
      query: (body) => ({ url: '/api/saved-items', method: 'POST', body }),
      invalidatesTags: (_result, _error, { productId }) => [{ type: 'SavedItem', id: `LIST-${productId}` }],
    }),
    deleteSavedItem: build.mutation<{ success: true; id: string }, { id: string; productId: string }>({
      query: ({ id }) => ({ url: `/api/saved-items/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { productId }) => [{ type: 'SavedItem', id: `LIST-${productId}` }],
    }),
  }),
});

export const { useGetSavedItemsQuery, useCreateSavedItemMutation, useDeleteSavedItemMutation } =
  savedItemsApi;
