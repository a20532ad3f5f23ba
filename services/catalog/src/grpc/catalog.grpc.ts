/** catalog.v1.CatalogService: a product as its owner sees it, which is also the ownership check of other services. */
import { errors, loadGrpcService, type GrpcServiceBinding } from '@tracklens/kit';
import type { Product } from '@tracklens/contracts';
import { z } from 'zod';
import { PRODUCT_NOT_FOUND, type Catalog } from '../domain/catalog';

const getProductRequest = z.object({ product_id: z.string().uuid(), user_id: z.string().uuid() });

export function catalogGrpc(protoDir: string, catalog: Catalog): GrpcServiceBinding {
  return {
    service: loadGrpcService(protoDir, 'catalog/v1/catalog.proto', 'catalog.v1.CatalogService'),
    implementation: {
      GetProduct: async (request: unknown) => {
        const parsed = getProductRequest.safeParse(request);
        // Malformed ids answer NOT_FOUND like unknown ones.
        if (!parsed.success) throw errors.notFound(PRODUCT_NOT_FOUND);
        const product = await catalog.getProduct(parsed.data.user_id, parsed.data.product_id);
        return { product: toMessage(product) };
      },
    },
  };
}

function toMessage(product: Product) {
  return {
    id: product.id,
    user_id: product.userId,
    name: product.name,
    description: product.description,
    type: product.type,
    analysis_status: product.analysisStatus ?? '',
    created_at: product.createdAt,
    updated_at: product.updatedAt,
  };
}
