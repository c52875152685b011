import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { v7 as uuidv7 } from 'uuid';
import type { MailSender } from '../../adapters/mail/mail-sender.js';
import { AppError, notFound } from '../../common/app-error.js';
import type { Clock } from '../../common/clock.js';
import type { RequestContext } from '../../common/request-context.js';
import type { UploadedFile } from '../../common/uploads.js';
import { parseInput } from '../../common/validation.js';
import { currentPosition } from '../../pubsub/positions.js';
import type { Queues } from '../../queue/queues.js';
import type { AuthService } from '../auth/auth.service.js';
import type { BusinessService } from '../business/business.service.js';
import { ORDER_TOO_LARGE, totalTooLarge, type ImageUrls, type ProductStock, type Quoted } from '../products/products.public.js';
import { addOrderChanged, type OrderChanged } from './order-events.js';
import { alreadyDone, ORDER_NOT_FOUND, refusalOf, TRANSITIONS, type OrderAction, type OrderRole, type Transition } from './order-lifecycle.js';
import { orderPayment, type OrderPayment } from './order-payment.js';
import { OrderNotices } from './order-notices.js';
import { IDEMPOTENCY_TTL_MS, OrderStore, type TransitionExtras } from './order-store.js';
import { orderViews, type OrderPage, type OrderView } from './order-views.js';
import { screenshotFile, type PaymentScreenshots } from './payment-screenshots.js';
import { Order } from './order.entity.js';
import { afterInput, buyNowInput, confirmPaymentInput, listInput, orderIdInput } from './orders.inputs.js';
import { orderMessages } from './orders.messages.js';

// What other modules and the adapters use of orders.
export { ORDER_CHANGED, ORDER_EXPIRY_QUEUE, orderChanged, ORDERS_QUEUE, type OrderChanged } from './order-events.js';
export { allowedActions, ORDER_LOCKED, ORDER_NOT_FOUND, TRANSITIONS, type OrderAction, type OrderRole } from './order-lifecycle.js';
export { DELETED_USER, type OrderPage, type OrderView } from './order-views.js';
export type { OrderPayment } from './order-payment.js';
export { PAYMENT_UPLOAD } from './payment-screenshots.js';

/** How many orders one step of a sweep takes. */
const SWEEP_BATCH = 200;
const SWEEP_MAX_BATCHES = 50;

export interface OrderServiceDeps {
  auth: AuthService;
  /** The seller's payee details. */
  business: Pick<BusinessService, 'sellerBusiness' | 'buyerBilling'>;
  stock: ProductStock;
  /** Where the buyers' payment screenshots are kept. */
  screenshots: PaymentScreenshots;
  thumbnailUrls: (key: string) => ImageUrls;
  queues: Queues;
  clock: Clock;
  mail: MailSender;
  log: Logger;
  publicUrl: string;
  paymentWindowHours: number;
  /** Records a purchase for recommendations (the search module's "bought" signal). */
  recordPurchase: (userId: string, productId: string) => Promise<void>;
}

/** Work in the transaction that places an order (marking a quote ordered, say); it may refuse, which writes nothing. */
type Within = (tx: EntityManager, orderId: string) => Promise<void>;

/**
 * Orders (docs/product.md#orders): buy now with real stock, the lifecycle of TRANSITIONS
 * (order-lifecycle.ts), the two parties' lists, notifications and live events. A list of commands
 * over its parts: the order store (its SQL), the lifecycle (the state machine), the views (what
 * each party is shown), the `order.changed` event and what follows a change (order-notices.ts).
 * Only an order's buyer and seller may see or touch it; anyone else is told it does not exist.
 */
export class OrderService {
  private readonly store = new OrderStore();
  private readonly notices: OrderNotices;

  constructor(private readonly deps: OrderServiceDeps) {
    this.notices = new OrderNotices({ ...deps, store: this.store });
  }

  // ---------------------------------------------------------------- buying

  /**
   * Buys a product now: the stock is taken by one conditional update in the transaction that
   * inserts the order. With an idempotency key, the same key and body answer the same order (also
   * under concurrent retries) and a different body is refused, for 24 hours.
   */
  buyNow(ctx: RequestContext, raw: unknown): Promise<OrderView> {
    return this.place(ctx, raw);
  }

