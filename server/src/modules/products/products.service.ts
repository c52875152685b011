import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import type { GeneratedQuestion, QuestionGenerator, QuestionRequest } from '../../adapters/llm/question-generator.js';
import type { SqlRunner } from '../../adapters/search/sql-runner.js';
import { AppError, badInput, notFound } from '../../common/app-error.js';
import type { Clock } from '../../common/clock.js';
import type { RequestContext } from '../../common/request-context.js';
import { parseInput } from '../../common/validation.js';
import type { UploadedFile, UploadSpec } from '../../common/uploads.js';
import { addOutboxEvent, type OutboxRelay } from '../../outbox/outbox.js';
import type { Queues } from '../../queue/queues.js';
import { DELETED_ACCOUNT_NAME, publicUsername } from '../accounts/accounts.service.js';
import type { AuthService } from '../auth/auth.service.js';
import { User } from '../users/user.entity.js';
import { readCatalogueProducts, readSellerPage, type CatalogueProduct, type SellerPageColumns } from './catalogue-reads.js';
import { ProductMedia } from './product-media.entity.js';
import type { ProductMediaStore, StoredMedia } from './product-media-store.js';
import { CREATE_UPLOAD, galleryUpload, MAX_GALLERY_ITEMS, THUMBNAIL_UPLOAD, TOO_MANY_GALLERY } from './product-uploads.js';
import { ProductViews, type GalleryItemView, type ProductView } from './product-view.js';
import { Product, type CustomQuestion } from './product.entity.js';
import type { VisitorProductCache } from './visitor-product-cache.js';
import {
  createProductInput,
  editProductInput,
  enabledInput,
  GENERATE_NEEDS_DESCRIPTION,
  generateQuestionsInput,
  isObject,
  listInput,
  questionsSchema,
  reorderInput,
  REQUIRED,
  productRuleIssues,
} from './products.inputs.js';

/** Outbox topic of every product change; the search module indexes from it. */
export const PRODUCT_CHANGED = 'product.changed';
/** BullMQ queue of question generation jobs. */
export const QUESTIONS_QUEUE = 'questions';

const PRODUCT_NOT_FOUND = 'Product not found';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const generatedQuestions = z.array(
  z.object({ question: z.string().min(1), questionType: z.enum(['YesNo', 'FreeResponse']), mandatory: z.boolean() }),
);

/** A new product: the create form's body (the REST shape, as the `product` field carries it) and its received files. */
export interface CreateProductCommand {
  product: unknown;
  thumbnail: UploadedFile | undefined;
  gallery: UploadedFile[];
}

/** Received files for a thumbnail or the gallery, in arrival order. */
export interface MediaFilesCommand {
  files: UploadedFile[];
}

export interface ProductPage {
  items: ProductView[];
  totalCount: number;
  limit: number;
  offset: number;
}

export interface ProductServiceDeps {
  auth: AuthService;
  /** Reads without the unit of work: a product with its gallery and seller name in one query. */
  db: SqlRunner;
  media: ProductMediaStore;
  generator: QuestionGenerator;
  queues: Queues;
  relay: OutboxRelay;
  clock: Clock;
  questionTimeoutMs: number;
  /** Products as visitors without a session see them, kept in this process (left out: every read goes to the database). */
  visitorCache?: VisitorProductCache;
}

/**
 * The catalogue: products, their thumbnails and galleries, and buyer questions. Every rule of
 * docs/product.md#validation about products lives here; only the seller may change a product (anyone
 * else is told it does not exist), and disabled products are seen by their seller alone.
 * Every change writes a `product.changed` outbox event in its transaction.
 */
export class ProductService {
  private readonly productViews: ProductViews;

  constructor(private readonly deps: ProductServiceDeps) {
    this.productViews = new ProductViews(deps.media);
  }

  /** What visitors are shown changing (null without a visitor cache): for other copies kept for visitors. */
  visitorChanges(): Pick<VisitorProductCache, 'subscribe' | 'ready'> | null {
    return this.deps.visitorCache ?? null;
  }

  /** Ends what the service holds open (the visitor cache's listener). */
  async close(): Promise<void> {
    await this.deps.visitorCache?.close();
  }

