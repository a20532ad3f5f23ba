/** ProductDirectory over catalog.v1.CatalogService.GetProduct (the ownership check of ARCHITECTURE §5). */
import { createGrpcClient, loadGrpcService, type Config } from '@tracklens/kit';
import type { ProductDirectory } from '../domain/ports';

export function catalogProducts(config: Config): ProductDirectory & { close(): void } {
  const client = createGrpcClient(
    loadGrpcService(config.protoDir, 'catalog/v1/catalog.proto', 'catalog.v1.CatalogService'),
    config.services.catalog.grpcUrl,
    { deadlineMs: config.grpcDeadlineMs },
  );
  return {
    // catalog answers NOT_FOUND 'Product not found' for a missing or foreign product; the gRPC client makes it a 404.
    requireOwnedProduct: async (userId, productId) => {
      await client.call('GetProduct', { product_id: productId, user_id: userId });
    },
    close: () => client.close(),
  };
}
