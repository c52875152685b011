import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { v7 as uuidv7 } from 'uuid';
import type { MailSender } from '../../adapters/mail/mail-sender.js';
import { AppError, notFound } from '../../common/app-error.js';
import type { Clock } from '../../common/clock.js';
import type { RequestContext } from '../../common/request-context.js';
import { parseInput } from '../../common/validation.js';
import { addOutboxEvent } from '../../outbox/outbox.js';
import { bumpPositionsSql, currentPosition, nextPositions } from '../../pubsub/positions.js';
import type { Queues } from '../../queue/queues.js';
import type { AuthService } from '../auth/auth.service.js';
import type { ImageUrls, ProductStock, Quoted } from '../products/products.public.js';
import { User } from '../users/user.entity.js';
import { orderEmail } from './order-emails.js';
import { Order, type CancelledBy, type OrderStatus } from './order.entity.js';
import { afterInput, buyNowInput, listInput, orderIdInput } from './orders.inputs.js';

/** Outbox topic of every order change (created or a status change). */
export const ORDER_CHANGED = 'order.changed';
/** BullMQ queue of order events: notification emails, the payment-window job (live events: orders.live.ts). */
export const ORDERS_QUEUE = 'orders';
/** BullMQ queue of delayed payment-window jobs (one per unpaid order). */
export const ORDER_EXPIRY_QUEUE = 'order-expiry';
/** Shown for the other side of an order whose account was deleted. */
export const DELETED_USER = 'Deleted user';
/** How long an Idempotency-Key is remembered. */
const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;

export const ORDER_NOT_FOUND = 'Order not found';
export const ORDER_LOCKED = 'This order can no longer be changed';

export type OrderRole = 'buyer' | 'seller';
/** What an order's view needs of its two parties. */
type Party = Pick<User, 'id' | 'username' | 'deletedAt' | 'whatsappVerified' | 'whatsappNumber'>;
/** What an order's view reads of the order. */
type OrderFields = Pick<
  Order,
  | 'id' | 'productId' | 'productTitle' | 'productThumbnailKey' | 'quantity' | 'unitPricePaise' | 'totalPaise' | 'status' | 'buyerId' | 'sellerId'
  | 'buyerPosition' | 'sellerPosition' | 'createdAt' | 'updatedAt' | 'payBy' | 'paidAt' | 'deliveredAt' | 'cancelledAt' | 'cancelledBy'
>;
export type OrderAction = 'confirm_payment' | 'confirm_delivery' | 'cancel' | 'decline';
type Actor = OrderRole | 'system';

interface Transition {
  from: OrderStatus;
  to: OrderStatus;
  actor: Actor;
  /** The timestamp column the transition sets. */
  stamp: 'paid_at' | 'delivered_at' | 'cancelled_at';
  cancelledBy?: CancelledBy;
  /** Refusal when the other party tries it. */
  notYours?: string;
}

/**
 * THE order lifecycle. Every status change is one of these, applied by one conditional UPDATE on
 * the expected status and the actor's id (no lost updates); anything else is refused.
 */
export const TRANSITIONS: Readonly<Record<OrderAction | 'expire', Transition>> = {
  confirm_payment: { from: 'unpaid', to: 'delivery_pending', actor: 'buyer', stamp: 'paid_at', notYours: 'Only the buyer can confirm payment' },
  confirm_delivery: { from: 'delivery_pending', to: 'delivered', actor: 'seller', stamp: 'delivered_at', notYours: 'Only the seller can confirm delivery' },
  cancel: { from: 'unpaid', to: 'cancelled', actor: 'buyer', stamp: 'cancelled_at', cancelledBy: 'buyer', notYours: 'Only the buyer can cancel an order; sellers decline it' },
  decline: { from: 'unpaid', to: 'cancelled', actor: 'seller', stamp: 'cancelled_at', cancelledBy: 'seller', notYours: 'Only the seller can decline an order' },
  expire: { from: 'unpaid', to: 'cancelled', actor: 'system', stamp: 'cancelled_at', cancelledBy: 'expiry' },
};