  /**
   * Buys at a seller's quote (the chat module's accepted quote): the quote's price and quantity, the
   * same stock and idempotency rules as buy now; `within` runs in the order's transaction (marking
   * the quote ordered, so a quote gives one order) and may refuse, which writes nothing.
   */
  buyQuoted(ctx: RequestContext, raw: unknown, quote: Quoted & { reference: string }, within: Within): Promise<OrderView> {
    return this.place(ctx, raw, quote, within);
  }

  private async place(ctx: RequestContext, raw: unknown, quote?: Quoted & { reference: string }, within?: Within): Promise<OrderView> {
    const user = await this.deps.auth.requireUser(ctx);
    const input = parseInput(buyNowInput, raw);
    if (!user.emailVerified) throw new AppError('EMAIL_NOT_VERIFIED', orderMessages.pleaseVerifyYourEmailBeforeBuying);
    // A quote's total is known before anything is read (a listing's price is checked in the statement that takes the stock).
    if (quote && totalTooLarge(quote.unitPricePaise, input.quantity ?? 1)) throw new AppError('BAD_USER_INPUT', ORDER_TOO_LARGE);
    const { stock, clock, paymentWindowHours, thumbnailUrls } = this.deps;
    const now = clock.now();
    const key = input.idempotencyKey ?? null;
    const requestHash = createHash('sha256')
      .update(JSON.stringify([input.productId, input.quantity ?? null, ...(quote ? [quote.reference] : [])]))
      .digest('hex');

    const result = await ctx.em.transactional(async (tx): Promise<{ orderId: string; created: OrderChanged | null }> => {
      const earlier = key ? await this.store.claimKey(tx, user.id, key, requestHash, now) : null;
      if (earlier) return { orderId: earlier, created: null };
      const id = uuidv7();
      const placed = await this.store.place(tx, {
        id,
        buyerId: user.id,
        now,
        payBy: new Date(now.getTime() + paymentWindowHours * 3600 * 1000),
        idempotencyKey: key,
        taken: stock.takenCte(input.productId, user.id, input.quantity ?? null, now, quote),
      });
      if (!placed) throw await stock.refusal(tx, input.productId, user.id, input.quantity ?? null, quote);
      stock.changed(tx, input.productId);
      if (within) await within(tx, id);
      // Committed with the order; the relay publishes the live events after commit (orders.live.ts).
      return { orderId: id, created: addOrderChanged(tx, 'created', placed, thumbnailUrls) };
    });
    // The buyer's answer is the order as committed (not read again), or a retry's earlier order.
    if (result.created) return result.created.views[user.id]!;
    const order = await ctx.em.fork().findOneOrFail(Order, { id: result.orderId });
    return (await this.views(ctx.em, user.id, [order]))[0];
  }

  // ---------------------------------------------------------------- the lifecycle

  /**
   * The buyer says they paid (outside the app: UPI or bank transfer), with the UPI transaction
   * reference (UTR) when they have it: unpaid -> payment_sent, for the seller to check.
   */
  confirmPayment(ctx: RequestContext, raw: unknown): Promise<OrderView> {
    return this.act(ctx, 'confirm_payment', raw);
  }

  /** The seller's mark: the money arrived (payment_sent -> delivery_pending; the invoice follows). */
  paymentReceived(ctx: RequestContext, raw: unknown): Promise<OrderView> {
    return this.act(ctx, 'payment_received', raw);
  }

  /** The seller's mark: the money did not arrive (payment_sent -> unpaid, the payment window open again). */
  paymentNotReceived(ctx: RequestContext, raw: unknown): Promise<OrderView> {
    return this.act(ctx, 'payment_not_received', raw);
  }

