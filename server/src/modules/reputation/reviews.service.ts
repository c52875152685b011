import type { EntityManager } from '@mikro-orm/postgresql';
import { v7 as uuidv7 } from 'uuid';
import { AppError, notFound } from '../../common/app-error.js';
import type { Clock } from '../../common/clock.js';
import type { RequestContext } from '../../common/request-context.js';
import { parseInput } from '../../common/validation.js';
import { addOutboxEvent } from '../../outbox/outbox.js';
import type { AuthService } from '../auth/auth.service.js';
import { operatorNote } from '../moderation/moderation.inputs.js';
import type { ModerationService } from '../moderation/moderation.service.js';
import { editReviewInput, replyInput, reviewIdInput, reviewPageInput, writeReviewInput } from './reputation.inputs.js';
import { reputationMessages as M } from './reputation.messages.js';
import { reviewChanged } from './review-events.js';
import { z } from 'zod';

/** A review may be written this long after the order's delivery. */
export const REVIEW_WINDOW_DAYS = 60;
/** A review may be changed this long after it was written. */
export const EDIT_WINDOW_HOURS = 48;
const DAY = 24 * 3600 * 1000;

/** A review as everyone sees it (docs/product.md#reviews). */
export interface ReviewView {
  id: string;
  orderId: string;
  sellerId: string;
  /** The buyer's username (the review's author). */
  buyerName: string;
  productTitle: string;
  rating: number;
  text: string | null;
  createdAt: Date;
  editedAt: Date | null;
  /** Until when its author may change it. */
  editableUntil: Date;
  reply: string | null;
  repliedAt: Date | null;
}

interface ReviewRow {
  id: string;
  order_id: string;
  seller_id: string;
  buyer_id: string;
  buyer_name: string;
  product_title: string;
  rating: number;
  text: string | null;
  created_at: Date;
  edited_at: Date | null;
  reply: string | null;
  replied_at: Date | null;
}

const SELECT = `select r.id, r.order_id, r.seller_id, r.buyer_id, case when u.deleted_at is null then u.username else '' end as buyer_name,
  o.product_title, r.rating, r.text, r.created_at, r.edited_at, r.reply, r.replied_at
  from reviews r join users u on u.id = r.buyer_id join orders o on o.id = r.order_id`;

const toView = (r: ReviewRow): ReviewView => ({
  id: r.id,
  orderId: r.order_id,
  sellerId: r.seller_id,
  buyerName: r.buyer_name,
  productTitle: r.product_title,
  rating: r.rating,
  text: r.text,
  createdAt: new Date(r.created_at),
  editedAt: r.edited_at ? new Date(r.edited_at) : null,
  editableUntil: new Date(new Date(r.created_at).getTime() + EDIT_WINDOW_HOURS * 3600 * 1000),
  reply: r.reply,
  repliedAt: r.replied_at ? new Date(r.replied_at) : null,
});

const removeInput = reviewIdInput.extend({ note: operatorNote });

/**
 * Reviews (docs/product.md#reviews): a delivered order's buyer rates it once (1-5 stars, optional text)
 * within 60 days of delivery and may change it for 48 hours; the seller answers it once; an operator
 * removes one (in the audit log), and it leaves the seller's average. Each change writes
 * `review.changed`, from which the jobs count the seller's ratings again.
 */
export class ReviewService {
  constructor(
    private readonly d: {
      auth: Pick<AuthService, 'requireViewerId'>;
      moderation: Pick<ModerationService, 'gate' | 'recordAction'>;
      clock: Clock;
    },
  ) {}

  private async read(em: EntityManager, id: string): Promise<ReviewView | null> {
    const [row] = await em.execute<ReviewRow[]>(`${SELECT} where r.id = ? and r.removed_at is null`, [id]);
    return row ? toView(row) : null;
  }

  /** POST /orders/{id}/review: the buyer's review of a delivered order. */
  async write(ctx: RequestContext, raw: unknown): Promise<ReviewView> {
    const me = this.d.auth.requireViewerId(ctx);
    const input = parseInput(writeReviewInput, raw);
    const now = this.d.clock.now();
    const id = await ctx.em.transactional(async (tx) => {
      const [order] = await tx.execute<Array<{ buyer_id: string; seller_id: string; status: string; delivered_at: Date | null }>>(
        'select buyer_id, seller_id, status, delivered_at from orders where id = ?',
        [input.orderId],
      );
      if (!order) throw notFound(M.orderNotFound);
      if (order.buyer_id !== me) throw new AppError('FORBIDDEN', M.onlyTheBuyerReviews);
      if (order.status !== 'delivered' || !order.delivered_at) throw new AppError('CONFLICT', M.notDeliveredYet);
      if (now.getTime() > new Date(order.delivered_at).getTime() + REVIEW_WINDOW_DAYS * DAY) throw new AppError('CONFLICT', M.reviewWindowOver);
      const rows = await tx.execute<Array<{ id: string }>>(
        `insert into reviews (id, order_id, seller_id, buyer_id, rating, text, created_at) values (?, ?, ?, ?, ?, ?, ?)
         on conflict (order_id) do nothing returning id`,
        [uuidv7(), input.orderId, order.seller_id, me, input.rating, input.text, now],
      );
      if (!rows[0]) throw new AppError('CONFLICT', M.alreadyReviewed);
      addOutboxEvent(tx, reviewChanged, { reviewId: rows[0].id, sellerId: order.seller_id });
      return rows[0].id;
    });
    return (await this.read(ctx.em, id))!;
  }

