/** catalog: products (product-spec §3, §5), the knowledge base, and the events catalog publishes. */
import { z } from 'zod';
import { PRODUCT_DESCRIPTION_MAX, PRODUCT_DESCRIPTION_MIN, PRODUCT_NAME_MAX } from './limits';
import { boundedJson, text } from './text';

export const productTypeSchema = z.enum(['website', 'mobile_app'], { error: 'Please select a product type' });
export type ProductType = z.infer<typeof productTypeSchema>;

/** product-spec §4: uploaded (default), processing, analyzing, page_specs_ready, completed, failed. */
export const analysisStatusSchema = z.enum(['uploaded', 'processing', 'analyzing', 'page_specs_ready', 'completed', 'failed']);
export type AnalysisStatus = z.infer<typeof analysisStatusSchema>;

export const productSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  description: z.string(),
  type: productTypeSchema,
  /** null until the product's first video is uploaded. */
  analysisStatus: analysisStatusSchema.nullable(),
  /** Percent done while analysisStatus is 'analyzing', else null. */
  analysisProgress: z.number().int().min(0).max(100).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;

const productName = text({ label: 'Product name', required: 'Product name is required', max: PRODUCT_NAME_MAX });

const productDescription = text({
  label: 'Description',
  required: 'Description must be at least 10 characters',
  min: PRODUCT_DESCRIPTION_MIN,
  max: PRODUCT_DESCRIPTION_MAX,
  multiline: true,
});

/** Ids are looked up as uuids; anything longer cannot name one. */
const productId = text({ label: 'Product ID', required: 'Product ID is required', max: 200 });

/** POST /api/products/create-without-video, and the onboarding form. */
export const createProductBodySchema = z.object({
  name: productName,
  type: productTypeSchema,
  description: productDescription,
});
export type CreateProductBody = z.infer<typeof createProductBodySchema>;

/** PATCH /api/products/{id}: the knowledge-base edit needs both fields (product-spec §5). */
export const updateProductBodySchema = z.object({ name: productName, description: productDescription });
export type UpdateProductBody = z.infer<typeof updateProductBodySchema>;

/** GET /api/knowledge-base?productId= and GET /api/saved-items?productId= */
export const productIdQuerySchema = z.object({ productId });

/** GET /api/knowledge-base?productId= : product info now; videos and the page-spec summary join in later issues. */
export const knowledgeBaseSchema = z.object({ product: productSchema });
export type KnowledgeBase = z.infer<typeof knowledgeBaseSchema>;

export const productChangedSchema = z.object({
  productId: z.string(),
  userId: z.string(),
  name: z.string(),
  type: productTypeSchema,
});
export type ProductChanged = z.infer<typeof productChangedSchema>;

/** Every `analysis.video.*` event carries the video's new status (ARCHITECTURE §4). */
export const videoAnalysisStatusChangedSchema = z.object({
  videoId: z.string(),
  productId: z.string(),
  userId: z.string(),
  status: analysisStatusSchema,
  /** 0-100 while analyzing. */
  progress: z.number().min(0).max(100).optional(),
  /** A readable reason when status is failed. */
  error: z.string().optional(),
});
export type VideoAnalysisStatusChanged = z.infer<typeof videoAnalysisStatusChangedSchema>;

/** Saved items (product-spec §3): tracking plans, strategies and user flows a user keeps, kept by catalog. */
export const SAVED_ITEM_NAME_MAX = 200;
/** Bytes of a saved item's content, as UTF-8 JSON text. */
export const SAVED_ITEM_CONTENT_MAX_BYTES = 1024 * 1024;
/** How many items one product may hold. */
export const SAVED_ITEMS_PER_PRODUCT_MAX = 500;

export const savedItemTypeSchema = z.enum(['tracking_plan', 'analytics_strategy', 'user_flow'], {
  error: 'Type must be tracking_plan, analytics_strategy or user_flow',
});
export type SavedItemType = z.infer<typeof savedItemTypeSchema>;

export const savedItemSchema = z.object({
  id: z.string(),
  userId: z.string(),
  productId: z.string(),
  type: savedItemTypeSchema,
  name: z.string(),
  /** JSON text. */
  content: z.string(),
  createdAt: z.string(),
});
export type SavedItem = z.infer<typeof savedItemSchema>;

/** Content arrives as JSON text or as the value itself; either way it is stored as JSON text. */
const savedItemContent = boundedJson({
  label: 'Content',
  maxBytes: SAVED_ITEM_CONTENT_MAX_BYTES,
  tooLarge: 'Content must be at most 1 MB',
});

/** POST /api/saved-items. Some callers also send userId: it is ignored, the item is always the caller's. */
export const createSavedItemBodySchema = z.object({
  productId,
  name: text({ label: 'Name', required: 'Name is required', max: SAVED_ITEM_NAME_MAX }),
  type: savedItemTypeSchema,
  content: savedItemContent,
});
export type CreateSavedItemBody = z.infer<typeof createSavedItemBodySchema>;
