/** analysis.v1.AnalysisService for planning and chat: a product's page specs and knowledge, in contract types. */
import { AppError } from '@tracklens/kit';
import { z } from 'zod';
import {
  screenKindSchema,
  uiElementKindSchema,
  userActionKindSchema,
  type ProductAnalysis,
  type UiElement,
  type UserAction,
} from '../analysis';
import { connect, type ClientConfig } from './connect';

// proto3 fills absent fields with defaults (keepCase, defaults: true); the schema reads that form.
const replySchema = z.object({
  product_id: z.string().min(1),
  finalized: z.boolean(),
  status: z.string(),
  summary: z.string(),
  page_specs: z.array(
    z.object({
      id: z.string().min(1),
      video_id: z.string(),
      screen_name: z.string(),
      description: z.string(),
      screenshot_key: z.string(),
      elements: z.array(z.object({ kind: z.string(), label: z.string() })),
      actions: z.array(
        z.object({
          kind: z.string(),
          target: z.string(),
          to_screen: z.string(),
          at_sec: z.number(),
          // An analysis older than the field sends none.
          screenshot_key: z.string().optional(),
        }),
      ),
      first_seen_sec: z.number(),
      last_seen_sec: z.number(),
      time_ranges: z.array(z.object({ start_sec: z.number(), end_sec: z.number() })).optional(),
      order: z.number().int(),
      // An analysis older than the field sends '' and a newer one may know more kinds: neither is told apart.
      screen_kind: z.string().transform((kind) => screenKindSchema.catch('other').parse(kind)),
    }),
  ),
  journeys: z.array(z.object({ name: z.string(), description: z.string(), steps: z.array(z.string()) })),
  key_actions: z.array(z.object({ screen_name: z.string(), key_actions: z.array(z.string()) })),
});
type Reply = z.output<typeof replySchema>;

/** GetProductAnalysisResponse as the server hands it to grpc-js. */
export type ProductAnalysisReply = z.input<typeof replySchema>;

export interface AnalysisClient {
  /** The product's analysis, or null when analysis knows none for this user's product. */
  getProductAnalysis(userId: string, productId: string): Promise<ProductAnalysis | null>;
  close(): void;
}

export function analysisClient(config: ClientConfig): AnalysisClient {
  const client = connect(config, 'analysis');
  return {
    async getProductAnalysis(userId, productId) {
      try {
        return fromReply(
          await client.call('GetProductAnalysis', { product_id: productId, user_id: userId }, replySchema),
        );
      } catch (error) {
        if (error instanceof AppError && error.status === 404) return null;
        throw error;
      }
    },
    close: () => client.close(),
  };
}

/** The server's side of the same wire: a ProductAnalysis in proto field names. */
export function productAnalysisReply(analysis: ProductAnalysis): ProductAnalysisReply {
  return {
    product_id: analysis.productId,
    finalized: analysis.finalized,
    status: analysis.status,
    summary: analysis.summary,
    page_specs: analysis.pageSpecs.map((spec) => ({
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
        screenshot_key: action.screenshotKey ?? '',
      })),
      first_seen_sec: spec.firstSeenSec,
      last_seen_sec: spec.lastSeenSec,
      time_ranges: (spec.timeRanges ?? []).map((range) => ({ start_sec: range.startSec, end_sec: range.endSec })),
      order: spec.order,
      screen_kind: spec.screenKind,
    })),
    journeys: analysis.journeys,
    key_actions: analysis.keyActions.map((screen) => ({
      screen_name: screen.screenName,
      key_actions: screen.keyActions,
    })),
  };
}

const isElementKind = (kind: string): kind is UiElement['kind'] =>
  uiElementKindSchema.safeParse(kind).success;
const isActionKind = (kind: string): kind is UserAction['kind'] =>
  userActionKindSchema.safeParse(kind).success;

/** Unknown element or action kinds (a newer analysis) are dropped rather than failing the caller. */
function fromReply(reply: Reply): ProductAnalysis {
  return {
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
      elements: spec.elements.flatMap((e) =>
        isElementKind(e.kind) ? [{ kind: e.kind, label: e.label }] : [],
      ),
      actions: spec.actions.flatMap((a) =>
        isActionKind(a.kind)
          ? [
              {
                kind: a.kind,
                ...(a.target ? { target: a.target } : {}),
                ...(a.to_screen ? { toScreen: a.to_screen } : {}),
                atSec: a.at_sec,
                ...(a.screenshot_key ? { screenshotKey: a.screenshot_key } : {}),
              },
            ]
          : [],
      ),
      firstSeenSec: spec.first_seen_sec,
      lastSeenSec: spec.last_seen_sec,
      // None on the wire is an analysis that predates visits: the contract's absent field says the same.
      ...(spec.time_ranges?.length
        ? { timeRanges: spec.time_ranges.map((range) => ({ startSec: range.start_sec, endSec: range.end_sec })) }
        : {}),
      order: spec.order,
      screenKind: spec.screen_kind,
    })),
    journeys: reply.journeys,
    keyActions: reply.key_actions.map((k) => ({ screenName: k.screen_name, keyActions: k.key_actions })),
  };
}
