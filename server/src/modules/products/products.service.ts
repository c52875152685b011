import { v7 as uuidv7 } from 'uuid';
import type { EntityManager } from '@mikro-orm/postgresql';
import { readPriceLadder, type LadderReading } from './price-ladder.js';
import type { GeneratedQuestion, QuestionGenerator, QuestionRequest } from '../../adapters/llm/question-generator.js';
import type { SqlRunner } from '../../adapters/search/sql-runner.js';
import { badInput, notFound } from '../../common/app-error.js';
import type { Clock } from '../../common/clock.js';
import type { RequestContext } from '../../common/request-context.js';
import type { UploadedFile, UploadSpec } from '../../common/uploads.js';
import { parseInput } from '../../common/validation.js';
import type { Queues } from '../../queue/queues.js';
import type { AuthService } from '../auth/auth.service.js';
import { countSellerListings, readCatalogueProducts, readListedRange, readListedStarts, readSellerPage, type SellerPageColumns } from './catalogue-reads.js';
import { applyEdit } from './product-edits.js';
import { CHOOSE_FILES, nextPosition, noFiles, reorderedPositions, UPLOAD_THUMBNAIL } from './product-gallery.js';
import type { ProductMedia } from './product-media.entity.js';
import type { ProductMediaStore } from './product-media-store.js';
import { QuestionGeneration } from './product-questions.js';
import { isProductId, PRODUCT_NOT_FOUND, ProductStore } from './product-store.js';
import { CREATE_UPLOAD, galleryUpload, MAX_GALLERY_ITEMS, THUMBNAIL_UPLOAD, TOO_MANY_GALLERY } from './product-uploads.js';
import type { GalleryItemView, ProductView } from './product-view.js';
import type { CustomQuestion } from './product.entity.js';
import type { VisitorProductCache } from './visitor-product-cache.js';
import {
  createProductInput,
  editProductInput,
  enabledInput,
  GENERATE_NEEDS_DESCRIPTION,
  generateQuestionsInput,
  ladderInput,
  isObject,
  listInput,
  questionsSchema,
  reorderInput,
  REQUIRED,
} from './products.inputs.js';
import { productMessages } from './products.messages.js';

export { PRODUCT_CHANGED } from './product-events.js';
export { QUESTIONS_QUEUE } from './product-questions.js';

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

/** The lowest id there can be: the first file of the sitemap starts there, so no product falls before it. */
const NIL_ID = '00000000-0000-0000-0000-000000000000';

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
  /** Wakes the outbox relays after a commit. */
  relay: { nudge(): Promise<void> };
  clock: Clock;
  questionTimeoutMs: number;
  /** Products as visitors without a session see them, kept in this process (left out: every read goes to the database). */
  visitorCache?: VisitorProductCache;
}

/**
 * The catalogue (docs/product.md#validation): products, their thumbnails and galleries, and buyer
 * questions. A list of commands over its parts: the product store (every change the seller's own,
 * under a row lock, with its `product.changed` event), the catalogue reads, the edit and gallery
 * rules, uploads and question generation. Only the seller may change a product (anyone else is told
 * it does not exist), and disabled products are seen by their seller alone.
 */
export class ProductService {
  private readonly store: ProductStore;
  private readonly questions: QuestionGeneration;

  constructor(private readonly deps: ProductServiceDeps) {
    this.store = new ProductStore({ media: deps.media, db: deps.db, relay: deps.relay, visitorCache: deps.visitorCache });
    this.questions = new QuestionGeneration({ generator: deps.generator, queues: deps.queues, timeoutMs: deps.questionTimeoutMs });
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
    const [p] = isProductId(id) ? await this.visibleViews(ctx, [id]) : [];
    if (!p) throw notFound(PRODUCT_NOT_FOUND);
    return p;
  }

  /** Whether the product of `id` existed and was deleted (its page answers 410 Gone, not 404: docs/product.md#product-page). */
  async wasDeleted(id: string): Promise<boolean> {
    const [p] = isProductId(id) ? await readCatalogueProducts(this.deps.db, [id]) : [];
    return p?.deleted === true;
  }

  /**
   * The products anyone may open, for the sitemap (docs/architecture.md#rendered-pages): where each run of
   * `perFile` of them starts in id order (the first run from the lowest id there can be), ...
   */
  async listedStarts(perFile: number): Promise<string[]> {
    const starts = await readListedStarts(this.deps.db, perFile);
    return [NIL_ID, ...starts.slice(1)];
  }

