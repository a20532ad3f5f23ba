/** catalog.v1.CatalogService as planning's product directory: the product and the ownership check in one call. */
import type { GrpcClient } from '@tracklens/kit';
import type { ProductDirectory } from '../domain/ports';

interface GetProductReply {
  product?: { id: string; name: string };
}

export function productDirectory(catalog: GrpcClient): ProductDirectory {
  return {
    // NOT_FOUND arrives as AppError 404 'Product not found' (kit's gRPC mapping keeps catalog's message).
    async getProduct(userId, productId) {
      const reply = await catalog.call<GetProductReply>('GetProduct', { product_id: productId, user_id: userId });
      if (!reply.product) throw new Error('GetProduct answered without a product');
      return { id: reply.product.id, name: reply.product.name };
    },
  };
}
