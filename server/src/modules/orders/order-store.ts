import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../common/app-error.js';
import { bumpPositionsSql, nextPositions } from '../../pubsub/positions.js';
import { User } from '../users/user.entity.js';
import type { Transition } from './order-lifecycle.js';
import type { OrderPartiesRow, OrderRow, Party } from './order-views.js';
import { Order, type OrderStatus } from './order.entity.js';
import { orderMessages } from './orders.messages.js';

/** How long an Idempotency-Key is remembered. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;

/** The orders of `source` (a CTE returning order rows) joined with their two parties, in one statement. */
const withParties = (source: string) => `select o.*, b.username as buyer_username, b.deleted_at as buyer_deleted_at,
    b.whatsapp_verified as buyer_whatsapp_verified, b.whatsapp_number as buyer_whatsapp_number, bbn.legal_name as buyer_business_name,
    s.username as seller_username, s.deleted_at as seller_deleted_at, coalesce(sbn.trade_name, sbn.legal_name) as seller_business_name
  from ${source} o join users b on b.id = o.buyer_id join users s on s.id = o.seller_id
    left join buyer_billing bbn on bbn.user_id = o.buyer_id left join seller_business sbn on sbn.user_id = o.seller_id`;

/**
 * The GST of a new order (business/gst.ts taxLine in SQL, rounded half up to the paisa): none without
 * the seller's GSTIN; with prices including GST the tax the total holds, else the tax added to it.
 */
const GST_SQL = `cross join lateral (select taken.price_paise::numeric * taken.quantity as gross,
    case when sb.gstin is null then 0 else taken.gst_rate end as rate, coalesce(sb.prices_include_gst, true) as incl) g
  cross join lateral (select case when g.incl then g.gross - round(g.gross * 100 / (100 + g.rate)) else round(g.gross * g.rate / 100) end as tax) t`;

/** What some transitions record besides the status: the buyer's UTR and screenshot, the reopened payment window's end. */
export interface TransitionExtras {
  utr?: string | null;
  /** The base key of the buyer's payment screenshot (a confirmation without one clears an earlier one). */
  screenshotKey?: string | null;
  payBy?: Date;
}

/** A new order's fields, with the CTE `taken` that takes its stock (ProductStock.takenCte). */
export interface NewOrder {
  id: string;
  buyerId: string;
  now: Date;
  payBy: Date;
  idempotencyKey: string | null;
  taken: { sql: string; params: unknown[] };
}

/**
 * The order store: orders and their idempotency keys in SQL. A purchase and a status change are each
 * one conditional statement (stock taken, positions bumped and the order written together), so
 * concurrent requests cannot both succeed where only one may.
 */
