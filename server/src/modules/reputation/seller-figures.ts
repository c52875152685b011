import { v7 as uuidv7 } from 'uuid';
import type { SqlDb, SqlRunner } from '../../adapters/search/sql-runner.js';
import { currentTraceparent } from '../../observability/trace.js';
import type { PayloadIn } from '../../outbox/outbox.js';
import { searchStanding, type SellerFiguresRow } from './badges.js';
import { sellerStandingChanged } from './standing-events.js';

/** How far back 'replies within N hours' looks. */
export const REPLY_WINDOW_DAYS = 30;

/**
 * Each recount runs under a lock per seller, so two jobs of one seller take turns: the later one reads
 * everything the earlier saw and more, and the last write is never an older count.
 */
const lockSeller = (tx: SqlRunner, sellerId: string) => tx.query(`select pg_advisory_xact_lock(hashtext('seller_figures:' || $1))`, [sellerId]);

/**
 * After a recount of the figures the standing reads (ratings, replies), under the seller's lock: a
 * standing that changed is stored, with a `seller.standing_changed` event in the same transaction.
 */
async function restand(tx: SqlRunner, sellerId: string): Promise<void> {
  const { rows } = await tx.query<SellerFiguresRow & { search_standing: number }>(
    'select replies_counted, reply_median_seconds, reviews_counted, rating_sum, search_standing from seller_figures where seller_id = $1',
    [sellerId],
  );
  const row = rows[0];
  const standing = searchStanding(row ?? null);
  if (!row || standing === row.search_standing) return;
  const payload: PayloadIn<typeof sellerStandingChanged> = { sellerId, standing };
  await tx.query(
    `with stored as (update seller_figures set search_standing = $2 where seller_id = $1)
     insert into outbox_events (id, topic, payload, created_at, trace_context) values ($3, $4, $5::jsonb, $6, $7)`,
    [sellerId, standing, uuidv7(), sellerStandingChanged.name, JSON.stringify(payload), new Date(), currentTraceparent()],
  );
}

/**
 * The figures of a seller's profile (docs/product.md#seller-profiles), kept from events by jobs: each
 * recount reads one seller's own rows through their indexes (never the whole history of the site), and
 * a profile read takes the stored row.
 */
export class SellerFiguresStore {
  constructor(private readonly db: SqlDb) {}

  /** The seller's stored figures, or null before any event of theirs was counted. */
  async read(sellerId: string): Promise<SellerFiguresRow | null> {
    const { rows } = await this.db.query<SellerFiguresRow>(
      'select orders_total, orders_delivered, orders_cancelled_by_seller, replies_counted, reply_median_seconds, reviews_counted, rating_sum from seller_figures where seller_id = $1',
      [sellerId],
    );
    return rows[0] ?? null;
  }

  /** Orders placed with the seller, delivered, and cancelled by the seller, counted again (an order's event). */
  recountOrders(sellerId: string, now: Date): Promise<void> {
    return this.db.transaction(async (tx) => {
      await lockSeller(tx, sellerId);
      await tx.query(
        `insert into seller_figures (seller_id, orders_total, orders_delivered, orders_cancelled_by_seller, updated_at)
         select $1, count(*)::int, (count(*) filter (where status = 'delivered'))::int,
                (count(*) filter (where status = 'cancelled' and cancelled_by = 'seller'))::int, $2
           from orders where seller_id = $1
         on conflict (seller_id) do update set orders_total = excluded.orders_total, orders_delivered = excluded.orders_delivered,
           orders_cancelled_by_seller = excluded.orders_cancelled_by_seller, updated_at = excluded.updated_at`,
        [sellerId, now],
      );
    });
  }

  /** The seller's reviews shown (not removed) and the sum of their ratings, counted again (a review's event). */
  recountRatings(sellerId: string, now: Date): Promise<void> {
    return this.db.transaction(async (tx) => {
      await lockSeller(tx, sellerId);
      await tx.query(
        `insert into seller_figures (seller_id, reviews_counted, rating_sum, updated_at)
         select $1, count(*)::int, coalesce(sum(rating), 0)::int, $2 from reviews where seller_id = $1 and removed_at is null
         on conflict (seller_id) do update set reviews_counted = excluded.reviews_counted, rating_sum = excluded.rating_sum, updated_at = excluded.updated_at`,
        [sellerId, now],
      );
      await restand(tx, sellerId);
    });
  }

  /**
   * A chat message's event: when it is its sender's first message in a conversation the other side
   * started, the conversation's first reply is recorded (once: a conversation has one first reply) and
   * the sender's reply figures counted again. Answers whether it was one.
   */
  async recordMessage(conversationId: string, senderId: string, now: Date): Promise<boolean> {
    const { rows } = await this.db.query<{ conversation_id: string }>(
      `insert into first_replies (conversation_id, replier_id, asked_at, replied_at)
       select $1, $2, f.created_at, r.created_at
         from (select sender_id, created_at from chat_messages where conversation_id = $1 and kind <> 'system' order by position limit 1) f,
              (select created_at from chat_messages where conversation_id = $1 and sender_id = $2 and kind <> 'system' order by position limit 1) r
        where f.sender_id <> $2
       on conflict (conversation_id) do nothing returning conversation_id`,
      [conversationId, senderId],
    );
    if (!rows.length) return false;
    await this.recountReplies(senderId, now);
    return true;
  }

  /**
   * The count and median of the seller's first replies to conversations started in the last
   * REPLY_WINDOW_DAYS, and when the oldest of them leaves the window (the sweep counts again then).
   */
  recountReplies(sellerId: string, now: Date): Promise<void> {
    return this.db.transaction(async (tx) => {
      await lockSeller(tx, sellerId);
      await tx.query(
        `insert into seller_figures (seller_id, replies_counted, reply_median_seconds, replies_recount_at, updated_at)
         select $1, count(*)::int, round(percentile_cont(0.5) within group (order by extract(epoch from replied_at - asked_at)))::int,
                min(asked_at) + make_interval(days => $3), $2
           from first_replies where replier_id = $1 and asked_at > $2::timestamptz - make_interval(days => $3)
         on conflict (seller_id) do update set replies_counted = excluded.replies_counted, reply_median_seconds = excluded.reply_median_seconds,
           replies_recount_at = excluded.replies_recount_at, updated_at = excluded.updated_at`,
        [sellerId, now, REPLY_WINDOW_DAYS],
      );
      await restand(tx, sellerId);
    });
  }

  /** Counts again the reply figures of every seller whose oldest counted reply has left the window (the sweep). */
  async sweepReplies(now: Date): Promise<number> {
    const { rows } = await this.db.query<{ seller_id: string }>(
      'select seller_id from seller_figures where replies_recount_at <= $1 order by replies_recount_at limit 500',
      [now],
    );
    for (const r of rows) await this.recountReplies(r.seller_id, now);
    return rows.length;
  }
}
