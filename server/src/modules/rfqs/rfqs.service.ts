import type { EntityManager } from '@mikro-orm/postgresql';
import { v7 as uuidv7 } from 'uuid';
import { AppError, notFound, unauthenticated } from '../../common/app-error.js';
import type { Clock } from '../../common/clock.js';
import type { Message } from '../../common/message.js';
import type { RequestContext } from '../../common/request-context.js';
import type { UploadedFile } from '../../common/uploads.js';
import { parseInput } from '../../common/validation.js';
import { currentPosition, nextPositions } from '../../pubsub/positions.js';
import type { AuthService } from '../auth/auth.service.js';
import { blockedEitherWaySql } from '../blocks/blocks.public.js';
import type { ChatService } from '../chat/chat.service.js';
import type { OrderView } from '../orders/orders.service.js';
import type { RequirementDraft, SearchService } from '../search/search.service.js';
import { addRfqChanged, type RfqEventKind } from './rfq-events.js';
import { matchSellers } from './rfq-matching.js';
import { photoKey, type RfqPhotos } from './rfq-photos.js';
import { RfqStore, type RfqRow } from './rfq-store.js';
import type { RfqQuoteView, RfqView } from './rfq-views.js';
import { acceptQuoteInput, afterInput, createRfqInput, declineRfqInput, inboxInput, quoteRfqInput, rfqIdInput } from './rfqs.inputs.js';
import { rfqMessages as M } from './rfqs.messages.js';

export type { RfqQuoteView, RfqView } from './rfq-views.js';
export type { RequirementDraft } from '../search/search.service.js';

const DAY_MS = 24 * 3600 * 1000;
const NOT_FOUND = M.requirementNotFound;

export interface RfqServiceDeps {
  auth: Pick<AuthService, 'requireUser' | 'requireViewerId'>;
  search: Pick<SearchService, 'understandRequirement'>;
  chat: Pick<ChatService, 'quoteForRequirement' | 'orderRequirementQuote' | 'withdrawQuotes'>;
  photos: RfqPhotos;
  clock: Clock;
  /** At most this many sellers are matched with a requirement (not counting those who declined). */
  matchCap: number;
  /** At most this many open requirements per buyer. */
  openLimit: number;
  /** At most this many requirements per buyer in 24 hours. */
  dailyLimit: number;
}

/** Why an existing requirement takes no quote, decline or acceptance: expired, closed or fulfilled. */
function notOpen(row: RfqRow, now: Date): AppError | null {
  if (row.status === 'fulfilled') return new AppError('CONFLICT', M.thisRequirementIsFulfilled);
  if (row.status === 'closed') return new AppError('CONFLICT', M.thisRequirementIsClosed);
  if (new Date(row.expires_at).getTime() <= now.getTime()) return new AppError('CONFLICT', M.thisRequirementHasExpired);
  return null;
}

/**
 * Buy requirements (docs/product.md#buy-requirements): a buyer posts what they need once; a job
 * matches it with sellers (rfq-matching.ts), who quote (a quote card in the chat with the buyer) or
 * decline (the job then tops the matches up); the buyer compares the quotes and accepts one through
 * the chat's quote -> order path, which fulfils the requirement in the order's transaction (one order
 * per requirement). Every change writes `rfq.changed` with each told party's view (rfq-events.ts).
 * Only the buyer and the matched sellers see a requirement; anyone else is told it does not exist.
 */
export class RfqService {
  private readonly store = new RfqStore();

  constructor(private readonly deps: RfqServiceDeps) {}

  private viewerId(ctx: RequestContext, refusal: Message = M.logInToSeeRequirements): string {
    if (!ctx.viewer) throw unauthenticated(refusal);
    return ctx.viewer.userId;
  }

  // ---------------------------------------------------------------- the buyer

