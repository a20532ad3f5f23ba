/** catalog: products, the knowledge base and saved items (product-spec §7, ARCHITECTURE §3). */
import { api } from '../app/api';

export type ProductType = 'website' | 'mobile_app';

export interface Product {
  id: string;
  name: string;
  description: string;
  type: ProductType;
  userId: string;
  analysisStatus: string;
  createdAt: string;
}

export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProducts: build.query<Product[], void>({
      query: () => '/api/products',
      providesTags: (result) => [
        { type: 'Product', id: 'LIST' },
        ...(result ?? []).map((product) => ({ type: 'Product' as const, id: product.id })),
      ],
    }),
  }),
});

export const { useGetProductsQuery } = catalogApi;
