/** analysis.v1.AnalysisService as planning's source of a product's page specs and knowledge (camelCase, validated). */
import { AppError, type GrpcClient } from '@tracklens/kit';
import { productAnalysisSchema, type ProductAnalysis } from '@tracklens/contracts';
import { z } from 'zod';
import type { AnalysisSource } from '../domain/ports';

// proto3 fills absent fields with defaults (keepCase, defaults: true); the shapes below read that form.
const replySchema = z.object({
  product_id: z.string(),
  finalized: z.boolean(),
  status: z.string(),
  summary: z.string(),
  page_specs: z.array(
    z.object({
      id: z.string(),
      video_id: z.string(),
      screen_name: z.string(),
      description: z.string(),
      screenshot_key: z.string(),
      elements: z.array(z.object({ kind: z.string(), label: z.string() })),
      actions: z.array(z.object({ kind: z.string(), target: z.string(), to_screen: z.string(), at_sec: z.number() })),
      first_seen_sec: z.number(),
      last_seen_sec: z.number(),
      order: z.number(),
    }),
  ),
  journeys: z.array(z.object({ name: z.string(), description: z.string(), steps: z.array(z.string()) })),
  key_actions: z.array(z.object({ screen_name: z.string(), key_actions: z.array(z.string()) })),
});
type Reply = z.infer<typeof replySchema>;

const elementKinds = new Set(['button', 'link', 'input', 'heading', 'text', 'tab', 'checkbox', 'select']);
const actionKinds = new Set(['click', 'type', 'navigate', 'scroll', 'open_modal', 'submit']);

export function analysisSource(analysis: GrpcClient): AnalysisSource {
  return {
    async productAnalysis(userId, productId) {
      let reply: unknown;
      try {
        reply = await analysis.call('GetProductAnalysis', { product_id: productId, user_id: userId });
      } catch (error) {
        if (error instanceof AppError && error.status === 404) return null;
        throw error;
      }
      return toProductAnalysis(replySchema.parse(reply));
    },
  };
}

/** Unknown element or action kinds (a newer analysis) are dropped rather than failing the plan. */
function toProductAnalysis(reply: Reply): ProductAnalysis {
  return productAnalysisSchema.parse({
    productId: reply.product_id,
    finalized: reply.finalized,
    status: reply.status,
    summary: reply.summary,
    pageSpecs: reply.page_specs.map((spec) => ({
      id: spec.id,
      videoId: spec.video_id,
      productId: reply.product_id,
      screenName: spec.screen_name,
      description: spec.description,
      screenshotKey: spec.screenshot_key || null,
      elements: spec.elements.filter((e) => elementKinds.has(e.kind)),
      actions: spec.actions
        .filter((a) => actionKinds.has(a.kind))
        .map((a) => ({
          kind: a.kind,
          ...(a.target ? { target: a.target } : {}),
          ...(a.to_screen ? { toScreen: a.to_screen } : {}),
          atSec: a.at_sec,
        })),
      firstSeenSec: spec.first_seen_sec,
      lastSeenSec: spec.last_seen_sec,
      order: spec.order,
    })),
    journeys: reply.journeys,
    keyActions: reply.key_actions.map((k) => ({ screenName: k.screen_name, keyActions: k.key_actions })),
  });
}