  /** What the buyer's words say, as the draft's chips (goods, category, quantity and unit, price, place, condition). */
  async draft(ctx: RequestContext, raw: unknown): Promise<RequirementDraft & { text: string }> {
    this.viewerId(ctx, M.logInToPostARequirement);
    const { text } = parseInput(createRfqInput.pick({ text: true }), raw);
    return { text, ...(await this.deps.search.understandRequirement(text)) };
  }

  /**
   * Posts a requirement: verified email, at most `openLimit` open and `dailyLimit` a day (counted
   * under the buyer's row lock, so requests at once cannot pass the limits together); open for 1 to 14
   * days (3 by default); up to 3 photos (`files`, checked by the upload: RFQ_UPLOAD), stored before the row and
   * removed again when it is refused. Sellers are matched in the same transaction (see matchIn). Posted again with the same
   * `clientKey` (a retry, a post queued offline), it answers the requirement already posted and writes nothing.
   */
  async create(ctx: RequestContext, raw: unknown, files: UploadedFile[] = []): Promise<RfqView> {
    const me = this.viewerId(ctx, M.logInToPostARequirement);
    const input = parseInput(createRfqInput, raw);
    const now = this.deps.clock.now();
    if (input.neededBy && input.neededBy < now.toISOString().slice(0, 10)) {
      throw new AppError('BAD_USER_INPUT', M.neededByMustBeADate, { fields: { neededBy: M.neededByMustBeADate } });
    }
    const understood = await this.deps.search.understandRequirement(input.text);
    const id = uuidv7();
    const photos = files.length ? await this.deps.photos.store(files, id) : [];
    const { row, repeated } = await ctx.em.transactional(async (tx) => {
      const [user] = await tx.execute<Array<{ email_verified: boolean }>>('select email_verified from users where id = ? and deleted_at is null for update', [me]);
      if (!user) throw unauthenticated(M.logInToPostARequirement);
      if (!user.email_verified) throw new AppError('EMAIL_NOT_VERIFIED', M.verifyYourEmailToPost);
      // Under the buyer's row lock: a repeated post of the same key finds the first.
      const [prior] = input.clientKey ? await tx.execute<Array<{ id: string }>>('select id from rfqs where buyer_id = ? and client_key = ?', [me, input.clientKey]) : [];
      if (prior) return { row: (await this.store.row(tx, prior.id))!, repeated: true };
      const [counts] = await tx.execute<Array<{ open: number; today: number }>>(
        `select count(*) filter (where status = 'open' and expires_at > ?)::int as open, count(*) filter (where created_at > ?)::int as today from rfqs where buyer_id = ?`,
        [now, new Date(now.getTime() - DAY_MS), me],
      );
      if (counts.open >= this.deps.openLimit) throw new AppError('CONFLICT', M.atMostOpenRequirements({ max: this.deps.openLimit }));
      if (counts.today >= this.deps.dailyLimit) throw new AppError('RATE_LIMITED', M.atMostRequirementsADay({ max: this.deps.dailyLimit }));
      await tx.execute(
        `insert into rfqs (id, buyer_id, text, goods_words, category, quantity, unit, max_unit_price_paise, city, state, needed_by, condition, notes, photo_keys, client_key, created_at, expires_at)
         values (?, ?, ?, ?::text[], ?, ?, ?, ?, ?, ?, ?::date, ?, ?, ?::text[], ?, ?, ?)`,
        [
          id,
          me,
          input.text,
          `{${understood.goodsWords.map((w) => `"${w.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`,
          input.category ?? understood.category,
          input.quantity,
          input.unit,
          input.maxUnitPricePaise ?? null,
          input.city ?? null,
          input.state ?? null,
          input.neededBy ?? null,
          input.condition ?? null,
          input.notes ?? null,
          `{${photos.map((p) => p.storageKey).join(',')}}`,
          input.clientKey ?? null,
          now,
          new Date(now.getTime() + input.expiresInDays * DAY_MS),
        ],
      );
      const row = await this.tell(tx, 'created', id, { buyer: true, sellers: [] }, now);
      // Matched in the post's own transaction: the matched sellers' live events go out at its commit,
      // before the buyer's answer, instead of after the outbox relay and a job's queue.
      return { row: (await this.matchIn(tx, id, now)).row ?? row, repeated: false };
    }).catch(async (err: unknown) => {
      await this.deps.photos.remove(photos);
      throw err;
    });
    if (repeated) await this.deps.photos.remove(photos);
    return (await this.store.buyerViews(ctx.em, [row], now))[0]!;
  }

