/** All SQL of catalog. */
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { enqueueEvent, type Database, type OutgoingEvent } from '@tracklens/kit';
import type { Product, SavedItem, UpdateProductBody } from '@tracklens/contracts';
import type {
  CatalogStore,
  NewProduct,
  VideoStatusChange,
  VideoStatusOutcome,
} from '../domain/catalog';
import type { NewSavedItem, SaveOutcome, SavedItemStore } from '../domain/saved-items';
import { products, savedItems, videoAnalysis } from './schema';

type ProductRow = typeof products.$inferSelect;
type SavedItemRow = typeof savedItems.$inferSelect;

function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    description: row.description,
    type: row.type,
    analysisStatus: row.analysisStatus ?? null,
    analysisProgress: row.analysisStatus === 'analyzing' ? row.analysisProgress : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toSavedItem(row: SavedItemRow): SavedItem {
  return {
    id: row.id,
    userId: row.userId,
    productId: row.productId,
    type: row.type,
    name: row.name,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
  };
}

export class CatalogRepository implements CatalogStore, SavedItemStore {
  /** `db` may be a transaction (an event handler's): each method then runs inside it. */
  constructor(private readonly db: Database) {}

  async listProducts(userId: string): Promise<Product[]> {
    const rows = await this.db
      .select()
      .from(products)
      .where(eq(products.userId, userId))
      .orderBy(asc(products.createdAt), asc(products.id));
    return rows.map(toProduct);
  }

  async findProduct(userId: string, productId: string): Promise<Product | null> {
    const [row] = await this.db
      .select()
      .from(products)
      .where(and(eq(products.id, productId), eq(products.userId, userId)));
    return row ? toProduct(row) : null;
  }

  async createProduct(
    product: NewProduct,
    limit: number,
    event: (product: Product) => OutgoingEvent,
  ): Promise<Product | null> {
    return this.db.transaction(async (tx) => {
      // One creation per user at a time, so two concurrent requests cannot both pass the count.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`catalog.products:${product.userId}`}))`);
      const [owned] = await tx
        .select({ n: count() })
        .from(products)
        .where(eq(products.userId, product.userId));
      if ((owned?.n ?? 0) >= limit) return null;
      const [row] = await tx
        .insert(products)
        .values({
          id: product.id,
          userId: product.userId,
          name: product.name,
          description: product.description,
          type: product.type,
          // The wall clock after the lock, not the transaction's start: list order is creation order.
          createdAt: sql`clock_timestamp()`,
          updatedAt: sql`clock_timestamp()`,
        })
        .returning();
      if (!row) throw new Error('insert returned no product');
      const created = toProduct(row);
      const { subject, envelope } = event(created);
      await enqueueEvent(tx, subject, envelope);
      return created;
    });
  }

  async updateProduct(
    userId: string,
    productId: string,
    changes: UpdateProductBody,
    event: (product: Product) => OutgoingEvent,
  ): Promise<Product | null> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(products)
        .set({ name: changes.name, description: changes.description, updatedAt: sql`clock_timestamp()` })
        .where(and(eq(products.id, productId), eq(products.userId, userId)))
        .returning();
      if (!row) return null;
      const updated = toProduct(row);
      const { subject, envelope } = event(updated);
      await enqueueEvent(tx, subject, envelope);
      return updated;
    });
  }

  async recordVideoStatus(change: VideoStatusChange): Promise<VideoStatusOutcome> {
    return this.db.transaction(async (tx) => {
      // Locking the product serialises status changes of its videos, so the latest one always wins below.
      const [product] = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.id, change.productId), eq(products.userId, change.userId)))
        .for('update');
      if (!product) return 'unknown-product';

      const values = {
        videoId: change.videoId,
        productId: change.productId,
        userId: change.userId,
        status: change.status,
        progress: change.progress,
        error: change.error,
        occurredAt: change.occurredAt,
      };
      const stored = await tx
        .insert(videoAnalysis)
        .values(values)
        .onConflictDoUpdate({
          target: videoAnalysis.videoId,
          set: {
            status: values.status,
            progress: values.progress,
            error: values.error,
            occurredAt: values.occurredAt,
          },
          // An event older than the stored one arrived late: it must not roll the status back.
          // The product and user stay those of the first event: a video never moves between products.
          setWhere: and(
            sql`${videoAnalysis.occurredAt} <= excluded.occurred_at`,
            eq(videoAnalysis.productId, change.productId),
            eq(videoAnalysis.userId, change.userId),
          ),
        })
        .returning({ videoId: videoAnalysis.videoId });
      if (stored.length === 0) return 'stale';
      await refreshProductStatus(tx, change.productId);
      return 'applied';
    });
  }

  async forgetVideo(video: { videoId: string; productId: string; userId: string }): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [product] = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.id, video.productId), eq(products.userId, video.userId)))
        .for('update');
      if (!product) return false;
      await tx
        .delete(videoAnalysis)
        .where(and(eq(videoAnalysis.videoId, video.videoId), eq(videoAnalysis.productId, video.productId)));
      await refreshProductStatus(tx, video.productId);
      return true;
    });
  }

  async saveItem(item: NewSavedItem, limit: number): Promise<SaveOutcome> {
    return this.db.transaction(async (tx) => {
      // Locking the product row serialises saves into it, so concurrent requests cannot both pass the count.
      const [product] = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.id, item.productId), eq(products.userId, item.userId)))
        .for('update');
      if (!product) return null;
      const [held] = await tx
        .select({ n: count() })
        .from(savedItems)
        .where(eq(savedItems.productId, item.productId));
      if ((held?.n ?? 0) >= limit) return 'limit' as const;
      const [row] = await tx
        .insert(savedItems)
        .values({
          id: item.id,
          userId: item.userId,
          productId: item.productId,
          type: item.type,
          name: item.name,
          content: item.content,
          createdAt: sql`clock_timestamp()`,
        })
        .returning();
      if (!row) throw new Error('insert returned no saved item');
      return toSavedItem(row);
    });
  }

  async listSavedItems(userId: string, productId: string): Promise<SavedItem[] | null> {
    const product = await this.findProduct(userId, productId);
    if (!product) return null;
    const rows = await this.db
      .select()
      .from(savedItems)
      .where(and(eq(savedItems.productId, productId), eq(savedItems.userId, userId)))
      .orderBy(desc(savedItems.createdAt), desc(savedItems.id));
    return rows.map(toSavedItem);
  }

  async deleteSavedItem(userId: string, itemId: string): Promise<boolean> {
    const deleted = await this.db
      .delete(savedItems)
      .where(and(eq(savedItems.id, itemId), eq(savedItems.userId, userId)))
      .returning({ id: savedItems.id });
    return deleted.length > 0;
  }
}

/** The product's analysisStatus (and progress) is that of its most recently changed video; null when it has none left. */
async function refreshProductStatus(tx: Database, productId: string): Promise<void> {
  const [latest] = await tx
    .select({ status: videoAnalysis.status, progress: videoAnalysis.progress })
    .from(videoAnalysis)
    .where(eq(videoAnalysis.productId, productId))
    .orderBy(desc(videoAnalysis.occurredAt))
    .limit(1);
  await tx
    .update(products)
    .set({ analysisStatus: latest?.status ?? null, analysisProgress: latest?.progress ?? null })
    .where(eq(products.id, productId));
}