/** The actions `role` may take on an order in `status` (what the screens offer). */
export function allowedActions(status: OrderStatus, role: OrderRole): OrderAction[] {
  return (Object.keys(TRANSITIONS) as Array<OrderAction | 'expire'>).filter(
    (a): a is OrderAction => a !== 'expire' && TRANSITIONS[a].from === status && TRANSITIONS[a].actor === role,
  );
}

/** An order as one of its two parties sees it. */
export interface OrderView {
  id: string;
  /** The last 8 characters of the id. */
  displayId: string;
  productId: string;
  productTitle: string;
  thumbnail: ImageUrls | null;
  quantity: number;
  /** Integer paise as text. */
  unitPricePaise: string;
  totalPaise: string;
  status: OrderStatus;
  role: OrderRole;
  buyerId: string;
  sellerId: string;
  buyerUsername: string;
  sellerUsername: string;
  /** The buyer's verified WhatsApp number: for the seller of a paid (confirmed) order only. */
  buyerPhone: string | null;
  actions: OrderAction[];
  /** The viewer's live position at this order's last change. */
  position: string;
  createdAt: Date;
  updatedAt: Date;
  payBy: Date;
  paidAt: Date | null;
  deliveredAt: Date | null;
  cancelledAt: Date | null;
  cancelledBy: CancelledBy | null;
}

export interface OrderPage {
  items: OrderView[];
  totalCount: number;
  limit: number;
  offset: number;
}

/** The payload of an `order.changed` outbox event (and of the live event built from it). */
export interface OrderChangedEvent {
  orderId: string;
  type: 'created' | 'status_changed';
  status: OrderStatus;
  buyerId: string;
  sellerId: string;
  buyerPosition: string;
  sellerPosition: string;
  /**
   * The order as each party sees it after the change (by user id), built in the change's
   * transaction, so a live delivery reads nothing.
   */
  views: Record<string, OrderView>;
}

export interface OrderServiceDeps {
  auth: AuthService;
  stock: ProductStock;
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

interface OrderRow {
  id: string;
  created_at: Date;
  updated_at: Date;
  product_id: string;
  buyer_id: string;
  seller_id: string;
  quantity: number;
  unit_price_paise: string;
  total_paise: string;
  status: OrderStatus;
  product_title: string;
  product_thumbnail_key: string | null;
  pay_by: Date;
  paid_at: Date | null;
  delivered_at: Date | null;
  cancelled_at: Date | null;
  cancelled_by: CancelledBy | null;
  buyer_position: string;
  seller_position: string;
}

/** An order row with what its view needs of the two parties (WITH_PARTIES). */
interface OrderPartiesRow extends OrderRow {
  buyer_username: string;
  buyer_deleted_at: Date | null;
  buyer_whatsapp_verified: boolean;
  buyer_whatsapp_number: string | null;
  seller_username: string;
  seller_deleted_at: Date | null;
}

/** The orders of `source` (a CTE returning order rows) joined with their two parties, in one statement. */
const withParties = (source: string) => `select o.*, b.username as buyer_username, b.deleted_at as buyer_deleted_at,
    b.whatsapp_verified as buyer_whatsapp_verified, b.whatsapp_number as buyer_whatsapp_number,
    s.username as seller_username, s.deleted_at as seller_deleted_at
  from ${source} o join users b on b.id = o.buyer_id join users s on s.id = o.seller_id`;

/** A time of a raw row (the driver may answer text). */
const timeOf = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));
const maybeTimeOf = (v: Date | string | null): Date | null => (v === null ? null : timeOf(v));

function orderOf(r: OrderRow): OrderFields {
  return {
    id: r.id,
    productId: r.product_id,
    productTitle: r.product_title,
    productThumbnailKey: r.product_thumbnail_key,
    quantity: r.quantity,
    unitPricePaise: String(r.unit_price_paise),
    totalPaise: String(r.total_paise),
    status: r.status,
    buyerId: r.buyer_id,
    sellerId: r.seller_id,
    buyerPosition: String(r.buyer_position),
    sellerPosition: String(r.seller_position),
    createdAt: timeOf(r.created_at),
    updatedAt: timeOf(r.updated_at),
    payBy: timeOf(r.pay_by),
    paidAt: maybeTimeOf(r.paid_at),
    deliveredAt: maybeTimeOf(r.delivered_at),
    cancelledAt: maybeTimeOf(r.cancelled_at),
    cancelledBy: r.cancelled_by,
  };
}

