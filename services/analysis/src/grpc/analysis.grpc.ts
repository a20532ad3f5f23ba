/** analysis.v1.AnalysisService: a product's page specs and knowledge, for planning and chat. */
import { errors, loadGrpcService, type GrpcServiceBinding } from '@tracklens/kit';
import { PAGE_SPEC_MESSAGES } from '@tracklens/contracts';
import { productAnalysisReply } from '@tracklens/contracts/clients';
import { z } from 'zod';
import type { PageSpecs } from '../domain/page-specs';

const request = z.object({ product_id: z.string().min(1).max(200), user_id: z.string().min(1).max(200) });

export function analysisGrpc(protoDir: string, pageSpecs: PageSpecs): GrpcServiceBinding {
  return {
    service: loadGrpcService(protoDir, 'analysis/v1/analysis.proto', 'analysis.v1.AnalysisService'),
    implementation: {
      GetProductAnalysis: async (input: unknown) => {
        const parsed = request.safeParse(input);
        if (!parsed.success) throw errors.notFound(PAGE_SPEC_MESSAGES.productNotFound);
        return productAnalysisReply(
          await pageSpecs.productAnalysis(parsed.data.user_id, parsed.data.product_id),
        );
      },
    },
  };
}