  // ---------------------------------------------------------------- reading

  /** A product as the viewer may see it: enabled ones for everyone, disabled ones for their seller. */
  async getProduct(ctx: RequestContext, id: string): Promise<ProductView> {
    const [p] = UUID.test(id) ? await this.visibleViews(ctx, [id]) : [];
    if (!p) throw notFound(PRODUCT_NOT_FOUND);
    return p;
  }

  /** The visible products among `ids`, in that order (for search results and recommendations). */
  async getVisibleProducts(ctx: RequestContext, ids: string[]): Promise<ProductView[]> {
    const wanted = ids.filter((id) => UUID.test(id));
    if (!wanted.length) return [];
    const views = new Map((await this.visibleViews(ctx, wanted)).map((p) => [p.id, p]));
    return wanted.flatMap((id) => views.get(id) ?? []);
  }

  /**
   * The views of the products of `ids` (uuids) the viewer may see, in no particular order: enabled
   * ones, and the viewer's own disabled ones. A visitor's come from the visitor cache when there is one.
   */
  private visibleViews(ctx: RequestContext, ids: string[]): Promise<ProductView[]> {
    const viewerId = ctx.viewer?.userId ?? null;
    const read = async (wanted: string[]) =>
      (await readCatalogueProducts(this.deps.db, wanted))
        .filter((p) => !p.deleted && (p.enabled || p.seller_id === viewerId))
        .map((p) => this.catalogueView(p, viewerId));
    const cache = this.deps.visitorCache;
    return viewerId === null && cache ? cache.views(ids, read) : read(ids);
  }

  /** GET /seller/products/{id}: the seller's own product (enabled or not). */
  async getOwnProduct(ctx: RequestContext, id: string): Promise<ProductView> {
    const user = await this.deps.auth.requireUser(ctx);
    const [p] = UUID.test(id) ? await readCatalogueProducts(this.deps.db, [id]) : [];
    if (!p || p.deleted || p.seller_id !== user.id) throw notFound(PRODUCT_NOT_FOUND);
    return this.catalogueView(p, user.id);
  }

  /**
   * The seller's products, newest first, enabled and disabled. `columns` (default all) lets a caller
   * that shows less read less (SellerPageColumns): the seller's list over GraphQL reads no gallery, or
   * only the list's fields, when its query asks for nothing more.
   */
  async listOwn(ctx: RequestContext, raw: unknown, opts: { columns?: SellerPageColumns } = {}): Promise<ProductPage> {
    const userId = this.deps.auth.requireViewerId(ctx);
    const { limit, offset } = parseInput(listInput, raw ?? {});
    const { rows, total } = await readSellerPage(this.deps.db, userId, limit, offset, opts.columns ?? 'all');
    return { items: rows.map((p) => this.catalogueView(p, userId)), totalCount: total, limit, offset };
  }

  async getGallery(ctx: RequestContext, id: string): Promise<GalleryItemView[]> {
    return (await this.getOwnProduct(ctx, id)).gallery;
  }

  /** A product's buyer questions: readable by whoever may see the product (the inquiry asks them). */
  async getQuestions(ctx: RequestContext, id: string): Promise<CustomQuestion[]> {
    return (await this.findVisible(ctx.em, ctx, id)).customQuestions;
  }

  // ---------------------------------------------------------------- creating and editing

  /** What a create upload may carry, once the viewer may create (read nothing for a request refused anyway). */
  async createUpload(ctx: RequestContext): Promise<UploadSpec> {
    await this.deps.auth.requireUser(ctx);
    return CREATE_UPLOAD;
  }

