/** planning.v1.PlanningService for chat: a product's newest completed tracking plan, in contract types. */
import { AppError } from '@tracklens/kit';
import { z } from 'zod';
import { eventCategorySchema, propertyItemTypeSchema, propertyTypeSchema, type TrackingPlanContent, type TrackingProperty } from '../planning';
import { connect, type ClientConfig } from './connect';

const replySchema = z.object({
  plan_id: z.string().min(1),
  title: z.string(),
  completed_at: z.string(),
  events: z.array(
    z.object({
      name: z.string().min(1),
      trigger: z.string(),
      description: z.string(),
      // A newer planning may know more categories: an unknown one reads as a user action.
      category: z.string().transform((category) => eventCategorySchema.catch('user_action').parse(category)),
      screenshot_path: z.string(),
      properties: z.array(
        z.object({
          name: z.string().min(1),
          type: z.string().transform((type) => propertyTypeSchema.catch('string').parse(type)),
          description: z.string(),
          example: z.string(),
          required: z.boolean(),
          values: z.array(z.string()).optional(),
          items: z.string().optional(),
          pii: z.boolean().optional(),
        }),
      ),
    }),
  ),
  funnels: z.array(z.object({ name: z.string(), description: z.string(), steps: z.array(z.string()) })),
});

/** GetLatestTrackingPlanResponse as the server hands it to grpc-js. */
export type LatestTrackingPlanReply = z.input<typeof replySchema>;

export interface LatestTrackingPlan {
  id: string;
  title: string;
  completedAt: string;
  content: TrackingPlanContent;
}

export interface PlanningClient {
  /** The product's newest completed plan of that user, or null when it has none. */
  getLatestTrackingPlan(userId: string, productId: string): Promise<LatestTrackingPlan | null>;
  close(): void;
}

export function planningClient(config: ClientConfig): PlanningClient {
  const client = connect(config, 'planning');
  return {
    async getLatestTrackingPlan(userId, productId) {
      try {
        const reply = await client.call(
          'GetLatestTrackingPlan',
          { product_id: productId, user_id: userId },
          replySchema,
        );
        return {
          id: reply.plan_id,
          title: reply.title,
          completedAt: reply.completed_at,
          content: {
            events: reply.events.map((event) => ({
              ...event,
              screenshot_path: event.screenshot_path || null,
              properties: event.properties.map(propertyOf),
            })),
            funnels: reply.funnels,
          },
        };
      } catch (error) {
        if (error instanceof AppError && error.status === 404) return null;
        throw error;
      }
    },
    close: () => client.close(),
  };
}

/** The server's side of the same wire: a completed plan in proto field names. */
export function latestTrackingPlanReply(plan: LatestTrackingPlan): LatestTrackingPlanReply {
  return {
    plan_id: plan.id,
    title: plan.title,
    completed_at: plan.completedAt,
    events: plan.content.events.map(({ evidence: _evidence, ...event }) => ({
      ...event,
      screenshot_path: event.screenshot_path ?? '',
      properties: event.properties.map((property) => ({
        ...property,
        values: property.values ?? [],
        items: property.items ?? '',
        pii: property.pii ?? false,
      })),
    })),
    funnels: plan.content.funnels,
  };
}

type WireProperty = z.infer<typeof replySchema>['events'][number]['properties'][number];

/** proto3 sends empty values for the optional fields: empty reads as absent, as an older planning sends them. */
function propertyOf({ values, items, pii, ...property }: WireProperty): TrackingProperty {
  const itemType = propertyItemTypeSchema.safeParse(items);
  return {
    ...property,
    ...(values && values.length > 0 ? { values } : {}),
    ...(itemType.success ? { items: itemType.data } : {}),
    ...(pii ? { pii } : {}),
  };
}
