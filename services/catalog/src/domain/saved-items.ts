/** Saved items: what a user keeps from a product's tracking plan, strategy and user flow pages, scoped to its owner. */
import { randomUUID } from 'node:crypto';
import { errors } from '@tracklens/kit';
import { SAVED_ITEMS_PER_PRODUCT_MAX, type CreateSavedItemBody, type SavedItem } from '@tracklens/contracts';
import { PRODUCT_NOT_FOUND } from './catalog';

export const SAVED_ITEM_NOT_FOUND = 'Saved item not found';
export const SAVED_ITEM_LIMIT_REACHED = `You can save at most ${SAVED_ITEMS_PER_PRODUCT_MAX} items per product`;

export interface NewSavedItem extends CreateSavedItemBody {
  id: string;
  userId: string;
}

/** null: the product is not the user's; 'limit': the product already holds `limit` items. */
export type SaveOutcome = SavedItem | null | 'limit';

/** What saved items need from storage (src/db/catalog.repository.ts implements it). */
export interface SavedItemStore {
  /** Inserts the item unless the product is not the user's or already holds `limit` items, race-safe per product. */
  saveItem(item: NewSavedItem, limit: number): Promise<SaveOutcome>;
  /** The user's items of the product, newest first; null when the product is not the user's. */
  listSavedItems(userId: string, productId: string): Promise<SavedItem[] | null>;
  /** Deletes the user's item; false when there is no such item of theirs. */
  deleteSavedItem(userId: string, itemId: string): Promise<boolean>;
}

export class SavedItems {
  constructor(private readonly store: SavedItemStore) {}

  async save(userId: string, productId: string | null, body: CreateSavedItemBody): Promise<SavedItem> {
    if (!productId) throw errors.notFound(PRODUCT_NOT_FOUND);
    const outcome = await this.store.saveItem(
      { ...body, productId, id: randomUUID(), userId },
      SAVED_ITEMS_PER_PRODUCT_MAX,
    );
    if (outcome === null) throw errors.notFound(PRODUCT_NOT_FOUND);
    if (outcome === 'limit') throw errors.conflict(SAVED_ITEM_LIMIT_REACHED, 'SAVED_ITEM_LIMIT_REACHED');
    return outcome;
  }

  async list(userId: string, productId: string | null): Promise<SavedItem[]> {
    const items = productId ? await this.store.listSavedItems(userId, productId) : null;
    if (!items) throw errors.notFound(PRODUCT_NOT_FOUND);
    return items;
  }

  async delete(userId: string, itemId: string | null): Promise<{ success: true; id: string }> {
    const deleted = itemId ? await this.store.deleteSavedItem(userId, itemId) : false;
    if (!deleted || !itemId) throw errors.notFound(SAVED_ITEM_NOT_FOUND);
    return { success: true, id: itemId };
  }
}