  /** Creates a product from the product body (the create form's JSON), a thumbnail and up to 5 gallery files. */
  async create(ctx: RequestContext, command: CreateProductCommand): Promise<ProductView> {
    const user = await this.deps.auth.requireUser(ctx);
    if (!isObject(command.product)) throw badInput('The product must be a JSON object');
    const fields = parseInput(createProductInput, command.product);
    const { thumbnail, gallery } = command;
    if (!thumbnail) throw badInput(REQUIRED, { fields: { thumbnail: 'Please upload a thumbnail image' } });
    const productId = uuidv7();
    const stored = await this.deps.media.storeAll([thumbnail, ...gallery], productId);
    try {
      const product = await ctx.em.transactional(async (tx) => {
        const p = tx.create(Product, {
          id: productId,
          sellerId: user.id,
          ...fields,
          thumbnailKey: stored[0].storageKey,
        });
        await tx.flush(); // the product row first: media rows reference it
        stored.slice(1).forEach((m, position) => this.addMedia(tx, productId, m, position));
        addOutboxEvent(tx, PRODUCT_CHANGED, { productId });
        return p;
      });
      await this.deps.relay.nudge();
      return this.view(ctx, product);
    } catch (err) {
      await this.deps.media.remove(stored);
      throw err;
    }
  }

  /**
   * Edits a product with the fields given (the others keep their values); the result must pass
   * the edit form's rules (condition required, price for Buy now, quantities of at least 1).
   */
  async update(ctx: RequestContext, id: string, raw: unknown): Promise<ProductView> {
    const user = await this.deps.auth.requireUser(ctx);
    if (!isObject(raw)) throw badInput('The product must be a JSON object');
    return this.change(ctx, user.id, id, (p) => {
      // Checked once the product is known to be the seller's (anyone else is told it does not exist).
      const { price, ...patch } = parseInput(editProductInput, raw);
      // The stock (maxQuantity) falls with every order and may be 0 or under the minimum order: an
      // edit that does not set it keeps it as it is (only a quantity the seller enters is checked).
      const edited = {
        purchaseType: patch.purchaseType ?? p.purchaseType,
        pricePaise: price === undefined ? p.pricePaise : price,
        minQuantity: patch.minQuantity ?? p.minQuantity,
        maxQuantity: patch.maxQuantity ?? Math.max(p.maxQuantity, p.minQuantity),
      };
      const issues = productRuleIssues(edited);
      if (issues.length) throw badInput(issues[0]!.message, { fields: Object.fromEntries(issues.map((i) => [i.path, i.message])) });
      Object.assign(p, patch, { pricePaise: edited.pricePaise });
    });
  }

  async setEnabled(ctx: RequestContext, id: string, raw: unknown): Promise<ProductView> {
    const user = await this.deps.auth.requireUser(ctx);
    const { enabled } = parseInput(enabledInput, raw);
    return this.change(ctx, user.id, id, (p) => {
      p.enabled = enabled;
    });
  }

  /** Deletes a product: it disappears for everyone; its rows stay for the orders that name it. */
  async delete(ctx: RequestContext, id: string): Promise<boolean> {
    const user = await this.deps.auth.requireUser(ctx);
    await this.change(ctx, user.id, id, (p) => {
      p.deletedAt = this.deps.clock.now();
    });
    return true;
  }

  async setQuestions(ctx: RequestContext, id: string, raw: unknown): Promise<ProductView> {
    const user = await this.deps.auth.requireUser(ctx);
    const questions = parseInput(questionsSchema, raw);
    return this.change(ctx, user.id, id, (p) => {
      p.customQuestions = questions;
    });
  }

