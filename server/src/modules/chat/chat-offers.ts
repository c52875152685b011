import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { SqlRunner } from '../../adapters/search/sql-runner.js';
import { AppError, notFound } from '../../common/app-error.js';
import type { Clock } from '../../common/clock.js';
import type { RequestContext } from '../../common/request-context.js';
import { uuidArray } from '../../common/uuid-array.js';
import type { OrderService, OrderView } from '../orders/orders.service.js';
import { readCatalogueProducts, type CatalogueProduct } from '../products/products.public.js';
import { BID_ANSWERED, MESSAGE_NOT_FOUND } from './chat-texts.js';
import { offerSummary, type BidView, type MessageView } from './chat-views.js';
import type { bidInput, bidResponseInput, quoteInput } from './chat.inputs.js';
import { contactRefusal, type ConversationStore } from './conversation-store.js';
import type { AlsoInTx, MessageWriter } from './message-writer.js';
import { chatMessages } from './chat.messages.js';

export const PRODUCT_NOT_FOUND = chatMessages.productNotFound;

type BidAction = z.infer<typeof bidResponseInput>['action'];

/** The status a bid takes when the seller answers it. */
export function bidStatusAfter(action: BidAction): Exclude<BidView['status'], 'open'> {
  return action === 'accept' ? 'accepted' : action === 'counter' ? 'countered' : 'declined';
}

/** Why the viewer may not answer this message as a bid (only the seller answers an open bid), or null. */
export function bidAnswerRefusal(m: Pick<MessageView, 'bid' | 'mine'>): AppError | null {
  if (!m.bid) return new AppError('BAD_REQUEST', chatMessages.thisMessageIsNotABid);
  if (m.mine) return new AppError('FORBIDDEN', chatMessages.onlyTheSellerCanAnswerThis);
  if (m.bid.status !== 'open') return new AppError('CONFLICT', BID_ANSWERED);
  return null;
}

/**
 * Whether the viewer may order at this quote: only the buyer, only an open quote the seller has not
 * changed. A quote ordered already is refused, except for a retry of the same acceptance (an
 * idempotency key), which answers its order: `{ retryOf }`.
 */
export function quoteOrderCheck(m: Pick<MessageView, 'quote' | 'mine' | 'isEdited'>, idempotencyKey: string | null | undefined): { retryOf: string } | null {
  const quote = m.quote;
  if (!quote) throw new AppError('BAD_REQUEST', chatMessages.thisMessageIsNotAQuote);
  if (m.mine) throw new AppError('FORBIDDEN', chatMessages.onlyTheBuyerCanAcceptThis);
  if (quote.status === 'ordered') {
    if (idempotencyKey && quote.orderId) return { retryOf: quote.orderId };
    throw new AppError('CONFLICT', chatMessages.thisQuoteHasAlreadyBeenOrdered);
  }
  if (quote.status === 'expired') throw new AppError('CONFLICT', chatMessages.thisQuoteHasExpired);
  if (m.isEdited) throw new AppError('CONFLICT', chatMessages.thisQuoteWasChangedByThe);
  return null;
}

/**
 * Runs in the transaction that orders a quote, after the quote is marked ordered, and may refuse (which orders
 * nothing): the requirements module fulfils the requirement a quote answered, whichever screen ordered it.
 */
export type QuoteOrderedHook = (tx: EntityManager, quoteMessageId: string, orderId: string) => Promise<void>;

export interface ChatOffersDeps {
  store: ConversationStore;
  writer: MessageWriter;
  orders: Pick<OrderService, 'getOrder' | 'buyQuoted'>;
  /** Reads the catalogue without the unit of work. */
  db: SqlRunner;
  clock: Clock;
}

/**
 * Offers in a conversation (docs/product.md#chat): a seller's quotes, a buyer's bids and the
 * seller's answer to one (accept, counter or decline), and a quote becoming an order through the
 * orders service (one order per quote).
 */
export class ChatOffers {
  private readonly quoteOrderedHooks: QuoteOrderedHook[] = [];

  constructor(private readonly deps: ChatOffersDeps) {}

  /** `hook` runs in every quote's order transaction (QuoteOrderedHook). */
  onQuoteOrdered(hook: QuoteOrderedHook): void {
    this.quoteOrderedHooks.push(hook);
  }

