/** planning: tracking plans (product-spec §3), their generation jobs, exports (§9) and the events planning publishes. */
import { z } from 'zod';
import { TRACKING_PLAN_EXPORT_FORMATS } from './tracking-plan-export';

export const planningSubjects = {
  /** planning's own job queue: a plan was created and waits to be generated (ids only). */
  trackingPlanRequested: 'planning.trackingplan.requested',
  trackingPlanCompleted: 'planning.trackingplan.completed',
  trackingPlanFailed: 'planning.trackingplan.failed',
} as const;

/** product-spec §8: what a failed generation tells the user when the product has no finalised analysis. */
export const TRACKING_PLAN_NEEDS_ANALYSIS =
  'Please ensure your product has video analysis and PRD data before generating a tracking plan.';

export const trackingPlanStatusSchema = z.enum(['generating', 'completed', 'failed']);
export type TrackingPlanStatus = z.infer<typeof trackingPlanStatusSchema>;

export const jobStatusSchema = z.enum(['pending', 'running', 'completed', 'failed']);
export type JobStatus = z.infer<typeof jobStatusSchema>;

export const propertyTypeSchema = z.enum(['string', 'number', 'boolean', 'enum', 'array', 'object']);
export type PropertyType = z.infer<typeof propertyTypeSchema>;

/** What each item of an `array` property is. */
export const propertyItemTypeSchema = z.enum(['string', 'number', 'boolean', 'object']);
export type PropertyItemType = z.infer<typeof propertyItemTypeSchema>;

/** Property names are snake_case. */
export const PROPERTY_NAME_PATTERN = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;
/** Event names are "Object Action" in Title Case words of letters and digits, e.g. 'Sign Up Submitted'. */
export const EVENT_NAME_PATTERN = /^[A-Z0-9][A-Za-z0-9]*( [A-Z0-9][A-Za-z0-9]*)*$/;

export const trackingPropertySchema = z.object({
  name: z.string(),
  type: propertyTypeSchema,
  description: z.string(),
  /** An illustrative value as text; never raw personal data. */
  example: z.string(),
  required: z.boolean(),
  /** `enum`: the allowed values, spelled as the screen shows them (select options, tabs, plan names). */
  values: z.array(z.string()).optional(),
  /** `array`: what each item is. */
  items: propertyItemTypeSchema.optional(),
  /** Personal data (an e-mail, a name, a phone number, an address, a card, free text the user typed). */
  pii: z.boolean().optional(),
});
export type TrackingProperty = z.infer<typeof trackingPropertySchema>;

export const eventCategorySchema = z.enum(['page_view', 'user_action']);
export type EventCategory = z.infer<typeof eventCategorySchema>;

/** A moment of the video where an event was seen, with the frame that shows it. */
export const eventEvidenceSchema = z.object({
  videoId: z.string(),
  atSec: z.number(),
  /** The frame as browsers load it (/api/images/{key}). */
  screenshot_path: z.string(),
});
export type EventEvidence = z.infer<typeof eventEvidenceSchema>;

export const trackingEventSchema = z.object({
  name: z.string(),
  trigger: z.string(),
  description: z.string(),
  category: eventCategorySchema,
  /** The screenshot of the event's screen as browsers load it (/api/images/{key}); null when there is none. */
  screenshot_path: z.string().nullable(),
  properties: z.array(trackingPropertySchema),
  /** Where the video shows the event, earliest first; absent in plans made before it was recorded. */
  evidence: z.array(eventEvidenceSchema).optional(),
});
export type TrackingEvent = z.infer<typeof trackingEventSchema>;

export const funnelSchema = z.object({ name: z.string(), description: z.string(), steps: z.array(z.string()) });
export type Funnel = z.infer<typeof funnelSchema>;

export const trackingPlanContentSchema = z.object({
  events: z.array(trackingEventSchema),
  funnels: z.array(funnelSchema),
});
export type TrackingPlanContent = z.infer<typeof trackingPlanContentSchema>;

/** A plan as the REST routes answer it. content is null until the plan is completed. */
export const trackingPlanSchema = z.object({
  id: z.string(),
  productId: z.string(),
  title: z.string(),
  status: trackingPlanStatusSchema,
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  content: trackingPlanContentSchema.nullable(),
  error: z.string().nullable(),
});
export type TrackingPlan = z.infer<typeof trackingPlanSchema>;

/** GET /api/products/{id}/tracking-plan-status: the generating plan, else the newest one (with its job's progress). */
export const trackingPlanStatusResponseSchema = z.object({
  isGenerating: z.boolean(),
  trackingPlan: z
    .object({ id: z.string(), status: trackingPlanStatusSchema, jobId: z.string(), progress: z.number().int() })
    .nullable(),
});
export type TrackingPlanStatusResponse = z.infer<typeof trackingPlanStatusResponseSchema>;

/** POST /api/products/{id}/generate-tracking-plan: a new job, or the note that one is already running. */
export const generateTrackingPlanResponseSchema = z.union([
  z.object({ jobId: z.string() }),
  z.object({ status: z.literal('generating') }),
]);
export type GenerateTrackingPlanResponse = z.infer<typeof generateTrackingPlanResponseSchema>;

export const trackingPlanExportFormatSchema = z.enum(TRACKING_PLAN_EXPORT_FORMATS, {
  error: `Format must be one of ${TRACKING_PLAN_EXPORT_FORMATS.join(', ')}`,
});

export const trackingPlanRequestedSchema = z.object({
  planId: z.string(),
  jobId: z.string(),
  productId: z.string(),
  userId: z.string(),
});
export type TrackingPlanRequested = z.infer<typeof trackingPlanRequestedSchema>;

export const trackingPlanCompletedSchema = z.object({
  planId: z.string(),
  productId: z.string(),
  userId: z.string(),
  eventCount: z.number().int(),
  funnelCount: z.number().int(),
});
export type TrackingPlanCompleted = z.infer<typeof trackingPlanCompletedSchema>;

export const trackingPlanFailedSchema = z.object({
  planId: z.string(),
  productId: z.string(),
  userId: z.string(),
  error: z.string(),
});
export type TrackingPlanFailed = z.infer<typeof trackingPlanFailedSchema>;