  /**
   * How the buyer of an order pays its seller (docs/product.md#paying): the `upi://pay` link and its QR
   * code for the seller's UPI ID, else bank details, else 'ask the seller in chat'. For the buyer only.
   */
  async payment(ctx: RequestContext, id: string): Promise<OrderPayment> {
    const user = await this.deps.auth.requireUser(ctx);
    const order = await this.getOrder(ctx, id);
    if (order.buyerId !== user.id) throw new AppError('FORBIDDEN', orderMessages.onlyTheBuyerPaysAnOrder);
    return orderPayment(order, await this.deps.business.sellerBusiness(ctx.em, order.sellerId));
  }

  /** The seller confirms dispatch/delivery: delivery_pending -> delivered. */
  confirmDelivery(ctx: RequestContext, raw: unknown): Promise<OrderView> {
    return this.act(ctx, 'confirm_delivery', raw);
  }

  /** The buyer cancels an unpaid order; the stock goes back. */
  cancel(ctx: RequestContext, raw: unknown): Promise<OrderView> {
    return this.act(ctx, 'cancel', raw);
  }

  /** The seller declines an unpaid order; the stock goes back. */
  decline(ctx: RequestContext, raw: unknown): Promise<OrderView> {
    return this.act(ctx, 'decline', raw);
  }

  /** Applies one transition for the viewer, or refuses it with nothing changed. */
  async act(ctx: RequestContext, action: OrderAction, raw: unknown): Promise<OrderView> {
    const user = await this.deps.auth.requireUser(ctx);
    const t = TRANSITIONS[action];
    if (t.takesUtr) return this.confirm(ctx, user.id, parseInput(confirmPaymentInput, raw), null);
    const { orderId } = parseInput(orderIdInput, raw);
    const applied = await this.apply(ctx.em, t, orderId, user.id);
    if (applied) return applied.views[user.id]!;
    return this.refused(ctx, action, orderId, user.id);
  }

  /**
   * 'Confirm payment' with a screenshot of the payment (POST /orders/confirm as multipart: PAYMENT_UPLOAD
   * checked the picture's type and size), the UTR optional beside it; without a screenshot the UTR is
   * needed. The order is checked before the picture is stored, and a refusal keeps nothing.
   */
  async confirmPaymentWithScreenshot(ctx: RequestContext, raw: unknown, files: UploadedFile[]): Promise<OrderView> {
    const user = await this.deps.auth.requireUser(ctx);
    const input = parseInput(confirmPaymentInput, raw);
    const file = files.find((f) => f.field === 'screenshot') ?? null;
    if (!file && !input.utr) throw new AppError('BAD_USER_INPUT', orderMessages.utrOrScreenshot, { fields: { screenshot: orderMessages.utrOrScreenshot } });
    const order = await this.store.parties(ctx.em.fork(), input.orderId);
    if (!order || order.buyerId !== user.id || order.status !== 'unpaid') return this.refused(ctx, 'confirm_payment', input.orderId, user.id);
    return this.confirm(ctx, user.id, input, file);
  }

  /** Refuses the buyer's "I paid" for a visitor before a screenshot's body is read. */
  async requireBuyer(ctx: RequestContext): Promise<void> {
    await this.deps.auth.requireUser(ctx);
  }

  /**
   * The buyer's "I paid": unpaid -> payment_sent with the UTR and the screenshot (stored first, removed
   * again when the order is refused). A confirmation replaces what an earlier one (not received) gave.
   */
  private async confirm(ctx: RequestContext, userId: string, { orderId, utr }: { orderId: string; utr?: string | null }, file: UploadedFile | null): Promise<OrderView> {
    const screenshotKey = file ? await this.deps.screenshots.store(file, orderId) : null;
    const t = TRANSITIONS.confirm_payment;
    const result = await ctx.em
      .transactional(async (tx) => {
        const prior = await this.store.lockForConfirmation(tx, orderId, userId);
        const changed = prior && (await this.applyIn(tx, t, orderId, userId, { utr, screenshotKey }));
        return changed ? { changed, replaced: prior.screenshotKey } : null;
      })
      .catch(async (err: unknown) => {
        await this.deps.screenshots.remove(screenshotKey);
        throw err;
      });
    if (!result) {
      await this.deps.screenshots.remove(screenshotKey);
      return this.refused(ctx, 'confirm_payment', orderId, userId);
    }
    if (result.replaced !== screenshotKey) await this.deps.screenshots.remove(result.replaced);
    return result.changed.views[userId]!;
  }