export class OrderStore {
  /**
   * Claims an idempotency key for a purchase (keys older than 24 hours are claimed afresh). Answers
   * null when claimed; the order of an earlier request with the same key and body otherwise (having
   * waited for it to commit); refuses the key for a different body.
   */
  async claimKey(tx: EntityManager, userId: string, key: string, requestHash: string, now: Date): Promise<string | null> {
    const claimed = await tx.execute<Array<{ ok: number }>>(
      `insert into order_idempotency_keys (user_id, key, request_hash, order_id, created_at) values (?, ?, ?, null, ?)
       on conflict (user_id, key) do update set request_hash = excluded.request_hash, order_id = null, created_at = excluded.created_at
         where order_idempotency_keys.created_at < ?
       returning 1 as ok`,
      [userId, key, requestHash, now, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)],
    );
    if (claimed.length) return null;
    // Another request with this key committed first (we waited for it): answer its order.
    const [prior] = await tx.execute<Array<{ request_hash: string; order_id: string | null }>>('select request_hash, order_id from order_idempotency_keys where user_id = ? and key = ?', [
      userId,
      key,
    ]);
    if (!prior || prior.request_hash !== requestHash || !prior.order_id) {
      throw new AppError('CONFLICT', orderMessages.thisIdempotencyKeyWasAlreadyUsed);
    }
    return prior.order_id;
  }

  /**
   * One statement takes the stock, bumps both parties' live positions and inserts the order (and
   * notes it under its idempotency key), so the hot rows (the product, the seller's position) stay
   * locked only for it and the commit. Answers the order with its parties, or nothing: the stock
   * was not taken (the caller says why).
   */
  async place(tx: EntityManager, o: NewOrder): Promise<OrderPartiesRow | undefined> {
    const [placed] = await tx.execute<OrderPartiesRow[]>(
      `with ${o.taken.sql},
       bump as (${bumpPositionsSql('user', 'select unnest(array[?::uuid, taken.seller_id]) from taken')}),
       placed as (
         insert into orders (id, created_at, updated_at, product_id, buyer_id, seller_id, quantity, unit_price_paise, total_paise, status,
           product_title, product_thumbnail_key, pay_by, buyer_position, seller_position,
           unit, hsn_code, gst_rate, prices_include_gst, seller_gstin, tax_paise, payable_paise)
         select ?, ?, ?, taken.product_id, ?, taken.seller_id, taken.quantity, taken.price_paise, taken.price_paise * taken.quantity, 'unpaid',
           taken.title, taken.thumbnail_key, ?, (select position::bigint from bump where key = ?), (select position::bigint from bump where key = taken.seller_id),
           taken.unit, taken.hsn_code, taken.gst_rate, g.incl, sb.gstin, t.tax::bigint, (g.gross + case when g.incl then 0 else t.tax end)::bigint
         from taken
         left join seller_business sb on sb.user_id = taken.seller_id
         ${GST_SQL}
         returning *),
       keyed as (
         update order_idempotency_keys set order_id = ? where user_id = ? and key = ? and exists (select 1 from placed))
       ${withParties('placed')}`,
      [...o.taken.params, o.buyerId, o.id, o.now, o.now, o.buyerId, o.payBy, o.buyerId, o.id, o.buyerId, o.idempotencyKey],
    );
    return placed;
  }

  /**
   * Applies a transition by one conditional update on the expected status (and the actor's id, or
   * for the system the passed payment window), then bumps both parties' positions; answers the order
   * with its parties, or null when nothing matched (the caller says why).
   */
  async transition(tx: EntityManager, t: Transition, orderId: string, userId: string | null, now: Date, extras: TransitionExtras = {}): Promise<OrderPartiesRow | null> {
    const who = t.actor === 'buyer' ? 'and buyer_id = ?' : t.actor === 'seller' ? 'and seller_id = ?' : 'and pay_by <= ?';
    const set = [`status = ?`, `${t.stamp} = ?`, `cancelled_by = ?`, `updated_at = ?`];
    const params: unknown[] = [t.to, now, t.cancelledBy ?? null, now];
    if (t.takesUtr) {
      set.push('payment_utr = ?', 'payment_screenshot_key = ?');
      params.push(extras.utr ?? null, extras.screenshotKey ?? null);
    }
    if (t.reopensPayment) {
      set.push('pay_by = ?');
      params.push(extras.payBy);
    }
    const rows = await tx.execute<OrderRow[]>(
      `update orders set ${set.join(', ')}
        where id = ? and status = ? ${who}
        returning id, product_id, buyer_id, seller_id, quantity`,
      [...params, orderId, t.from, t.actor === 'system' ? now : userId],
    );
    if (!rows.length) return null;
    const o = rows[0];
    const positions = await nextPositions(tx, 'user', [o.buyer_id, o.seller_id]);
    const [row] = await tx.execute<OrderPartiesRow[]>(`with updated as (update orders set buyer_position = ?, seller_position = ? where id = ? returning *) ${withParties('updated')}`, [
      positions.get(o.buyer_id)!,
      positions.get(o.seller_id)!,
      orderId,
    ]);
    return row;
  }

  /**
   * Names the order's invoice (made in the transaction `tx`) and bumps both parties' positions, so
   * the change reaches their screens; answers the order with its parties (null: no such order).
   */
  async nameInvoice(tx: EntityManager, orderId: string, number: string): Promise<OrderPartiesRow | null> {
    const [o] = await tx.execute<Array<{ buyer_id: string; seller_id: string }>>('select buyer_id, seller_id from orders where id = ?', [orderId]);
    if (!o) return null;
    const positions = await nextPositions(tx, 'user', [o.buyer_id, o.seller_id]);
    const [row] = await tx.execute<OrderPartiesRow[]>(
      `with updated as (update orders set invoice_number = ?, buyer_position = ?, seller_position = ? where id = ? returning *) ${withParties('updated')}`,
      [number, positions.get(o.buyer_id)!, positions.get(o.seller_id)!, orderId],
    );
    return row ?? null;
  }

  /**
   * Locks an unpaid order of `buyerId` for its confirmation (in the confirmation's transaction) and answers
   * the payment screenshot an earlier confirmation left (the seller said it did not arrive), which the new
   * confirmation replaces; undefined when there is no such unpaid order.
   */
  async lockForConfirmation(tx: EntityManager, orderId: string, buyerId: string): Promise<{ screenshotKey: string | null } | undefined> {
    const [o] = await tx.execute<Array<{ payment_screenshot_key: string | null }>>(
      `select payment_screenshot_key from orders where id = ? and buyer_id = ? and status = 'unpaid' for update`,
      [orderId, buyerId],
    );
    return o && { screenshotKey: o.payment_screenshot_key };
  }

  /** An order's two parties and where its payment stands (null: no such order). */
  async parties(
    em: EntityManager,
    orderId: string,
  ): Promise<{ buyerId: string; sellerId: string; status: OrderStatus; paymentNotReceivedAt: Date | null } | null> {
    const [o] = await em.execute<Array<{ buyer_id: string; seller_id: string; status: OrderStatus; payment_not_received_at: Date | null }>>(
      'select buyer_id, seller_id, status, payment_not_received_at from orders where id = ?',
      [orderId],
    );
    return o ? { buyerId: o.buyer_id, sellerId: o.seller_id, status: o.status, paymentNotReceivedAt: o.payment_not_received_at } : null;
  }

  /** An order's status and the end of its payment window (null: no such order). */
  async due(em: EntityManager, orderId: string): Promise<{ status: OrderStatus; payBy: Date } | null> {
    const [o] = await em.fork().execute<Array<{ status: OrderStatus; pay_by: Date }>>('select status, pay_by from orders where id = ?', [orderId]);
    return o ? { status: o.status, payBy: new Date(o.pay_by) } : null;
  }

  /** A seller's orders waiting for something: payment (or its check, payment_sent), delivery from the seller. */
  async sellerWaiting(em: EntityManager, sellerId: string): Promise<{ unpaid: number; toDeliver: number }> {
    const [row] = await em.fork().execute<Array<{ unpaid: number; to_deliver: number }>>(
      `select count(*) filter (where status in ('unpaid', 'payment_sent'))::int as unpaid, count(*) filter (where status = 'delivery_pending')::int as to_deliver
         from orders where seller_id = ? and status in ('unpaid', 'payment_sent', 'delivery_pending')`,
      [sellerId],
    );
    return { unpaid: row?.unpaid ?? 0, toDeliver: row?.to_deliver ?? 0 };
  }

  find(em: EntityManager, id: string): Promise<Order | null> {
    return em.fork().findOne(Order, { id });
  }

  /** A page of a user's orders as buyer or as seller, newest first, with the total. */
  list(em: EntityManager, role: 'buyer' | 'seller', userId: string, limit: number, offset: number): Promise<[Order[], number]> {
    const where = role === 'buyer' ? { buyerId: userId } : { sellerId: userId };
    return em.fork().findAndCount(Order, where, { orderBy: { createdAt: 'desc', id: 'desc' }, limit, offset });
  }

  /** A user's orders (as buyer and as seller) changed after their live position `after` (500 at most). */
  changedAfter(em: EntityManager, userId: string, after: string): Promise<Order[]> {
    return em.find(Order, { $or: [{ buyerId: userId, buyerPosition: { $gt: after } }, { sellerId: userId, sellerPosition: { $gt: after } }] }, { limit: 500 });
  }

  /** The parties of some orders, by id, with their business names (a seller's trade name, a buyer's billing name). */
  async partiesOf(em: EntityManager, orders: Order[]): Promise<Map<string, Party>> {
    const ids = [...new Set(orders.flatMap((o) => [o.buyerId, o.sellerId]))];
    if (!ids.length) return new Map();
    const [users, names] = await Promise.all([
      em.fork().find(User, { id: { $in: ids } }),
      em.fork().execute<Array<{ id: string; seller_name: string | null; buyer_name: string | null }>>(
        `select u.id, coalesce(sb.trade_name, sb.legal_name) as seller_name, bb.legal_name as buyer_name
           from unnest(?::uuid[]) u(id) left join seller_business sb on sb.user_id = u.id left join buyer_billing bb on bb.user_id = u.id`,
        [`{${ids.join(',')}}`],
      ),
    ]);
    const byId = new Map(names.map((n) => [n.id, n]));
    return new Map<string, Party>(
      users.map((u) => [u.id, { id: u.id, username: u.username, deletedAt: u.deletedAt, whatsappVerified: u.whatsappVerified, whatsappNumber: u.whatsappNumber, sellerName: byId.get(u.id)?.seller_name ?? null, buyerName: byId.get(u.id)?.buyer_name ?? null }]),
    );
  }

  /** Marks an order's purchase recorded for recommendations; answers it only the first time. */
  async claimPurchaseRecord(em: EntityManager, orderId: string): Promise<{ buyerId: string; productId: string } | null> {
    const [claimed] = await em
      .fork()
      .execute<Array<{ buyer_id: string; product_id: string }>>('update orders set purchase_recorded = true where id = ? and not purchase_recorded returning buyer_id, product_id', [orderId]);
    return claimed ? { buyerId: claimed.buyer_id, productId: claimed.product_id } : null;
  }

  /** Unpaid orders whose payment window closed before `now`, oldest first (the unpaid-due index). */
  async overdue(em: EntityManager, now: Date, limit: number): Promise<string[]> {
    const rows = await em.fork().execute<Array<{ id: string }>>(`select id from orders where status = 'unpaid' and pay_by <= ? order by pay_by limit ?`, [now, limit]);
    return rows.map((r) => r.id);
  }

  /** Orders placed before `before` whose purchase was not recorded yet (their job lost), oldest first. */
  async unrecorded(em: EntityManager, before: Date, limit: number): Promise<string[]> {
    const rows = await em.fork().execute<Array<{ id: string }>>(`select id from orders where not purchase_recorded and created_at < ? order by created_at limit ?`, [before, limit]);
    return rows.map((r) => r.id);
  }

  /** Forgets idempotency keys claimed before `before`. */
  async pruneKeys(em: EntityManager, before: Date): Promise<void> {
    await em.fork().execute('delete from order_idempotency_keys where created_at < ?', [before]);
  }
}
