/** catalog's rules: products scoped to their owner, a per-user bound, and the analysis status read model. */
import { randomUUID } from 'node:crypto';
import { createEnvelope, errors, type OutgoingEvent } from '@tracklens/kit';
import {
  PRODUCTS_PER_USER_MAX,
  subjects,
  type AnalysisStatus,
  type CreateProductBody,
  type KnowledgeBase,
  type Product,
  type ProductChanged,
  type UpdateProductBody,
} from '@tracklens/contracts';

export const PRODUCT_NOT_FOUND = 'Product not found';
export const PRODUCT_LIMIT_REACHED = `You can have at most ${PRODUCTS_PER_USER_MAX} products`;

export interface NewProduct extends CreateProductBody {
  id: string;
  userId: string;
}

/** One video's analysis status as an analysis event reports it. */
export interface VideoStatusChange {
  videoId: string;
  productId: string;
  userId: string;
  status: AnalysisStatus;
  progress: number | null;
  error: string | null;
  occurredAt: Date;
}

/** applied: the read model changed; stale: a newer status is already stored; unknown-product: no such product of that user. */
export type VideoStatusOutcome = 'applied' | 'stale' | 'unknown-product';

/** What catalog needs from its storage (src/db/catalog.repository.ts implements it). */
export interface CatalogStore {
  listProducts(userId: string): Promise<Product[]>;
  findProduct(userId: string, productId: string): Promise<Product | null>;
  /** Inserts the product and its event unless the user already owns `limit` products (then null), race-safe per user. */
  createProduct(
    product: NewProduct,
    limit: number,
    event: (product: Product) => OutgoingEvent,
  ): Promise<Product | null>;
  /** Updates the user's product and stores its event in one transaction; null when it is not theirs. */
  updateProduct(
    userId: string,
    productId: string,
    changes: UpdateProductBody,
    event: (product: Product) => OutgoingEvent,
  ): Promise<Product | null>;
  /** Stores the video's status unless an event at least as new is stored, then sets the product's status from its latest video. */
  recordVideoStatus(change: VideoStatusChange): Promise<VideoStatusOutcome>;
  /** Drops a deleted video from the read model and recomputes its product's status; false for an unknown product. */
  forgetVideo(video: { videoId: string; productId: string; userId: string }): Promise<boolean>;
}

export class Catalog {
  constructor(private readonly store: CatalogStore) {}

  listProducts(userId: string): Promise<Product[]> {
    return this.store.listProducts(userId);
  }

  /** The caller's product; any other id (unknown, malformed, someone else's) is 'not found'. */
  async getProduct(userId: string, productId: string | null): Promise<Product> {
    const product = productId ? await this.store.findProduct(userId, productId) : null;
    if (!product) throw errors.notFound(PRODUCT_NOT_FOUND);
    return product;
  }

  async createProduct(userId: string, body: CreateProductBody): Promise<Product> {
    const product = await this.store.createProduct(
      { ...body, id: randomUUID(), userId },
      PRODUCTS_PER_USER_MAX,
      (created) => productEvent(subjects.productCreated, created),
    );
    if (!product) throw errors.conflict(PRODUCT_LIMIT_REACHED, 'PRODUCT_LIMIT_REACHED');
    return product;
  }

  async updateProduct(
    userId: string,
    productId: string | null,
    changes: UpdateProductBody,
  ): Promise<Product> {
    const product = productId
      ? await this.store.updateProduct(userId, productId, changes, (updated) =>
          productEvent(subjects.productUpdated, updated),
        )
      : null;
    if (!product) throw errors.notFound(PRODUCT_NOT_FOUND);
    return product;
  }

  async knowledgeBase(userId: string, productId: string | null): Promise<KnowledgeBase> {
    return { product: await this.getProduct(userId, productId) };
  }

  recordVideoStatus(change: VideoStatusChange): Promise<VideoStatusOutcome> {
    return this.store.recordVideoStatus(change);
  }

  forgetVideo(video: { videoId: string; productId: string; userId: string }): Promise<boolean> {
    return this.store.forgetVideo(video);
  }
}

function productEvent(subject: string, product: Product): OutgoingEvent {
  const data: ProductChanged = {
    productId: product.id,
    userId: product.userId,
    name: product.name,
    type: product.type,
  };
  return { subject, envelope: createEnvelope('catalog', subject, data) };
}