  /** The viewer's requirements, newest first, each with its quotes. */
  async mine(ctx: RequestContext): Promise<RfqView[]> {
    const me = this.viewerId(ctx);
    const ids = await ctx.em.execute<Array<{ id: string }>>('select id from rfqs where buyer_id = ? order by created_at desc, id desc limit 100', [me]);
    const rows = await this.store.rows(ctx.em, ids.map((r) => r.id));
    rows.sort((a, b) => new Date(b.created_at).getTime() - new Date(a.created_at).getTime() || (a.id < b.id ? 1 : -1));
    return this.store.buyerViews(ctx.em, rows, this.deps.clock.now());
  }

  /** One requirement: the buyer's view, or a matched seller's; anyone else is told it does not exist. */
  async get(ctx: RequestContext, rawId: string): Promise<RfqView> {
    const me = this.viewerId(ctx);
    const { rfqId } = parseInput(rfqIdInput, { rfqId: rawId });
    const { row, role } = await this.access(ctx.em, rfqId, me);
    const now = this.deps.clock.now();
    if (role === 'buyer') return (await this.store.buyerViews(ctx.em, [row], now))[0]!;
    return (await this.store.sellerViews(ctx.em, me, [row], now))[0]!;
  }

  /** Refuses a visitor before an upload's body is read (POST /rfqs as multipart). */
  requirePoster(ctx: RequestContext): void {
    this.viewerId(ctx, M.logInToPostARequirement);
  }

  /** The stored file of a requirement's photo `n` (its small or large webp), for its buyer and matched sellers; null when there is no such photo. */
  async photoFile(ctx: RequestContext, rawId: string, n: string, preview: boolean): Promise<string | null> {
    const me = this.viewerId(ctx);
    const { rfqId } = parseInput(rfqIdInput, { rfqId: rawId });
    const { row } = await this.access(ctx.em, rfqId, me);
    const base = /^[0-9]$/.test(n) ? row.photo_keys[Number(n)] : undefined;
    return base ? photoKey(base, preview) : null;
  }

  /** The buyer closes an open requirement early; its matched sellers are told. A repeated close answers it as it is. */
  async close(ctx: RequestContext, rawId: string): Promise<RfqView> {
    const me = this.viewerId(ctx);
    const { rfqId } = parseInput(rfqIdInput, { rfqId: rawId });
    const { row, role } = await this.access(ctx.em, rfqId, me);
    if (role !== 'buyer') throw notFound(NOT_FOUND);
    const now = this.deps.clock.now();
    if (row.status !== 'closed') {
      const refusal = notOpen(row, now);
      if (refusal) throw refusal;
      await ctx.em.transactional(async (tx) => {
        const done = await tx.execute(`update rfqs set status = 'closed', closed_at = ? where id = ? and status = 'open' and expires_at > ? returning 1`, [now, rfqId, now]);
        if (!done.length) throw notOpen((await this.store.row(tx, rfqId))!, now) ?? new AppError('CONFLICT', M.thisRequirementIsClosed);
        await this.endOpenQuotes(tx, rfqId);
        await this.tell(tx, 'closed', rfqId, { buyer: true, sellers: 'all' }, now);
      });
    }
    return this.get(ctx, rfqId);
  }

