/** catalog.v1.CatalogService for media and planning: a product, which is also the ownership check. */
import { z } from 'zod';
import { analysisStatusSchema, productTypeSchema, type Product } from '../catalog';
import { connect, type ClientConfig } from './connect';

const replySchema = z.object({
  product: z.object({
    id: z.string().min(1),
    user_id: z.string().min(1),
    name: z.string(),
    description: z.string(),
    type: productTypeSchema,
    // Empty until the first video is uploaded.
    analysis_status: z.union([z.literal(''), analysisStatusSchema]),
    created_at: z.string(),
    updated_at: z.string(),
  }),
});

/** A product as catalog answers it over gRPC (the analysis progress lives only in its REST read model). */
export type CatalogProduct = Omit<Product, 'analysisProgress'>;

export interface CatalogClient {
  /** The caller's product; AppError 404 'Product not found' when it is missing or someone else's. */
  getProduct(userId: string, productId: string): Promise<CatalogProduct>;
  close(): void;
}

export function catalogClient(config: ClientConfig): CatalogClient {
  const client = connect(config, 'catalog');
  return {
    async getProduct(userId, productId) {
      const { product } = await client.call(
        'GetProduct',
        { product_id: productId, user_id: userId },
        replySchema,
      );
      return {
        id: product.id,
        userId: product.user_id,
        name: product.name,
        description: product.description,
        type: product.type,
        analysisStatus: product.analysis_status || null,
        createdAt: product.created_at,
        updatedAt: product.updated_at,
      };
    },
    close: () => client.close(),
  };
}