  /** PUT /reviews/{id}: its author changes the rating and text, within 48 hours of writing it. */
  async edit(ctx: RequestContext, raw: unknown): Promise<ReviewView> {
    const me = this.d.auth.requireViewerId(ctx);
    const input = parseInput(editReviewInput, raw);
    const now = this.d.clock.now();
    await ctx.em.transactional(async (tx) => {
      const [r] = await tx.execute<Array<{ buyer_id: string; seller_id: string; created_at: Date }>>(
        'select buyer_id, seller_id, created_at from reviews where id = ? and removed_at is null for update',
        [input.reviewId],
      );
      if (!r) throw notFound(M.reviewNotFound);
      if (r.buyer_id !== me) throw new AppError('FORBIDDEN', M.onlyTheAuthorEdits);
      if (now.getTime() > new Date(r.created_at).getTime() + EDIT_WINDOW_HOURS * 3600 * 1000) throw new AppError('CONFLICT', M.editWindowOver);
      await tx.execute('update reviews set rating = ?, text = ?, edited_at = ? where id = ?', [input.rating, input.text, now, input.reviewId]);
      addOutboxEvent(tx, reviewChanged, { reviewId: input.reviewId, sellerId: r.seller_id });
    });
    return (await this.read(ctx.em, input.reviewId))!;
  }

  /** POST /reviews/{id}/reply: the seller's one answer. */
  async reply(ctx: RequestContext, raw: unknown): Promise<ReviewView> {
    const me = this.d.auth.requireViewerId(ctx);
    const input = parseInput(replyInput, raw);
    const [r] = await ctx.em.execute<Array<{ seller_id: string }>>('select seller_id from reviews where id = ? and removed_at is null', [input.reviewId]);
    if (!r) throw notFound(M.reviewNotFound);
    if (r.seller_id !== me) throw new AppError('FORBIDDEN', M.onlyTheSellerReplies);
    const done = await ctx.em.execute<Array<{ id: string }>>(
      'update reviews set reply = ?, replied_at = ? where id = ? and reply is null and removed_at is null returning id',
      [input.text, this.d.clock.now(), input.reviewId],
    );
    if (!done[0]) throw new AppError('CONFLICT', M.alreadyReplied);
    return (await this.read(ctx.em, input.reviewId))!;
  }

  /** The viewer's review of one of their orders, or null (the orders page's review form). */
  async ofOrder(ctx: RequestContext, orderId: unknown): Promise<ReviewView | null> {
    const me = this.d.auth.requireViewerId(ctx);
    const id = z.uuid().safeParse(typeof orderId === 'string' ? orderId.trim().toLowerCase() : orderId);
    if (!id.success) return null;
    const [row] = await ctx.em.execute<ReviewRow[]>(`${SELECT} where r.order_id = ? and r.buyer_id = ? and r.removed_at is null`, [id.data, me]);
    return row ? toView(row) : null;
  }

  /** A seller's reviews shown, newest first, paged, and how many there are. */
  async ofSeller(em: EntityManager, sellerId: string, raw: unknown): Promise<{ items: ReviewView[]; totalCount: number; limit: number; offset: number }> {
    const { limit, offset } = parseInput(reviewPageInput, raw ?? {});
    const rows = await em.execute<Array<ReviewRow & { total: number }>>(
      `${SELECT.replace('select r.id', 'select count(*) over ()::int as total, r.id')} where r.seller_id = ? and r.removed_at is null
        order by r.created_at desc, r.id desc limit ? offset ?`,
      [sellerId, limit, offset],
    );
    const total =
      rows[0]?.total ?? (await em.execute<Array<{ n: number }>>('select count(*)::int as n from reviews where seller_id = ? and removed_at is null', [sellerId]))[0].n;
    return { items: rows.map(toView), totalCount: total, limit, offset };
  }

  /** Operators only: removes a review (it leaves the seller's average), with a note for the audit log. */
  async remove(ctx: RequestContext, raw: unknown): Promise<boolean> {
    const operatorId = await this.d.moderation.gate.require(ctx);
    const input = parseInput(removeInput, raw);
    const now = this.d.clock.now();
    await ctx.em.transactional(async (tx) => {
      const [r] = await tx.execute<Array<{ seller_id: string; buyer_id: string }>>(
        'update reviews set removed_at = ? where id = ? and removed_at is null returning seller_id, buyer_id',
        [now, input.reviewId],
      );
      if (!r) throw notFound(M.reviewNotFound);
      await this.d.moderation.recordAction(tx, { operatorId, action: 'remove_review', reportId: null, userId: r.buyer_id, productId: null, reviewId: input.reviewId, note: input.note, at: now });
      addOutboxEvent(tx, reviewChanged, { reviewId: input.reviewId, sellerId: r.seller_id });
    });
    return true;
  }
}