  /**
   * A transition that did not apply: a repeat of the party's own mark answers the order as it is; else
   * why (not a party, the other party's action, or too late).
   */
  private async refused(ctx: RequestContext, action: OrderAction, orderId: string, userId: string): Promise<OrderView> {
    const t = TRANSITIONS[action];
    const order = await this.store.parties(ctx.em.fork(), orderId);
    const own = order && (t.actor === 'buyer' ? order.buyerId : order.sellerId) === userId;
    if (own && alreadyDone(action, order)) return this.getOrder(ctx, orderId);
    throw refusalOf(t, order, userId);
  }

  /**
   * The stored file of an order's payment screenshot (the large picture, or the small one: `preview`), for
   * the order's two parties (anyone else: not found).
   */
  async paymentScreenshot(ctx: RequestContext, id: string, preview: boolean): Promise<string> {
    const user = await this.deps.auth.requireUser(ctx);
    const { orderId } = parseInput(orderIdInput, { orderId: id });
    const order = await this.store.find(ctx.em, orderId);
    if (!order || (order.buyerId !== user.id && order.sellerId !== user.id)) throw notFound(ORDER_NOT_FOUND);
    if (!order.paymentScreenshotKey) throw notFound(orderMessages.noPaymentScreenshot);
    return screenshotFile(order.paymentScreenshotKey, preview);
  }

  /**
   * Cancels an unpaid order whose payment window has passed (the delayed job), returning the
   * stock. Answers how many ms remain when it is not due yet (the job waits again), else 0.
   */
  async expire(em: EntityManager, orderId: string): Promise<number> {
    if (await this.apply(em.fork(), TRANSITIONS.expire, orderId, null)) return 0;
    const o = await this.store.due(em, orderId);
    if (!o || o.status !== 'unpaid') return 0;
    return Math.max(1, o.payBy.getTime() - this.deps.clock.now().getTime());
  }

  /**
   * The conditional update of the transition with both parties' positions, the stock returned for a
   * cancellation and the outbox event, in one transaction; null when it did not apply.
   */
  private apply(em: EntityManager, t: Transition, orderId: string, userId: string | null): Promise<OrderChanged | null> {
    return em.transactional((tx) => this.applyIn(tx, t, orderId, userId));
  }

  /** `apply` in the transaction `tx`, with what the transition records besides the status. */
  private async applyIn(tx: EntityManager, t: Transition, orderId: string, userId: string | null, extras: TransitionExtras = {}): Promise<OrderChanged | null> {
    const now = this.deps.clock.now();
    const payBy = new Date(now.getTime() + this.deps.paymentWindowHours * 3600 * 1000);
    const row = await this.store.transition(tx, t, orderId, userId, now, { ...extras, payBy });
    if (!row) return null;
    if (t.to === 'cancelled') await this.deps.stock.giveBack(tx, row.product_id, row.quantity, now);
    return addOrderChanged(tx, 'status_changed', row, this.deps.thumbnailUrls);
  }

  /**
   * The order's invoice was made (by the invoices module, in its transaction `tx`): the order names
   * it, and both parties' screens hear of it (an `invoice_made` order event) to show the download.
   */
  async invoiceMade(tx: EntityManager, orderId: string, number: string): Promise<void> {
    const row = await this.store.nameInvoice(tx, orderId, number);
    if (row) addOrderChanged(tx, 'invoice_made', row, this.deps.thumbnailUrls);
  }

  // ---------------------------------------------------------------- reading

  /** One order, for its buyer or seller; anyone else is told it does not exist. */
  async getOrder(ctx: RequestContext, id: string): Promise<OrderView> {
    const user = await this.deps.auth.requireUser(ctx);
    const { orderId } = parseInput(orderIdInput, { orderId: id });
    const order = await this.store.find(ctx.em, orderId);
    if (!order || (order.buyerId !== user.id && order.sellerId !== user.id)) throw notFound(ORDER_NOT_FOUND);
    return (await this.views(ctx.em, user.id, [order]))[0];
  }