  /** The current quotes of the viewer's requirement, cheapest total first (the buyer only). */
  async quotes(ctx: RequestContext, rawId: string): Promise<RfqQuoteView[]> {
    const me = this.viewerId(ctx);
    const { rfqId } = parseInput(rfqIdInput, { rfqId: rawId });
    const { row, role } = await this.access(ctx.em, rfqId, me);
    if (role !== 'buyer') throw new AppError('FORBIDDEN', M.onlyTheBuyerSeesQuotes);
    return (await this.store.buyerViews(ctx.em, [row], this.deps.clock.now()))[0]!.quotes ?? [];
  }

  /**
   * The buyer accepts a quote: an order through the chat's quote -> order path (the quoted price and
   * quantity, the listing's stock, the idempotency key), and the requirement fulfilled in the order's
   * transaction, so two acceptances of one requirement's quotes at once make one order. The other
   * matched sellers are told it was fulfilled.
   */
  async accept(ctx: RequestContext, raw: unknown, idempotencyKey: string | null | undefined): Promise<OrderView> {
    const me = this.viewerId(ctx);
    const { rfqId, quoteId } = parseInput(acceptQuoteInput, raw);
    const { row, role } = await this.access(ctx.em, rfqId, me);
    if (role !== 'buyer') throw notFound(NOT_FOUND);
    const now = this.deps.clock.now();
    const quote = await this.store.quote(ctx.em, rfqId, quoteId, now);
    if (!quote) throw notFound(M.quoteNotFound);
    // A retry of the acceptance that fulfilled it answers its order (the chat's path does, by the key).
    const retry = row.status === 'fulfilled' && row.accepted_quote_id === quote.id && !!idempotencyKey;
    if (!retry) {
      const refusal = notOpen(row, now);
      if (refusal) throw refusal;
      if (quote.superseded_at) throw new AppError('CONFLICT', M.thisQuoteWasReplaced);
      if (new Date(quote.valid_until).getTime() <= now.getTime()) throw new AppError('CONFLICT', M.thisQuoteHasExpired);
    }
    return this.deps.chat.orderRequirementQuote(ctx, quote.message_id, idempotencyKey);
  }

  /**
   * In the transaction that orders a quote card (chat's QuoteOrderedHook, from this screen or the chat's): when the
   * card answered a requirement, the requirement is fulfilled and the other sellers' open cards end; a replaced quote,
   * or a requirement no longer open, orders nothing. Cards of other conversations pass.
   */
  async quoteOrdered(tx: EntityManager, messageId: string, orderId: string): Promise<void> {
    const [quote] = await tx.execute<Array<{ id: string; rfq_id: string; superseded_at: Date | null }>>(
      'select id, rfq_id, superseded_at from rfq_quotes where message_id = ?',
      [messageId],
    );
    if (!quote) return;
    if (quote.superseded_at) throw new AppError('CONFLICT', M.thisQuoteWasReplaced);
    const now = this.deps.clock.now();
    const done = await tx.execute(
      `update rfqs set status = 'fulfilled', accepted_quote_id = ?, order_id = ?, closed_at = ? where id = ? and status = 'open' and expires_at > ? returning 1`,
      [quote.id, orderId, now, quote.rfq_id, now],
    );
    if (!done.length) throw notOpen((await this.store.row(tx, quote.rfq_id))!, now) ?? new AppError('CONFLICT', M.thisRequirementIsFulfilled);
    await this.endOpenQuotes(tx, quote.rfq_id);
    await this.tell(tx, 'fulfilled', quote.rfq_id, { buyer: true, sellers: 'all' }, now);
  }

  // ---------------------------------------------------------------- the seller