  /** ... and those from `from` up to `to` (null: the end), in id order, at most `limit`, with when each last changed. */
  async listedProducts(from: string, to: string | null, limit: number): Promise<Array<{ id: string; updatedAt: Date }>> {
    return (await readListedRange(this.deps.db, from, to, limit)).map((r) => ({ id: r.id, updatedAt: new Date(r.updated_ms) }));
  }

  /** The visible products among `ids`, in that order (for search results and recommendations). */
  async getVisibleProducts(ctx: RequestContext, ids: string[]): Promise<ProductView[]> {
    const wanted = ids.filter(isProductId);
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
      (await readCatalogueProducts(this.deps.db, wanted)).filter((p) => !p.deleted && (p.enabled || p.seller_id === viewerId)).map((p) => this.store.catalogueView(p, viewerId));
    const cache = this.deps.visitorCache;
    return viewerId === null && cache ? cache.views(ids, read) : read(ids);
  }

  /** GET /seller/products/{id}: the seller's own product (enabled or not). */
  async getOwnProduct(ctx: RequestContext, id: string): Promise<ProductView> {
    const user = await this.deps.auth.requireUser(ctx);
    const [p] = isProductId(id) ? await readCatalogueProducts(this.deps.db, [id]) : [];
    if (!p || p.deleted || p.seller_id !== user.id) throw notFound(PRODUCT_NOT_FOUND);
    return this.store.catalogueView(p, user.id);
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
    return { items: rows.map((p) => this.store.catalogueView(p, userId)), totalCount: total, limit, offset };
  }

  /**
   * A seller's listed products (on, not held, not deleted) as buyers see them, newest first, paged:
   * their public profile (docs/product.md#seller-profiles). Read off the seller's index.
   */
  async listedBySeller(ctx: RequestContext, sellerId: string, raw: unknown): Promise<ProductPage> {
    const { limit, offset } = parseInput(listInput, raw ?? {});
    const { rows } = await this.deps.db.query<{ id: string; total: number }>(
      `select id, count(*) over ()::int as total from products
        where seller_id = $1 and enabled and deleted_at is null order by created_at desc, id desc limit $2 offset $3`,
      [sellerId, limit, offset],
    );
    const total = rows[0]?.total ?? (await this.deps.db.query<{ n: number }>('select count(*)::int as n from products where seller_id = $1 and enabled and deleted_at is null', [sellerId])).rows[0].n;
    return { items: await this.getVisibleProducts(ctx, rows.map((r) => r.id)), totalCount: total, limit, offset };
  }

  /** The viewer's listings: how many buyers see and how many are switched off (the seller's dashboard figures). */
  async countOwn(ctx: RequestContext): Promise<{ active: number; off: number }> {
    return countSellerListings(this.deps.db, this.deps.auth.requireViewerId(ctx));
  }

  async getGallery(ctx: RequestContext, id: string): Promise<GalleryItemView[]> {
    return (await this.getOwnProduct(ctx, id)).gallery;
  }

