import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import type { SqlRunner } from '../../adapters/search/sql-runner.js';
import { AppError, notFound } from '../../common/app-error.js';
import type { RequestContext } from '../../common/request-context.js';
import { addOutboxEvent } from '../../outbox/outbox.js';
import { DELETED_ACCOUNT_NAME } from '../accounts/accounts.service.js';
import { readCatalogueProducts, type CatalogueProduct } from './catalogue-reads.js';
import { productChanged } from './product-events.js';
import { ProductMedia } from './product-media.entity.js';
import type { ProductMediaStore, StoredMedia } from './product-media-store.js';
import { ProductViews, type ProductView } from './product-view.js';
import { Product } from './product.entity.js';
import type { ProductFields } from './products.inputs.js';
import type { VisitorProductCache } from './visitor-product-cache.js';
import { productMessages } from './products.messages.js';

export const PRODUCT_NOT_FOUND = productMessages.productNotFound;
export const PRODUCT_HELD = productMessages.productHeld;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` can name a product at all (anything else is "not found" without a read). */
export const isProductId = (id: string) => UUID.test(id);

/** A change of a product under its row lock (it may refuse: nothing is written then). */
export type ProductChange = (p: Product, tx: EntityManager) => void | Promise<void>;

export interface ProductStoreDeps {
  media: ProductMediaStore;
  /** Reads without the unit of work: a product with its gallery and seller name in one query. */
  db: SqlRunner;
  /** Wakes the outbox relays after a commit. */
  relay: { nudge(): Promise<void> };
  /** Products as visitors without a session see them, kept in this process (a change drops its product at once). */
  visitorCache?: VisitorProductCache;
}

/**
 * The catalogue's writes and what they answer: every change is the seller's own, under the
 * product's row lock, with its `product.changed` outbox event in the same transaction; the product's
 * view is built by the one builder (product-view.ts) from the one read of a product (catalogue-reads.ts). Only the seller may change a product (anyone
 * else is told it does not exist), and disabled products are seen by their seller alone.
 */
export class ProductStore {
  private readonly productViews: ProductViews;

  constructor(private readonly deps: ProductStoreDeps) {
    this.productViews = new ProductViews(deps.media);
  }

  /** A new product with its gallery rows (its files already stored) and its event, in one transaction. */
  async insert(ctx: RequestContext, fields: ProductFields & Pick<Product, 'id' | 'sellerId' | 'thumbnailKey'>, gallery: StoredMedia[]): Promise<ProductView> {
    const product = await ctx.em.transactional(async (tx) => {
      const p = tx.create(Product, fields);
      await tx.flush(); // the product row first: media rows reference it
      gallery.forEach((m, position) => this.addMedia(tx, p.id, m, position));
      addOutboxEvent(tx, productChanged, { productId: p.id });
      return p;
    });
    await this.deps.relay.nudge();
    return this.view(ctx, product);
  }

  /** Owner-only change of a product under a row lock, with its outbox event; returns the new view. */
  async change(ctx: RequestContext, sellerId: string, id: string, apply: ProductChange): Promise<ProductView> {
    const product = await ctx.em.transactional(async (tx) => {
      const p = await this.findOwn(tx, sellerId, id, true);
      await apply(p, tx);
      // A product the team holds stays hidden whatever its seller asks (docs/product.md#operators-and-reports).
      if (p.held && p.enabled) throw new AppError('FORBIDDEN', PRODUCT_HELD);
      addOutboxEvent(tx, productChanged, { productId: p.id });
      return p;
    });
    this.deps.visitorCache?.changed(product.id);
    await this.deps.relay.nudge();
    return this.view(ctx, product);
  }

  /** `change`, removing the files just stored when the change does not commit. */
  async changeOrUnstore(ctx: RequestContext, sellerId: string, id: string, stored: StoredMedia[], apply: ProductChange): Promise<ProductView> {
    try {
      return await this.change(ctx, sellerId, id, apply);
    } catch (err) {
      await this.deps.media.remove(stored);
      throw err;
    }
  }

  /** Hides every enabled product of a seller (each with its event); answers their ids. */
  async disableAll(ctx: RequestContext, sellerId: string): Promise<string[]> {
    const ids = await ctx.em.transactional(async (tx) => {
      const rows = await tx.find(Product, { sellerId, deletedAt: null, enabled: true }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      for (const p of rows) {
        p.enabled = false;
        addOutboxEvent(tx, productChanged, { productId: p.id });
      }
      return rows.map((p) => p.id);
    });
    for (const id of ids) this.deps.visitorCache?.changed(id);
    if (ids.length) await this.deps.relay.nudge();
    return ids;
  }

  /**
   * Holds products in the caller's transaction `tx` (the team hides them, docs/product.md#operators-and-reports),
   * each with its event: one product whatever its state ('operator'), or every enabled product of a seller
   * ('suspension'). Answers the ids changed (for `changedAfterCommit`).
   */
  async hold(tx: EntityManager, target: { productId: string } | { sellerId: string }): Promise<string[]> {
    const rows =
      'productId' in target
        ? await tx.find(Product, { id: target.productId, deletedAt: null }, { lockMode: LockMode.PESSIMISTIC_WRITE })
        : await tx.find(Product, { sellerId: target.sellerId, deletedAt: null, enabled: true, held: null }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    for (const p of rows) {
      p.enabled = false;
      p.held = 'productId' in target ? 'operator' : 'suspension';
      addOutboxEvent(tx, productChanged, { productId: p.id });
    }
    await tx.flush();
    return rows.map((p) => p.id);
  }

  /** Shows again, in `tx`, the products a seller's suspension held (each with its event); answers their ids. */
  async releaseSuspension(tx: EntityManager, sellerId: string): Promise<string[]> {
    const rows = await tx.find(Product, { sellerId, held: 'suspension' }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    for (const p of rows) {
      p.held = null;
      p.enabled = p.deletedAt === null;
      addOutboxEvent(tx, productChanged, { productId: p.id });
    }
    await tx.flush();
    return rows.map((p) => p.id);
  }

  /** After a commit that changed products in the caller's transaction: visitors' copies dropped, the relay woken. */
  async changedAfterCommit(ids: string[]): Promise<void> {
    for (const id of ids) this.deps.visitorCache?.changed(id);
    if (ids.length) await this.deps.relay.nudge();
  }

  addMedia(tx: EntityManager, productId: string, m: StoredMedia, position: number): void {
    tx.persist(tx.create(ProductMedia, { productId, position, ...m }));
  }

  galleryRows(em: EntityManager, productId: string): Promise<ProductMedia[]> {
    return em.find(ProductMedia, { productId }, { orderBy: { position: 'asc', id: 'asc' } });
  }

  countGallery(em: EntityManager, productId: string): Promise<number> {
    return em.count(ProductMedia, { productId });
  }

  /** A product the viewer may see: enabled, or their own. */
  async findVisible(em: EntityManager, viewerId: string | null, id: string): Promise<Product> {
    const p = isProductId(id) ? await em.findOne(Product, { id, deletedAt: null }) : null;
    if (!p || (!p.enabled && p.sellerId !== viewerId)) throw notFound(PRODUCT_NOT_FOUND);
    return p;
  }

  /** The seller's own product; anyone else's (or none) is "not found", so ids reveal nothing. */
  async findOwn(em: EntityManager, sellerId: string, id: string, lock = false): Promise<Product> {
    const p = isProductId(id) ? await em.findOne(Product, { id, deletedAt: null }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true } : {}) : null;
    if (!p || p.sellerId !== sellerId) throw notFound(PRODUCT_NOT_FOUND);
    return p;
  }

  /** The view of a product read with its gallery and seller (catalogue-reads.ts). */
  catalogueView(p: CatalogueProduct, viewerId: string | null): ProductView {
    return this.productViews.view(
      {
        id: p.id,
        sellerId: p.seller_id,
        sellerUsername: p.seller_deleted ? DELETED_ACCOUNT_NAME : p.seller_name,
        title: p.title,
        description: p.description,
        productType: p.product_type,
        purchaseType: p.purchase_type,
        condition: p.condition,
        category: p.category,
        tags: p.tags,
        pricePaise: p.price_paise,
        priceMaxPaise: p.price_max_paise,
        minQuantity: p.min_quantity,
        maxQuantity: p.max_quantity,
        unit: p.unit,
        hsnCode: p.hsn_code,
        gstRate: p.gst_rate,
        priceTiers: p.price_tiers,
        city: p.city,
        state: p.state,
        contact: p.contact,
        thumbnailKey: p.thumbnail_key,
        gallery: p.gallery,
        customQuestions: p.custom_questions,
        enabled: p.enabled,
        createdAt: new Date(p.created_ms),
        updatedAt: new Date(p.updated_ms),
      },
      viewerId,
    );
  }

  /** The view of a product just written, read as committed with its gallery and seller (catalogue-reads.ts). */
  private async view(ctx: RequestContext, p: Product): Promise<ProductView> {
    const [row] = await readCatalogueProducts(this.deps.db, [p.id]);
    if (!row) throw notFound(PRODUCT_NOT_FOUND);
    return this.catalogueView(row, ctx.viewer?.userId ?? null);
  }
}