  /** A product buyers can see (for an inquiry, a bid or a quote). */
  async visibleProduct(productId: string): Promise<CatalogueProduct> {
    const [product] = await readCatalogueProducts(this.deps.db, [productId]);
    if (!product || product.deleted || !product.enabled || product.seller_deleted) throw notFound(PRODUCT_NOT_FOUND);
    return product;
  }

  /** The seller `me` quotes one of their products to `input.userId` (answering one of their open bids, perhaps). */
  async quote(ctx: RequestContext, me: string, input: z.infer<typeof quoteInput>): Promise<MessageView> {
    const other = await this.deps.store.parties(ctx.em, me, input.userId);
    const product = await this.visibleProduct(input.productId);
    if (product.seller_id !== me) throw new AppError('FORBIDDEN', chatMessages.youCanOnlyQuoteYourOwn);
    if (input.bidMessageId) await this.openBidFor(ctx.em, input.bidMessageId, me, other.id);
    const offer = { productId: product.id, productTitle: product.title, unit: product.unit, quantity: input.quantity, unitPricePaise: input.unitPricePaise };
    return this.deps.writer.post(ctx, me, other.id, {
      kind: 'quote',
      content: input.note ?? offerSummary('quote', offer),
      clientMessageId: null,
      offer: { ...offer, kind: 'quote', note: input.note ?? null, validDays: input.validDays, bidMessageId: input.bidMessageId ?? null },
    });
  }

  /**
   * The seller `me` quotes one of their products to a buyer's requirement (the requirements module):
   * a quote card in their conversation (opened by it when there was none), valid for some hours;
   * `alsoInTx` runs in the transaction that stores it and may refuse, which writes nothing.
   */
  async requirementQuote(
    ctx: RequestContext,
    me: string,
    buyerId: string,
    input: { productId: string; quantity: number; unitPricePaise: string; note: string | null; validHours: number },
    alsoInTx: AlsoInTx,
  ): Promise<MessageView> {
    const product = await this.visibleProduct(input.productId);
    if (product.seller_id !== me) throw new AppError('FORBIDDEN', chatMessages.youCanOnlyQuoteYourOwn);
    const offer = { productId: product.id, productTitle: product.title, unit: product.unit, quantity: input.quantity, unitPricePaise: input.unitPricePaise };
    return this.deps.writer.post(
      ctx,
      me,
      buyerId,
      { kind: 'quote', content: input.note ?? offerSummary('quote', offer), clientMessageId: null, offer: { ...offer, kind: 'quote', note: input.note, validDays: null, validHours: input.validHours, bidMessageId: null } },
      alsoInTx,
    );
  }

  /** The buyer `me` bids on a product: it arrives in the conversation with its seller. */
  async bid(ctx: RequestContext, me: string, input: z.infer<typeof bidInput>): Promise<MessageView> {
    const product = await this.visibleProduct(input.productId);
    if (product.seller_id === me) throw new AppError('FORBIDDEN', chatMessages.youCannotBidOnYourOwn);
    const other = await this.deps.store.parties(ctx.em, me, product.seller_id);
    const offer = { productId: product.id, productTitle: product.title, unit: product.unit, quantity: input.quantity, unitPricePaise: input.unitPricePaise };
    return this.deps.writer.post(ctx, me, other.id, {
      kind: 'bid',
      content: input.note ?? offerSummary('bid', offer),
      clientMessageId: input.clientMessageId ?? null,
      offer: { ...offer, kind: 'bid', note: input.note ?? null, validDays: null, bidMessageId: null },
    });
  }