  /**
   * Hides every product of a seller from everyone (account deletion): they stay the seller's,
   * disabled, and search drops them through their `product.changed` events.
   */
  async disableAllForSeller(ctx: RequestContext, sellerId: string): Promise<number> {
    const ids = await ctx.em.transactional(async (tx) => {
      const rows = await tx.find(Product, { sellerId, deletedAt: null, enabled: true }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      for (const p of rows) {
        p.enabled = false;
        addOutboxEvent(tx, PRODUCT_CHANGED, { productId: p.id });
      }
      return rows.map((p) => p.id);
    });
    for (const id of ids) this.deps.visitorCache?.changed(id);
    if (ids.length) await this.deps.relay.nudge();
    return ids.length;
  }

  // ---------------------------------------------------------------- thumbnail and gallery

  /** What a thumbnail upload may carry, once the viewer owns the product. */
  async thumbnailUpload(ctx: RequestContext, id: string): Promise<UploadSpec> {
    const user = await this.deps.auth.requireUser(ctx);
    await this.findOwn(ctx.em, user.id, id);
    return THUMBNAIL_UPLOAD;
  }

  async replaceThumbnail(ctx: RequestContext, id: string, { files }: MediaFilesCommand): Promise<ProductView> {
    const user = await this.deps.auth.requireUser(ctx);
    await this.findOwn(ctx.em, user.id, id);
    if (!files.length) throw badInput('Please upload a thumbnail image', { fields: { thumbnail: 'Please upload a thumbnail image' } });
    const [stored] = await this.deps.media.storeAll(files, id);
    const old: { key: string | null } = { key: null };
    const view = await this.changeOrUnstore(ctx, user.id, id, [stored], (p) => {
      old.key = p.thumbnailKey;
      p.thumbnailKey = stored.storageKey;
    });
    if (old.key) await this.deps.media.remove([{ itemType: 'picture', storageKey: old.key }]);
    return view;
  }

  /** What a gallery upload may carry (room for what the gallery lacks), once the viewer owns the product. */
  async galleryAddUpload(ctx: RequestContext, id: string): Promise<UploadSpec> {
    const user = await this.deps.auth.requireUser(ctx);
    const product = await this.findOwn(ctx.em, user.id, id);
    const room = MAX_GALLERY_ITEMS - (await ctx.em.count(ProductMedia, { productId: product.id }));
    if (room <= 0) throw badInput(TOO_MANY_GALLERY);
    return galleryUpload(room);
  }

  /** Adds files to the end of the gallery (at most 5 items in all). */
  async addGalleryItems(ctx: RequestContext, id: string, { files }: MediaFilesCommand): Promise<ProductView> {
    const user = await this.deps.auth.requireUser(ctx);
    await this.findOwn(ctx.em, user.id, id);
    if (!files.length) throw badInput('Please choose at least one file', { fields: { gallery: 'Please choose at least one file' } });
    const stored = await this.deps.media.storeAll(files, id);
    return this.changeOrUnstore(ctx, user.id, id, stored, async (p, tx) => {
      const items = await this.galleryRows(tx, p.id);
      // Another upload may have finished meanwhile: the limit holds under the row lock.
      if (items.length + stored.length > MAX_GALLERY_ITEMS) throw badInput(TOO_MANY_GALLERY);
      const next = items.length ? items[items.length - 1].position + 1 : 0;
      stored.forEach((m, i) => this.addMedia(tx, p.id, m, next + i));
    });
  }

  /** What a whole new gallery may carry, once the viewer owns the product. */
  async galleryReplaceUpload(ctx: RequestContext, id: string): Promise<UploadSpec> {
    const user = await this.deps.auth.requireUser(ctx);
    await this.findOwn(ctx.em, user.id, id);
    return galleryUpload(MAX_GALLERY_ITEMS);
  }

  /** Replaces the whole gallery with the uploaded files. */
  async replaceGallery(ctx: RequestContext, id: string, { files }: MediaFilesCommand): Promise<ProductView> {
    const user = await this.deps.auth.requireUser(ctx);
    await this.findOwn(ctx.em, user.id, id);
    if (!files.length) throw badInput('Please choose at least one file', { fields: { gallery: 'Please choose at least one file' } });
    const stored = await this.deps.media.storeAll(files, id);
    const removed: ProductMedia[] = [];
    const view = await this.changeOrUnstore(ctx, user.id, id, stored, async (p, tx) => {
      removed.push(...(await this.galleryRows(tx, p.id)));
      for (const item of removed) tx.remove(item);
      stored.forEach((m, i) => this.addMedia(tx, p.id, m, i));
    });
    await this.deps.media.remove(removed);
    return view;
  }

  /** Puts the gallery in the order given; `itemIds` must name every item exactly once. */
  async reorderGallery(ctx: RequestContext, id: string, raw: unknown): Promise<ProductView> {
    const user = await this.deps.auth.requireUser(ctx);
    const { itemIds } = parseInput(reorderInput, raw);
    return this.change(ctx, user.id, id, async (p, tx) => {
      const items = await this.galleryRows(tx, p.id);
      const byId = new Map(items.map((m) => [m.id, m]));
      if (itemIds.length !== items.length || new Set(itemIds).size !== itemIds.length || !itemIds.every((i) => byId.has(i))) {
        throw badInput('The new order must list every gallery item exactly once', { fields: { itemIds: 'Must list every gallery item exactly once' } });
      }
      itemIds.forEach((itemId, position) => {
        byId.get(itemId)!.position = position;
      });
    });
  }

  async deleteGalleryItem(ctx: RequestContext, id: string, itemId: string): Promise<ProductView> {
    const user = await this.deps.auth.requireUser(ctx);
    const removed: ProductMedia[] = [];
    const view = await this.change(ctx, user.id, id, async (p, tx) => {
      const items = await this.galleryRows(tx, p.id);
      const item = items.find((m) => m.id === itemId);
      if (!item) throw notFound('Gallery item not found');
      tx.remove(item);
      removed.push(item);
      items.filter((m) => m !== item).forEach((m, position) => (m.position = position));
    });
    await this.deps.media.remove(removed);
    return view;
  }

  // ---------------------------------------------------------------- question generation

  /**
   * Suggests buyer questions for a description (and, with a product id, that product's title and
   * category). Runs as a BullMQ job; the request waits for it up to QUESTION_JOB_TIMEOUT_MS.
   */
  async generateQuestions(ctx: RequestContext, raw: unknown, productId?: string): Promise<CustomQuestion[]> {
    const user = await this.deps.auth.requireUser(ctx);
    const input = parseInput(generateQuestionsInput, raw ?? {});
    const product = productId ? await this.findOwn(ctx.em, user.id, productId) : null;
    const description = input.description || product?.description || '';
    if (!description) throw badInput(GENERATE_NEEDS_DESCRIPTION, { fields: { description: GENERATE_NEEDS_DESCRIPTION } });
    const request: QuestionRequest = {
      description,
      title: input.title ?? product?.title,
      category: input.category ?? product?.category,
      productType: input.productType ?? product?.productType,
      language: input.language ?? ctx.locale,
    };
    const generated = await this.runQuestionJob(ctx, request);
    return generated.map((q) => ({ id: uuidv7(), ...q }));
  }

  /** The job's work (worker side). */
  answerQuestionJob(data: QuestionRequest): Promise<GeneratedQuestion[]> {
    return this.deps.generator.generate(data);
  }

  /**
   * Enqueues the job and waits for its result. It polls the job rather than listening to queue
   * events: an event stream opened after the job was added can miss a fast job's completion.
   */
  private async runQuestionJob(ctx: RequestContext, request: QuestionRequest): Promise<GeneratedQuestion[]> {
    const { queues, questionTimeoutMs } = this.deps;
    const queue = queues.queue(QUESTIONS_QUEUE);
    const job = await queue.add('generate', request, {
      // The seller is waiting: a late retry would answer nobody.
      attempts: 1,
      removeOnComplete: { age: 600 },
      removeOnFail: { age: 3600 },
    });
    const deadline = Date.now() + questionTimeoutMs;
    for (let wait = 10; Date.now() < deadline; wait = Math.min(wait * 2, 100)) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(wait, Math.max(0, deadline - Date.now()))));
      const state = await queue.getJob(job.id!);
      if (!state?.finishedOn) continue;
      if (state.failedReason) {
        ctx.log.warn({ err: state.failedReason, jobId: job.id }, 'question generation failed');
        throw new AppError('SERVICE_UNAVAILABLE', 'Failed to generate questions');
      }
      const parsed = generatedQuestions.safeParse(state.returnvalue);
      if (parsed.success) return parsed.data;
      throw new AppError('SERVICE_UNAVAILABLE', 'Failed to generate questions');
    }
    await job.remove().catch(() => undefined); // nobody is waiting for it any more
    throw new AppError('TIMEOUT', 'Failed to generate questions: the generator took too long. Please try again.');
  }

  // ---------------------------------------------------------------- helpers

  /** Owner-only change of a product under a row lock, with its outbox event; returns the new view. */
  private async change(
    ctx: RequestContext,
    sellerId: string,
    id: string,
    apply: (p: Product, tx: EntityManager) => void | Promise<void>,
  ): Promise<ProductView> {
    const product = await ctx.em.transactional(async (tx) => {
      const p = await this.findOwn(tx, sellerId, id, true);
      await apply(p, tx);
      addOutboxEvent(tx, PRODUCT_CHANGED, { productId: p.id });
      return p;
    });
    this.deps.visitorCache?.changed(product.id);
    await this.deps.relay.nudge();
    return this.view(ctx, product);
  }

  /** `change`, removing the files just stored when the change does not commit. */
  private async changeOrUnstore(
    ctx: RequestContext,
    sellerId: string,
    id: string,
    stored: StoredMedia[],
    apply: (p: Product, tx: EntityManager) => void | Promise<void>,
  ): Promise<ProductView> {
    try {
      return await this.change(ctx, sellerId, id, apply);
    } catch (err) {
      await this.deps.media.remove(stored);
      throw err;
    }
  }

  private addMedia(tx: EntityManager, productId: string, m: StoredMedia, position: number): void {
    tx.persist(tx.create(ProductMedia, { productId, position, ...m }));
  }

  private galleryRows(em: EntityManager, productId: string): Promise<ProductMedia[]> {
    return em.find(ProductMedia, { productId }, { orderBy: { position: 'asc', id: 'asc' } });
  }

  private async findVisible(em: EntityManager, ctx: RequestContext, id: string): Promise<Product> {
    const p = UUID.test(id) ? await em.findOne(Product, { id, deletedAt: null }) : null;
    if (!p || (!p.enabled && p.sellerId !== ctx.viewer?.userId)) throw notFound(PRODUCT_NOT_FOUND);
    return p;
  }

  /** The seller's own product; anyone else's (or none) is "not found", so ids reveal nothing. */
  private async findOwn(em: EntityManager, sellerId: string, id: string, lock = false): Promise<Product> {
    const p = UUID.test(id)
      ? await em.findOne(Product, { id, deletedAt: null }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true } : {})
      : null;
    if (!p || p.sellerId !== sellerId) throw notFound(PRODUCT_NOT_FOUND);
    return p;
  }

  /** The view of a product read with its gallery and seller (catalogue-reads.ts). */
  private catalogueView(p: CatalogueProduct, viewerId: string | null): ProductView {
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
        minQuantity: p.min_quantity,
        maxQuantity: p.max_quantity,
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

  private async view(ctx: RequestContext, product: Product): Promise<ProductView> {
    return (await this.views(ctx, [product]))[0];
  }

  private async views(ctx: RequestContext, products: Product[]): Promise<ProductView[]> {
    if (!products.length) return [];
    const ids = products.map((p) => p.id);
    const [media, sellers] = await Promise.all([
      ctx.em.find(ProductMedia, { productId: { $in: ids } }, { orderBy: { position: 'asc', id: 'asc' } }),
      ctx.em.find(User, { id: { $in: [...new Set(products.map((p) => p.sellerId))] } }),
    ]);
    const names = new Map(sellers.map((u) => [u.id, publicUsername(u)]));
    const viewerId = ctx.viewer?.userId ?? null;
    return products.map((p) =>
      this.productViews.view(
        {
          id: p.id,
          sellerId: p.sellerId,
          sellerUsername: names.get(p.sellerId) ?? null,
          title: p.title,
          description: p.description,
          productType: p.productType,
          purchaseType: p.purchaseType,
          condition: p.condition,
          category: p.category,
          tags: p.tags,
          pricePaise: p.pricePaise,
          minQuantity: p.minQuantity,
          maxQuantity: p.maxQuantity,
          city: p.city,
          state: p.state,
          contact: p.contact,
          thumbnailKey: p.thumbnailKey,
          gallery: media.filter((m) => m.productId === p.id),
          customQuestions: p.customQuestions,
          enabled: p.enabled,
          createdAt: p.createdAt,
          updatedAt: p.updatedAt,
        },
        viewerId,
      ),
    );
  }
}
