/** analysis.v1.AnalysisService: a product's page specs and knowledge, for planning and chat. */
import { errors, loadGrpcService, type GrpcServiceBinding } from '@tracklens/kit';
import { PAGE_SPEC_MESSAGES, type PageSpec } from '@tracklens/contracts';
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
        const analysis = await pageSpecs.productAnalysis(parsed.data.user_id, parsed.data.product_id);
        return {
          product_id: analysis.productId,
          finalized: analysis.finalized,
          status: analysis.status,
          summary: analysis.summary,
          page_specs: analysis.pageSpecs.map(toProtoSpec),
          journeys: analysis.journeys,
          key_actions: analysis.keyActions.map((screen) => ({ screen_name: screen.screenName, key_actions: screen.keyActions })),
        };
      },
    },
  };
}

function toProtoSpec(spec: PageSpec) {
  return {
    id: spec.id,
    video_id: spec.videoId,
    screen_name: spec.screenName,
    description: spec.description,
    screenshot_key: spec.screenshotKey ?? '',
    elements: spec.elements,
    actions: spec.actions.map((action) => ({
      kind: action.kind,
      target: action.target ?? '',
      to_screen: action.toScreen ?? '',
      at_sec: action.atSec,
    })),
    first_seen_sec: spec.firstSeenSec,
    last_seen_sec: spec.lastSeenSec,
    order: spec.order,
  };
}