  /**
   * The seller answers an open bid: accept (a quote at the bid's price), counter (a quote at another
   * price) or decline. The bid's status changes and, for accept and counter, the quote is sent, in
   * one transaction. Answers the bid as it now is.
   */
  async answerBid(ctx: RequestContext, me: string, input: z.infer<typeof bidResponseInput>): Promise<MessageView> {
    const { store, writer } = this.deps;
    const bid = await store.message(ctx.em, input.messageId, me);
    const refusal = bidAnswerRefusal(bid);
    if (refusal) throw refusal;
    const other = await store.parties(ctx.em, me, bid.senderId);
    const blocked = contactRefusal(other);
    if (blocked) throw blocked;
    const status = bidStatusAfter(input.action);
    const claim = async (tx: EntityManager, quoteId: string | null) => {
      const rows = await tx.execute(`update chat_offers set status = ?, quote_message_id = ? where message_id = ? and kind = 'bid' and status = 'open' returning 1`, [
        status,
        quoteId,
        bid.id,
      ]);
      if (!rows.length) throw new AppError('CONFLICT', BID_ANSWERED);
      await writer.changed(tx, bid.conversationId, 'bid_changed', bid.id, me);
    };
    if (input.action === 'decline') {
      await ctx.em.transactional((tx) => claim(tx, null));
    } else {
      const product = await this.visibleProduct(bid.bid!.productId);
      const offer = { productId: product.id, productTitle: product.title, unit: product.unit, quantity: bid.bid!.quantity, unitPricePaise: input.unitPricePaise ?? bid.bid!.unitPricePaise };
      await writer.post(
        ctx,
        me,
        other.id,
        {
          kind: 'quote',
          content: offerSummary('quote', offer),
          clientMessageId: null,
          offer: { ...offer, kind: 'quote', note: null, validDays: input.validDays, bidMessageId: bid.id },
        },
        claim,
      );
    }
    return store.message(ctx.em, bid.id, me);
  }

  /**
   * The buyer `me` accepts a quote: an order at the quoted price through the orders service (the same
   * stock and idempotency rules), and the quote marked ordered in the same transaction (one order
   * per quote: a second accept is refused), with the QuoteOrderedHooks. Expired, changed or someone else's quotes are
   * refused.
   */
  async orderQuote(ctx: RequestContext, me: string, messageId: string, idempotencyKey: string | null | undefined): Promise<OrderView> {
    const { store, writer, orders, clock } = this.deps;
    const message = await store.message(ctx.em, messageId, me);
    const retry = quoteOrderCheck(message, idempotencyKey);
    if (retry) return orders.getOrder(ctx, retry.retryOf);
    const blocked = contactRefusal(await store.parties(ctx.em, me, message.senderId));
    if (blocked) throw blocked;
    const quote = message.quote!;
    return orders.buyQuoted(
      ctx,
      { productId: quote.productId, quantity: quote.quantity, idempotencyKey },
      { unitPricePaise: quote.unitPricePaise, sellerId: message.senderId, reference: message.id },
      async (tx, orderId) => {
        const rows = await tx.execute(
          `update chat_offers set status = 'ordered', order_id = ? where message_id = ? and kind = 'quote' and status = 'open' and valid_until > ? returning 1`,
          [orderId, message.id, clock.now()],
        );
        if (!rows.length) throw new AppError('CONFLICT', chatMessages.thisQuoteHasAlreadyBeenOrdered);
        await writer.changed(tx, message.conversationId, 'quote_ordered', message.id, me);
        for (const hook of this.quoteOrderedHooks) await hook(tx, message.id, orderId);
      },
    );
  }

  /**
   * Open quotes that no longer stand (a requirement's quote replaced by a newer one, or its requirement closed or
   * fulfilled) end now, in the caller's transaction: each card shows as expired, live, and cannot be ordered.
   */
  async withdrawQuotes(tx: EntityManager, messageIds: string[]): Promise<void> {
    if (!messageIds.length) return;
    const now = this.deps.clock.now();
    const ended = await tx.execute<Array<{ id: string; conversation_id: string; sender_id: string }>>(
      `update chat_offers o set valid_until = ? from chat_messages m
        where m.id = o.message_id and o.message_id = any(?::uuid[]) and o.kind = 'quote' and o.status = 'open' and o.valid_until > ?
        returning m.id, m.conversation_id, m.sender_id`,
      [now, uuidArray(messageIds), now],
    );
    for (const m of ended) await this.deps.writer.changed(tx, m.conversation_id, 'quote_withdrawn', m.id, m.sender_id);
  }

  /** A bid `buyerId` sent to the seller that is still open (a quote may answer it). */
  private async openBidFor(em: EntityManager, bidId: string, sellerId: string, buyerId: string): Promise<void> {
    const bid = await this.deps.store.message(em, bidId, sellerId);
    if (!bid.bid || bid.senderId !== buyerId) throw notFound(MESSAGE_NOT_FOUND);
    if (bid.bid.status !== 'open') throw new AppError('CONFLICT', BID_ANSWERED);
  }
}