  /** The viewer's inbox: the requirements matched to them, newest first, each with their answer and expiry. */
  async inbox(ctx: RequestContext, raw: unknown): Promise<{ items: RfqView[]; totalCount: number; limit: number; offset: number }> {
    const me = this.viewerId(ctx);
    const { limit, offset } = parseInput(inboxInput, raw ?? {});
    const where = `from rfq_matches m join rfqs r on r.id = m.rfq_id where m.seller_id = ? and not ${blockedEitherWaySql('m.seller_id', 'r.buyer_id')}`;
    const [ids, [count]] = await Promise.all([
      ctx.em.execute<Array<{ id: string }>>(`select r.id ${where} order by m.matched_at desc, r.id desc limit ? offset ?`, [me, limit, offset]),
      ctx.em.fork().execute<Array<{ n: number }>>(`select count(*)::int as n ${where}`, [me]),
    ]);
    const rows = await this.store.rows(ctx.em, ids.map((r) => r.id));
    const order = new Map(ids.map((r, i) => [r.id, i]));
    rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    return { items: await this.store.sellerViews(ctx.em, me, rows, this.deps.clock.now()), totalCount: count?.n ?? 0, limit, offset };
  }

  /**
   * A matched seller quotes: a quote card in the chat with the buyer (opened by it when there was
   * none), from the listing chosen or the one that matched best; a second quote replaces the first,
   * which stays in the history. Answers the seller's quote.
   */
  async quote(ctx: RequestContext, raw: unknown): Promise<RfqQuoteView> {
    const me = this.viewerId(ctx);
    const input = parseInput(quoteRfqInput, raw);
    const { row, role, match } = await this.access(ctx.em, input.rfqId, me);
    if (role !== 'seller' || !match) throw notFound(NOT_FOUND);
    const now = this.deps.clock.now();
    const refusal = notOpen(row, now);
    if (refusal) throw refusal;
    if (match.answer === 'declined') throw new AppError('CONFLICT', M.youAlreadyDeclined);
    const productId = input.productId ?? match.product_id;
    if (!productId) throw new AppError('BAD_USER_INPUT', M.noListingToQuote, { fields: { productId: M.noListingToQuote } });
    const quoteId = uuidv7();
    const validUntil = new Date(now.getTime() + input.validHours * 3600 * 1000);
    await this.deps.chat.quoteForRequirement(
      ctx,
      row.buyer_id,
      { productId, quantity: input.quantity, unitPricePaise: input.unitPricePaise, note: input.note ?? null, validHours: input.validHours },
      async (tx, messageId) => {
        // Under the match's row lock: one current quote per seller, and only while the requirement is open.
        const [locked] = await tx.execute<Array<{ answer: string | null; open: boolean }>>(
          `select m.answer, (r.status = 'open' and r.expires_at > ?) as open from rfq_matches m join rfqs r on r.id = m.rfq_id
            where m.rfq_id = ? and m.seller_id = ? for update of m`,
          [now, input.rfqId, me],
        );
        if (!locked) throw notFound(NOT_FOUND);
        if (locked.answer === 'declined') throw new AppError('CONFLICT', M.youAlreadyDeclined);
        if (!locked.open) throw notOpen((await this.store.row(tx, input.rfqId))!, now) ?? new AppError('CONFLICT', M.thisRequirementIsClosed);
        const replaced = await tx.execute<Array<{ message_id: string }>>(
          `update rfq_quotes set superseded_at = ? where rfq_id = ? and seller_id = ? and superseded_at is null returning message_id`,
          [now, input.rfqId, me],
        );
        await this.deps.chat.withdrawQuotes(tx, replaced.map((r) => r.message_id));
        await tx.execute(
          `insert into rfq_quotes (id, rfq_id, seller_id, product_id, message_id, unit_price_paise, quantity, delivery_days, valid_until, note, created_at)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          [quoteId, input.rfqId, me, productId, messageId, input.unitPricePaise, input.quantity, input.deliveryDays, validUntil, input.note ?? null, now],
        );
        await tx.execute(`update rfq_matches set answer = 'quoted', answered_at = coalesce(answered_at, ?) where rfq_id = ? and seller_id = ?`, [now, input.rfqId, me]);
        await this.tell(tx, 'quoted', input.rfqId, { buyer: true, sellers: [me] }, now);
      },
    );
    const view = (await this.store.sellerViews(ctx.em, me, [(await this.store.row(ctx.em, input.rfqId))!], now))[0]!;
    return view.match!.myQuote!;
  }

  /** A matched seller declines with a reason; the matching job tops the requirement's sellers up. */
  async decline(ctx: RequestContext, raw: unknown): Promise<RfqView> {
    const me = this.viewerId(ctx);
    const input = parseInput(declineRfqInput, raw);
    const { row, role, match } = await this.access(ctx.em, input.rfqId, me);
    if (role !== 'seller' || !match) throw notFound(NOT_FOUND);
    const now = this.deps.clock.now();
    if (match.answer !== 'declined') {
      const refusal = notOpen(row, now);
      if (refusal) throw refusal;
      if (match.answer === 'quoted') throw new AppError('CONFLICT', M.youAlreadyQuoted);
      await ctx.em.transactional(async (tx) => {
        const done = await tx.execute(
          `update rfq_matches set answer = 'declined', decline_reason = ?, answered_at = ? where rfq_id = ? and seller_id = ? and answer is null returning 1`,
          [input.reason, now, input.rfqId, me],
        );
        if (!done.length) throw new AppError('CONFLICT', M.youAlreadyQuoted);
        await this.tell(tx, 'declined', input.rfqId, { buyer: true, sellers: [me] }, now);
      });
    }
    return this.get(ctx, input.rfqId);
  }

  // ---------------------------------------------------------------- live

  /**
   * The viewer's requirements (as buyer and as matched seller) changed after live position `after`,
   * oldest change first, and the viewer's current position: what a client that reconnects refetches.
   */
  async changesAfter(ctx: RequestContext, raw: unknown): Promise<{ items: RfqView[]; position: string }> {
    const me = this.viewerId(ctx);
    const { after } = parseInput(afterInput, raw);
    const em = ctx.em.fork();
    const now = this.deps.clock.now();
    const [asBuyer, asSeller] = await Promise.all([
      em.execute<Array<{ id: string }>>('select id from rfqs where buyer_id = ? and position > ?::bigint order by position limit 200', [me, after]),
      em.fork().execute<Array<{ id: string }>>(
        `select m.rfq_id as id from rfq_matches m join rfqs r on r.id = m.rfq_id where m.seller_id = ? and m.position > ?::bigint
           and not ${blockedEitherWaySql('m.seller_id', 'r.buyer_id')} order by m.position limit 200`,
        [me, after],
      ),
    ]);
    const [buyerRows, sellerRows] = await Promise.all([this.store.rows(em, asBuyer.map((r) => r.id)), this.store.rows(em.fork(), asSeller.map((r) => r.id))]);
    const items = [...(await this.store.buyerViews(em, buyerRows, now)), ...(await this.store.sellerViews(em, me, sellerRows, now))];
    items.sort((a, b) => Number(BigInt(a.position) - BigInt(b.position)));
    return { items, position: await currentPosition(em, 'user', me) };
  }

  /** Whether a seller may still hear of a requirement (matched, and no block either way since): each live event is checked. */
  async sellerMayHear(em: EntityManager, rfqId: string, sellerId: string): Promise<boolean> {
    const rows = await em.execute(
      `select 1 from rfq_matches m join rfqs r on r.id = m.rfq_id where m.rfq_id = ? and m.seller_id = ? and not ${blockedEitherWaySql('m.seller_id', 'r.buyer_id')}`,
      [rfqId, sellerId],
    );
    return rows.length > 0;
  }

  // ---------------------------------------------------------------- after commit (worker)

  /**
   * The matching job (a seller declined): adds sellers up to the cap while
   * the requirement is open, and tells each new seller. Idempotent: matched sellers are not added twice.
   */
  async match(em: EntityManager, rfqId: string): Promise<string[]> {
    const now = this.deps.clock.now();
    return em.fork().transactional(async (tx) => (await this.matchIn(tx, rfqId, now)).added);
  }

  /** Adds sellers up to the cap in the caller's transaction and tells them and the buyer; answers who was added and the row after it (null when nobody was). */
  private async matchIn(tx: EntityManager, rfqId: string, now: Date): Promise<{ added: string[]; row: RfqRow | null }> {
    const added = await matchSellers(tx, rfqId, now, this.deps.matchCap);
    return { added, row: added.length ? await this.tell(tx, 'matched', rfqId, { buyer: true, sellers: added }, now) : null };
  }

  // ---------------------------------------------------------------- parts

  /** Who the viewer is to a requirement: its buyer, or a matched seller (no block either way); else 404. */
  private async access(em: EntityManager, rfqId: string, me: string): Promise<{ row: RfqRow; role: 'buyer' | 'seller'; match: { answer: string | null; product_id: string | null } | null }> {
    const row = await this.store.row(em, rfqId);
    if (!row) throw notFound(NOT_FOUND);
    if (row.buyer_id === me) return { row, role: 'buyer', match: null };
    const [match] = await em.execute<Array<{ answer: string | null; product_id: string | null }>>(
      `select m.answer, m.product_id from rfq_matches m where m.rfq_id = ? and m.seller_id = ? and not ${blockedEitherWaySql('m.seller_id', '?::uuid')}`,
      [rfqId, me, row.buyer_id, row.buyer_id],
    );
    if (!match) throw notFound(NOT_FOUND);
    return { row, role: 'seller', match };
  }

  /**
   * Bumps the live positions of the users told of a change (the buyer, and some or all matched sellers
   * who have not declined, plus those named), keeps them on the rows, and writes `rfq.changed` with each
   * one's view, read in the change's transaction. Answers the requirement's row.
   */
  /** The requirement's quote cards still open in the chats end (it was closed or fulfilled): none can be ordered. */
  private async endOpenQuotes(tx: EntityManager, rfqId: string): Promise<void> {
    const open = await tx.execute<Array<{ message_id: string }>>('select message_id from rfq_quotes where rfq_id = ? and superseded_at is null', [rfqId]);
    await this.deps.chat.withdrawQuotes(tx, open.map((r) => r.message_id));
  }

  private async tell(tx: EntityManager, type: RfqEventKind, rfqId: string, who: { buyer: boolean; sellers: string[] | 'all' }, now: Date): Promise<RfqRow> {
    const [base] = await tx.execute<Array<{ buyer_id: string }>>('select buyer_id from rfqs where id = ?', [rfqId]);
    const sellers =
      who.sellers === 'all'
        ? (await tx.execute<Array<{ seller_id: string }>>(`select seller_id from rfq_matches where rfq_id = ? and answer is distinct from 'declined'`, [rfqId])).map((r) => r.seller_id)
        : who.sellers;
    const users = [...(who.buyer ? [base!.buyer_id] : []), ...sellers];
    const positions = await nextPositions(tx, 'user', users);
    if (who.buyer) await tx.execute('update rfqs set position = ?::bigint where id = ?', [positions.get(base!.buyer_id), rfqId]);
    for (const s of sellers) await tx.execute('update rfq_matches set position = ?::bigint where rfq_id = ? and seller_id = ?', [positions.get(s), rfqId, s]);
    const row = (await this.store.row(tx, rfqId))!;
    const deliveries = [];
    if (who.buyer) deliveries.push({ userId: row.buyer_id, position: positions.get(row.buyer_id)!, rfq: (await this.store.buyerViews(tx, [row], now))[0]! });
    for (const s of sellers) {
      const view = (await this.store.sellerViews(tx, s, [row], now))[0];
      if (view) deliveries.push({ userId: s, position: positions.get(s)!, rfq: view });
    }
    addRfqChanged(tx, type, rfqId, row.buyer_id, deliveries);
    return row;
  }
}