  /** GET /orders/list: the viewer's purchases, newest first. */
  listAsBuyer(ctx: RequestContext, raw: unknown): Promise<OrderPage> {
    return this.list(ctx, 'buyer', raw);
  }

  /** GET /sellers/orders/list: orders of the viewer's products, newest first. */
  listAsSeller(ctx: RequestContext, raw: unknown): Promise<OrderPage> {
    return this.list(ctx, 'seller', raw);
  }

  /** The viewer's orders as seller that wait for something (the seller's dashboard figures). */
  async sellerWaiting(ctx: RequestContext): Promise<{ unpaid: number; toDeliver: number }> {
    const user = await this.deps.auth.requireUser(ctx);
    return this.store.sellerWaiting(ctx.em, user.id);
  }

  private async list(ctx: RequestContext, role: OrderRole, raw: unknown): Promise<OrderPage> {
    const user = await this.deps.auth.requireUser(ctx);
    const { limit, offset } = parseInput(listInput, raw ?? {});
    const [rows, totalCount] = await this.store.list(ctx.em, role, user.id, limit, offset);
    return { items: await this.views(ctx.em, user.id, rows), totalCount, limit, offset };
  }

  /**
   * The viewer's orders (as buyer and as seller) changed after live position `after`, oldest
   * change first, and the viewer's current position: what a client that reconnects refetches.
   */
  async changesAfter(ctx: RequestContext, raw: unknown): Promise<{ items: OrderView[]; position: string }> {
    const user = await this.deps.auth.requireUser(ctx);
    const { after } = parseInput(afterInput, raw);
    const em = ctx.em.fork();
    const rows = await this.store.changedAfter(em, user.id, after);
    const position = await currentPosition(em, 'user', user.id);
    const items = (await this.views(em, user.id, rows)).sort((a, b) => Number(BigInt(a.position) - BigInt(b.position)));
    return { items, position };
  }

  private async views(em: EntityManager, viewerId: string, orders: Order[]): Promise<OrderView[]> {
    return orderViews(viewerId, orders, await this.store.partiesOf(em, orders), this.deps.thumbnailUrls);
  }

  // ---------------------------------------------------------------- after commit (worker)

  /** Handles one committed `order.changed` event: the payment window, the purchase signal, the email (OrderNotices). */
  afterChange(em: EntityManager, eventId: string, event: Omit<OrderChanged, 'views'>): Promise<void> {
    return this.notices.afterChange(em, eventId, event);
  }

  /**
   * What the jobs of an order do, from the database's own state, for a worker's sweep
   * (Queues.registerSweep): after Redis lost its jobs, an unpaid order would otherwise keep its stock
   * forever. Expires every unpaid order past its payment window (the same conditional transition as
   * its delayed job: whichever comes first), records purchases not recorded within 10 minutes of their
   * order, and forgets old idempotency keys. Idempotent.
   */
  async sweep(em: EntityManager): Promise<{ expired: number; recorded: number }> {
    const now = this.deps.clock.now();
    let expired = 0;
    // Batches until the overdue are done (a bounded number: an order that cannot be expired must not hold the sweep).
    for (let i = 0; i < SWEEP_MAX_BATCHES; i++) {
      const batch = await this.store.overdue(em, now, SWEEP_BATCH);
      for (const id of batch) if ((await this.expire(em, id)) === 0) expired++;
      if (batch.length < SWEEP_BATCH) break;
    }
    const unrecorded = await this.store.unrecorded(em, new Date(now.getTime() - 10 * 60_000), SWEEP_BATCH);
    for (const id of unrecorded) await this.notices.recordPurchaseOnce(em, `sweep-${id}`, id);
    await this.pruneIdempotencyKeys(em);
    return { expired, recorded: unrecorded.length };
  }

  /** Forgets idempotency keys older than 24 hours. */
  pruneIdempotencyKeys(em: EntityManager): Promise<void> {
    return this.store.pruneKeys(em, new Date(this.deps.clock.now().getTime() - IDEMPOTENCY_TTL_MS));
  }
}