function partiesOf(r: OrderPartiesRow): Map<string, Party> {
  return new Map<string, Party>([
    [r.buyer_id, { id: r.buyer_id, username: r.buyer_username, deletedAt: r.buyer_deleted_at, whatsappVerified: r.buyer_whatsapp_verified, whatsappNumber: r.buyer_whatsapp_number }],
    [r.seller_id, { id: r.seller_id, username: r.seller_username, deletedAt: r.seller_deleted_at, whatsappVerified: false, whatsappNumber: null }],
  ]);
}

/**
 * Orders: buy now with real stock (docs/product.md#orders), the lifecycle of TRANSITIONS, the two
 * parties' lists, notifications and live events. Only an order's buyer and seller may see or touch
 * it; anyone else is told it does not exist.
 */
export class OrderService {
  constructor(private readonly deps: OrderServiceDeps) {}

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
  buyQuoted(ctx: RequestContext, raw: unknown, quote: Quoted & { reference: string }, within: (tx: EntityManager, orderId: string) => Promise<void>): Promise<OrderView> {
    return this.place(ctx, raw, quote, within);
  }

  private async place(ctx: RequestContext, raw: unknown, quote?: Quoted & { reference: string }, within?: (tx: EntityManager, orderId: string) => Promise<void>): Promise<OrderView> {
    const user = await this.deps.auth.requireUser(ctx);
    const input = parseInput(buyNowInput, raw);
    if (!user.emailVerified) throw new AppError('EMAIL_NOT_VERIFIED', 'Please verify your email before buying');
    const now = this.deps.clock.now();
    const key = input.idempotencyKey ?? null;
    const requestHash = createHash('sha256')
      .update(JSON.stringify([input.productId, input.quantity ?? null, ...(quote ? [quote.reference] : [])]))
      .digest('hex');

    const result = await ctx.em.transactional(async (tx): Promise<{ orderId: string; created: OrderChangedEvent | null }> => {
      if (key) {
        const claimed = await tx.execute<Array<{ ok: number }>>(
          `insert into order_idempotency_keys (user_id, key, request_hash, order_id, created_at) values (?, ?, ?, null, ?)
           on conflict (user_id, key) do update set request_hash = excluded.request_hash, order_id = null, created_at = excluded.created_at
             where order_idempotency_keys.created_at < ?
           returning 1 as ok`,
          [user.id, key, requestHash, now, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)],
        );
        if (!claimed.length) {
          // Another request with this key committed first (we waited for it): answer its order.
          const [prior] = await tx.execute<Array<{ request_hash: string; order_id: string | null }>>(
            'select request_hash, order_id from order_idempotency_keys where user_id = ? and key = ?',
            [user.id, key],
          );
          if (!prior || prior.request_hash !== requestHash || !prior.order_id) {
            throw new AppError('CONFLICT', 'This Idempotency-Key was already used for a different purchase');
          }
          return { orderId: prior.order_id, created: null };
        }
      }
      // One statement takes the stock, bumps both parties' live positions and inserts the order, so
      // the hot rows (the product, the seller's position) stay locked only for it and the commit.
      const id = uuidv7();
      const payBy = new Date(now.getTime() + this.deps.paymentWindowHours * 3600 * 1000);
      const taken = this.deps.stock.takenCte(input.productId, user.id, input.quantity ?? null, now, quote);
      const [placed] = await tx.execute<OrderPartiesRow[]>(
        `with ${taken.sql},
         bump as (${bumpPositionsSql('user', 'select unnest(array[?::uuid, taken.seller_id]) from taken')}),
         placed as (
           insert into orders (id, created_at, updated_at, product_id, buyer_id, seller_id, quantity, unit_price_paise, total_paise, status,
             product_title, product_thumbnail_key, pay_by, buyer_position, seller_position)
           select ?, ?, ?, taken.product_id, ?, taken.seller_id, taken.quantity, taken.price_paise, taken.price_paise * taken.quantity, 'unpaid',
             taken.title, taken.thumbnail_key, ?, (select position::bigint from bump where key = ?), (select position::bigint from bump where key = taken.seller_id)
           from taken
           returning *),
         keyed as (
           update order_idempotency_keys set order_id = ? where user_id = ? and key = ? and exists (select 1 from placed))
         ${withParties('placed')}`,
        [...taken.params, user.id, id, now, now, user.id, payBy, user.id, id, user.id, key],
      );
      if (!placed) throw await this.deps.stock.refusal(tx, input.productId, user.id, input.quantity ?? null, quote);
      this.deps.stock.changed(tx, input.productId);
      if (within) await within(tx, id);
      // Committed with the order; the relay publishes the live events after commit (orders.live.ts).
      return { orderId: id, created: this.changedEvent(tx, 'created', placed) };
    });
    // The buyer's answer is the order as committed (not read again), or a retry's earlier order.
    if (result.created) return result.created.views[user.id]!;
    const order = await ctx.em.fork().findOneOrFail(Order, { id: result.orderId });
    return (await this.views(ctx.em, user.id, [order]))[0];
  }

  /** Writes the `order.changed` event of a change (with each party's view of the order) in its transaction. */
  private changedEvent(tx: EntityManager, type: OrderChangedEvent['type'], row: OrderPartiesRow): OrderChangedEvent {
    const order = orderOf(row);
    const parties = partiesOf(row);
    const event: OrderChangedEvent = {
      orderId: order.id,
      type,
      status: order.status,
      buyerId: order.buyerId,
      sellerId: order.sellerId,
      buyerPosition: order.buyerPosition,
      sellerPosition: order.sellerPosition,
      views: { [order.buyerId]: this.viewsOf(order.buyerId, [order], parties)[0]!, [order.sellerId]: this.viewsOf(order.sellerId, [order], parties)[0]! },
    };
    addOutboxEvent(tx, ORDER_CHANGED, { ...event });
    return event;
  }

  // ---------------------------------------------------------------- the lifecycle

  /** The buyer says they paid (outside the app: UPI or bank transfer): unpaid -> delivery_pending. */
  confirmPayment(ctx: RequestContext, raw: unknown): Promise<OrderView> {
    return this.act(ctx, 'confirm_payment', raw);
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
    const { orderId } = parseInput(orderIdInput, raw);
    const t = TRANSITIONS[action];
    const applied = await this.apply(ctx.em, t, orderId, user.id);
    if (applied) return applied.views[user.id]!;
    // Refused: say why (not a party, the other party's action, or too late).
    const [o] = await ctx.em.execute<Array<{ buyer_id: string; seller_id: string }>>('select buyer_id, seller_id from orders where id = ?', [orderId]);
    if (!o || (o.buyer_id !== user.id && o.seller_id !== user.id)) throw notFound(ORDER_NOT_FOUND);
    const role: OrderRole = o.buyer_id === user.id ? 'buyer' : 'seller';
    if (role !== t.actor) throw new AppError('FORBIDDEN', t.notYours ?? ORDER_LOCKED);
    throw new AppError('CONFLICT', ORDER_LOCKED);
  }

  /**
   * Cancels an unpaid order whose payment window has passed (the delayed job), returning the
   * stock. Answers how many ms remain when it is not due yet (the job waits again), else 0.
   */
  async expire(em: EntityManager, orderId: string): Promise<number> {
    if (await this.apply(em.fork(), TRANSITIONS.expire, orderId, null)) return 0;
    const [o] = await em.fork().execute<Array<{ status: OrderStatus; pay_by: Date }>>('select status, pay_by from orders where id = ?', [orderId]);
    if (!o || o.status !== 'unpaid') return 0;
    return Math.max(1, new Date(o.pay_by).getTime() - this.deps.clock.now().getTime());
  }

  /**
   * One conditional update on the expected status (and the actor's id), the positions of both
   * parties, the stock returned for a cancellation and the outbox event, in one transaction.
   */
  private async apply(em: EntityManager, t: Transition, orderId: string, userId: string | null): Promise<OrderChangedEvent | null> {
    const now = this.deps.clock.now();
    return em.transactional(async (tx) => {
      const who = t.actor === 'buyer' ? 'and buyer_id = ?' : t.actor === 'seller' ? 'and seller_id = ?' : 'and pay_by <= ?';
      const rows = await tx.execute<OrderRow[]>(
        `update orders set status = ?, ${t.stamp} = ?, cancelled_by = ?, updated_at = ?
          where id = ? and status = ? ${who}
          returning id, product_id, buyer_id, seller_id, quantity`,
        [t.to, now, t.cancelledBy ?? null, now, orderId, t.from, t.actor === 'system' ? now : userId],
      );
      if (!rows.length) return null;
      const o = rows[0];
      const positions = await nextPositions(tx, 'user', [o.buyer_id, o.seller_id]);
      const [row] = await tx.execute<OrderPartiesRow[]>(
        `with updated as (update orders set buyer_position = ?, seller_position = ? where id = ? returning *) ${withParties('updated')}`,
        [positions.get(o.buyer_id)!, positions.get(o.seller_id)!, orderId],
      );
      if (t.to === 'cancelled') await this.deps.stock.giveBack(tx, o.product_id, o.quantity, now);
      return this.changedEvent(tx, 'status_changed', row);
    });
  }

  // ---------------------------------------------------------------- reading

  /** One order, for its buyer or seller; anyone else is told it does not exist. */
  async getOrder(ctx: RequestContext, id: string): Promise<OrderView> {
    const user = await this.deps.auth.requireUser(ctx);
    const { orderId } = parseInput(orderIdInput, { orderId: id });
    const order = await ctx.em.fork().findOne(Order, { id: orderId });
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

  private async list(ctx: RequestContext, role: OrderRole, raw: unknown): Promise<OrderPage> {
    const user = await this.deps.auth.requireUser(ctx);
    const { limit, offset } = parseInput(listInput, raw ?? {});
    const where = role === 'buyer' ? { buyerId: user.id } : { sellerId: user.id };
    const [rows, totalCount] = await ctx.em.fork().findAndCount(Order, where, { orderBy: { createdAt: 'desc', id: 'desc' }, limit, offset });
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
    const rows = await em.find(
      Order,
      { $or: [{ buyerId: user.id, buyerPosition: { $gt: after } }, { sellerId: user.id, sellerPosition: { $gt: after } }] },
      { limit: 500 },
    );
    const position = await currentPosition(em, 'user', user.id);
    const items = (await this.views(em, user.id, rows)).sort((a, b) => Number(BigInt(a.position) - BigInt(b.position)));
    return { items, position };
  }

  /** The viewer's current live position ('0' before any order). */
  currentPosition(em: EntityManager, userId: string): Promise<string> {
    return currentPosition(em, 'user', userId);
  }

  private async views(em: EntityManager, viewerId: string, orders: Order[]): Promise<OrderView[]> {
    const ids = [...new Set(orders.flatMap((o) => [o.buyerId, o.sellerId]))];
    const users = new Map<string, Party>((ids.length ? await em.fork().find(User, { id: { $in: ids } }) : []).map((u) => [u.id, u]));
    return this.viewsOf(viewerId, orders, users);
  }

  private viewsOf(viewerId: string, orders: OrderFields[], users: Map<string, Party>): OrderView[] {
    const name = (id: string) => {
      const u = users.get(id);
      return !u || u.deletedAt ? DELETED_USER : u.username;
    };
    return orders.map((o) => {
      const role: OrderRole = o.buyerId === viewerId ? 'buyer' : 'seller';
      const buyer = users.get(o.buyerId);
      const confirmed = o.status === 'delivery_pending' || o.status === 'delivered';
      return {
        id: o.id,
        displayId: o.id.slice(-8),
        productId: o.productId,
        productTitle: o.productTitle,
        thumbnail: o.productThumbnailKey ? this.deps.thumbnailUrls(o.productThumbnailKey) : null,
        quantity: o.quantity,
        unitPricePaise: String(o.unitPricePaise),
        totalPaise: String(o.totalPaise),
        status: o.status,
        role,
        buyerId: o.buyerId,
        sellerId: o.sellerId,
        buyerUsername: name(o.buyerId),
        sellerUsername: name(o.sellerId),
        buyerPhone: role === 'seller' && confirmed && buyer && !buyer.deletedAt && buyer.whatsappVerified ? buyer.whatsappNumber : null,
        actions: allowedActions(o.status, role),
        position: String(role === 'buyer' ? o.buyerPosition : o.sellerPosition),
        createdAt: o.createdAt,
        updatedAt: o.updatedAt,
        payBy: o.payBy,
        paidAt: o.paidAt,
        deliveredAt: o.deliveredAt,
        cancelledAt: o.cancelledAt,
        cancelledBy: o.cancelledBy,
      };
    });
  }

  // ---------------------------------------------------------------- after commit (worker)

  /**
   * Handles one committed `order.changed` event (idempotent: a retried job sends the same email,
   * deduplicated by its key; the payment-window job has a fixed id): the payment-window job of a
   * new order, and the email of the party concerned. (The relay publishes the live events.)
   */
  async afterChange(em: EntityManager, eventId: string, event: Omit<OrderChangedEvent, 'views'>): Promise<void> {
    if (event.type === 'created') {
      await this.schedulePaymentWindow(em, event.orderId);
      await this.recordPurchaseOnce(em, eventId, event.orderId);
    }
    // The seller hears of a new order; the buyer of every status change.
    const recipientId = event.type === 'created' ? event.sellerId : event.buyerId;
    const fresh = em.fork();
    const [recipient, order] = await Promise.all([fresh.findOne(User, { id: recipientId, deletedAt: null }), fresh.findOne(Order, { id: event.orderId })]);
    if (!recipient || !order || !recipient.emailNotifications || !recipient.emailVerified) return;
    const mail = orderEmail(recipient.language, event.type === 'created' ? 'created' : event.status, {
      displayId: order.id.slice(-8),
      title: order.productTitle,
      quantity: order.quantity,
      totalPaise: String(order.totalPaise),
      url: `${this.deps.publicUrl}${event.type === 'created' ? '/seller/orders' : '/orders'}`,
      hours: this.deps.paymentWindowHours,
    });
    if (!mail) return;
    await this.deps.mail.send({ to: recipient.email, ...mail, idempotencyKey: `order-${eventId}` });
  }

  /**
   * Feeds the purchase to recommendations once per order, however often the job runs (the
   * `recorded_at` claim). A failure is logged, not retried: recommendations are a hint.
   */
  private async recordPurchaseOnce(em: EntityManager, eventId: string, orderId: string): Promise<void> {
    const [claimed] = await em
      .fork()
      .execute<Array<{ buyer_id: string; product_id: string }>>('update orders set purchase_recorded = true where id = ? and not purchase_recorded returning buyer_id, product_id', [orderId]);
    if (!claimed) return;
    await this.deps.recordPurchase(claimed.buyer_id, claimed.product_id).catch((err: Error) => this.deps.log.warn({ err: err.message, eventId }, 'recording a purchase failed'));
  }

  /** Adds the delayed job that cancels the order if it is still unpaid when the window closes. */
  async schedulePaymentWindow(em: EntityManager, orderId: string): Promise<void> {
    const [o] = await em.fork().execute<Array<{ pay_by: Date; status: OrderStatus }>>('select pay_by, status from orders where id = ?', [orderId]);
    if (!o || o.status !== 'unpaid') return;
    const delay = Math.max(0, new Date(o.pay_by).getTime() - this.deps.clock.now().getTime());
    await this.deps.queues.queue(ORDER_EXPIRY_QUEUE).add('expire', { orderId }, { jobId: `expire-${orderId}`, delay });
  }

  /** Forgets idempotency keys older than 24 hours. */
  async pruneIdempotencyKeys(em: EntityManager): Promise<void> {
    await em.fork().execute('delete from order_idempotency_keys where created_at < ?', [new Date(this.deps.clock.now().getTime() - IDEMPOTENCY_TTL_MS)]);
  }
}