  /** A product's buyer questions: readable by whoever may see the product (the inquiry asks them). */
  async getQuestions(ctx: RequestContext, id: string): Promise<CustomQuestion[]> {
    return (await this.store.findVisible(ctx.em, ctx.viewer?.userId ?? null, id)).customQuestions;
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
    if (!isObject(command.product)) throw badInput(productMessages.theProductMustBeAJson);
    const fields = parseInput(createProductInput, command.product);
    const { thumbnail, gallery } = command;
    if (!thumbnail) throw badInput(REQUIRED, { fields: { thumbnail: UPLOAD_THUMBNAIL } });
    const productId = uuidv7();
    const stored = await this.deps.media.storeAll([thumbnail, ...gallery], productId);
    try {
      return await this.store.insert(ctx, { id: productId, sellerId: user.id, ...fields, thumbnailKey: stored[0].storageKey }, stored.slice(1));
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
    if (!isObject(raw)) throw badInput(productMessages.theProductMustBeAJson);
    // Checked once the product is known to be the seller's (anyone else is told it does not exist).
    return this.store.change(ctx, user.id, id, (p) => applyEdit(p, parseInput(editProductInput, raw)));
  }

  async setEnabled(ctx: RequestContext, id: string, raw: unknown): Promise<ProductView> {
    const user = await this.deps.auth.requireUser(ctx);
    const { enabled } = parseInput(enabledInput, raw);
    return this.store.change(ctx, user.id, id, (p) => {
      p.enabled = enabled;
    });
  }

  /** Deletes a product: it disappears for everyone; its rows stay for the orders that name it. */
  async delete(ctx: RequestContext, id: string): Promise<boolean> {
    const user = await this.deps.auth.requireUser(ctx);
    await this.store.change(ctx, user.id, id, (p) => {
      p.deletedAt = this.deps.clock.now();
    });
    return true;
  }

  async setQuestions(ctx: RequestContext, id: string, raw: unknown): Promise<ProductView> {
    const user = await this.deps.auth.requireUser(ctx);
    const questions = parseInput(questionsSchema, raw);
    return this.store.change(ctx, user.id, id, (p) => {
      p.customQuestions = questions;
    });
  }

  /**
   * Hides every product of a seller from everyone (account deletion): they stay the seller's,
   * disabled, and search drops them through their `product.changed` events.
   */
  async disableAllForSeller(ctx: RequestContext, sellerId: string): Promise<number> {
    return (await this.store.disableAll(ctx, sellerId)).length;
  }

  /**
   * The team's holds (docs/product.md#operators-and-reports), in the caller's transaction `tx`: one product
   * hidden by an operator, or every listed product of a suspended seller; answers the ids changed, which
   * the caller passes to `heldChanged` once it committed. A held product stays hidden (search drops it
   * through its `product.changed` event) and its seller cannot show it again.
   */
  hold(tx: EntityManager, target: { productId: string } | { sellerId: string }): Promise<string[]> {
    return this.store.hold(tx, target);
  }

  /** Shows again, in `tx`, what a seller's suspension held; answers the ids changed (for `heldChanged`). */
  releaseSuspension(tx: EntityManager, sellerId: string): Promise<string[]> {
    return this.store.releaseSuspension(tx, sellerId);
  }

  /** After the transaction of `hold` or `releaseSuspension` committed. */
  heldChanged(ids: string[]): Promise<void> {
    return this.store.changedAfterCommit(ids);
  }

  // ---------------------------------------------------------------- thumbnail and gallery

  /** What a thumbnail upload may carry, once the viewer owns the product. */
  async thumbnailUpload(ctx: RequestContext, id: string): Promise<UploadSpec> {
    const user = await this.deps.auth.requireUser(ctx);
    await this.store.findOwn(ctx.em, user.id, id);
    return THUMBNAIL_UPLOAD;
  }

  async replaceThumbnail(ctx: RequestContext, id: string, { files }: MediaFilesCommand): Promise<ProductView> {
    const user = await this.deps.auth.requireUser(ctx);
    await this.store.findOwn(ctx.em, user.id, id);
    if (!files.length) throw noFiles(UPLOAD_THUMBNAIL, 'thumbnail');
    const [stored] = await this.deps.media.storeAll(files, id);
    const old: { key: string | null } = { key: null };
    const view = await this.store.changeOrUnstore(ctx, user.id, id, [stored], (p) => {
      old.key = p.thumbnailKey;
      p.thumbnailKey = stored.storageKey;
    });
    if (old.key) await this.deps.media.remove([{ itemType: 'picture', storageKey: old.key }]);
    return view;
  }

  /** What a gallery upload may carry (room for what the gallery lacks), once the viewer owns the product. */
  async galleryAddUpload(ctx: RequestContext, id: string): Promise<UploadSpec> {
    const user = await this.deps.auth.requireUser(ctx);
    const product = await this.store.findOwn(ctx.em, user.id, id);
    const room = MAX_GALLERY_ITEMS - (await this.store.countGallery(ctx.em, product.id));
    if (room <= 0) throw badInput(TOO_MANY_GALLERY);
    return galleryUpload(room);
  }

  /** Adds files to the end of the gallery (at most 5 items in all). */
  async addGalleryItems(ctx: RequestContext, id: string, { files }: MediaFilesCommand): Promise<ProductView> {
    const user = await this.deps.auth.requireUser(ctx);
    await this.store.findOwn(ctx.em, user.id, id);
    if (!files.length) throw noFiles(CHOOSE_FILES, 'gallery');
    const stored = await this.deps.media.storeAll(files, id);
    return this.store.changeOrUnstore(ctx, user.id, id, stored, async (p, tx) => {
      const items = await this.store.galleryRows(tx, p.id);
      // Another upload may have finished meanwhile: the limit holds under the row lock.
      if (items.length + stored.length > MAX_GALLERY_ITEMS) throw badInput(TOO_MANY_GALLERY);
      const next = nextPosition(items);
      stored.forEach((m, i) => this.store.addMedia(tx, p.id, m, next + i));
    });
  }

  /** What a whole new gallery may carry, once the viewer owns the product. */
  async galleryReplaceUpload(ctx: RequestContext, id: string): Promise<UploadSpec> {
    const user = await this.deps.auth.requireUser(ctx);
    await this.store.findOwn(ctx.em, user.id, id);
    return galleryUpload(MAX_GALLERY_ITEMS);
  }

  /** Replaces the whole gallery with the uploaded files. */
  async replaceGallery(ctx: RequestContext, id: string, { files }: MediaFilesCommand): Promise<ProductView> {
    const user = await this.deps.auth.requireUser(ctx);
    await this.store.findOwn(ctx.em, user.id, id);
    if (!files.length) throw noFiles(CHOOSE_FILES, 'gallery');
    const stored = await this.deps.media.storeAll(files, id);
    const removed: ProductMedia[] = [];
    const view = await this.store.changeOrUnstore(ctx, user.id, id, stored, async (p, tx) => {
      removed.push(...(await this.store.galleryRows(tx, p.id)));
      for (const item of removed) tx.remove(item);
      stored.forEach((m, i) => this.store.addMedia(tx, p.id, m, i));
    });
    await this.deps.media.remove(removed);
    return view;
  }

  /** Puts the gallery in the order given; `itemIds` must name every item exactly once. */
  async reorderGallery(ctx: RequestContext, id: string, raw: unknown): Promise<ProductView> {
    const user = await this.deps.auth.requireUser(ctx);
    const { itemIds } = parseInput(reorderInput, raw);
    return this.store.change(ctx, user.id, id, async (p, tx) => {
      const items = await this.store.galleryRows(tx, p.id);
      const positions = reorderedPositions(itemIds, items.map((m) => m.id));
      for (const m of items) m.position = positions.get(m.id)!;
    });
  }

  async deleteGalleryItem(ctx: RequestContext, id: string, itemId: string): Promise<ProductView> {
    const user = await this.deps.auth.requireUser(ctx);
    const removed: ProductMedia[] = [];
    const view = await this.store.change(ctx, user.id, id, async (p, tx) => {
      const items = await this.store.galleryRows(tx, p.id);
      const item = items.find((m) => m.id === itemId);
      if (!item) throw notFound(productMessages.galleryItemNotFound);
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
  /** Reads bands from a line the seller typed or said ('100 se upar 45, 500 se upar 40'); nothing is saved. */
  async readPriceLadder(ctx: RequestContext, raw: unknown): Promise<LadderReading> {
    await this.deps.auth.requireUser(ctx);
    return readPriceLadder(parseInput(ladderInput, raw).text);
  }

  async generateQuestions(ctx: RequestContext, raw: unknown, productId?: string): Promise<CustomQuestion[]> {
    const user = await this.deps.auth.requireUser(ctx);
    const input = parseInput(generateQuestionsInput, raw ?? {});
    const product = productId ? await this.store.findOwn(ctx.em, user.id, productId) : null;
    const description = input.description || product?.description || '';
    if (!description) throw badInput(GENERATE_NEEDS_DESCRIPTION, { fields: { description: GENERATE_NEEDS_DESCRIPTION } });
    const request: QuestionRequest = {
      description,
      title: input.title ?? product?.title,
      category: input.category ?? product?.category,
      productType: input.productType ?? product?.productType,
      language: input.language ?? ctx.locale,
    };
    const generated = await this.questions.run(ctx, request);
    return generated.map((q) => ({ id: uuidv7(), ...q }));
  }

  /** The question job's work (worker side). */
  answerQuestionJob(data: QuestionRequest): Promise<GeneratedQuestion[]> {
    return this.questions.answerJob(data);
  }
}
