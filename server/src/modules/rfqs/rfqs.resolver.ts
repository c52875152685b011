import { Arg, Ctx, ID, Int, Mutation, Query, Resolver, Root, Subscription, type SubscribeResolverData } from 'type-graphql';
import type { GqlContext } from '../../graphql/context.js';
import { OrderType, toOrderType } from '../orders/orders.types.js';
import { rfqEvents, type RfqLiveDeps } from './rfqs.live.js';
import { RfqChangesType, RfqDraftType, RfqEventType, RfqPageType, RfqQuoteType, RfqType } from './rfqs.types.js';

/** What these resolvers use of the services. */
type Context = GqlContext<RfqLiveDeps>;

/** Buy requirements over GraphQL: the same service calls as the REST shim (docs/product.md#buy-requirements). */
@Resolver()
export class RfqsResolver {
  @Query(() => RfqDraftType, { description: "What the buyer's words say, as a requirement's fields (the draft's chips)" })
  rfqDraft(@Arg('text') text: string, @Ctx() { ctx, services }: Context): Promise<RfqDraftType> {
    return services.rfqs.draft(ctx, { text });
  }

  @Mutation(() => RfqType, { description: 'Posts a requirement; matched sellers hear of it live' })
  postRfq(
    @Arg('text') text: string,
    @Arg('quantity', () => Int) quantity: number,
    @Arg('unit', () => String, { nullable: true }) unit: string | undefined,
    @Arg('category', () => String, { nullable: true }) category: string | undefined,
    @Arg('maxUnitPricePaise', () => String, { nullable: true }) maxUnitPricePaise: string | undefined,
    @Arg('city', () => String, { nullable: true }) city: string | undefined,
    @Arg('state', () => String, { nullable: true }) state: string | undefined,
    @Arg('neededBy', () => String, { nullable: true, description: 'YYYY-MM-DD' }) neededBy: string | undefined,
    @Arg('condition', () => String, { nullable: true, description: 'new or used' }) condition: string | undefined,
    @Arg('notes', () => String, { nullable: true }) notes: string | undefined,
    @Arg('expiresInDays', () => Int, { nullable: true, description: '1 to 14 (3)' }) expiresInDays: number | undefined,
    @Arg('clientKey', () => String, { nullable: true, description: "The device's id of this posting (a UUID): posted again, it answers the requirement already posted" }) clientKey: string | undefined,
    @Ctx() { ctx, services }: Context,
  ): Promise<RfqType> {
    return services.rfqs.create(ctx, { text, quantity, unit, category, maxUnitPricePaise, city, state, neededBy, condition, notes, expiresInDays, clientKey });
  }

  @Query(() => [RfqType], { description: "The viewer's requirements, newest first, each with its quotes" })
  myRfqs(@Ctx() { ctx, services }: Context): Promise<RfqType[]> {
    return services.rfqs.mine(ctx);
  }

  @Query(() => RfqType, { description: "One requirement: the buyer's view or a matched seller's" })
  rfq(@Arg('id', () => ID) id: string, @Ctx() { ctx, services }: Context): Promise<RfqType> {
    return services.rfqs.get(ctx, id);
  }

  @Query(() => [RfqQuoteType], { description: "The current quotes of the viewer's requirement, cheapest total first (the buyer only)" })
  rfqQuotes(@Arg('id', () => ID) id: string, @Ctx() { ctx, services }: Context): Promise<RfqQuoteType[]> {
    return services.rfqs.quotes(ctx, id);
  }

  @Query(() => RfqPageType, { description: "The seller's requirements inbox, newest first" })
  sellerRfqs(
    @Arg('limit', () => Int, { nullable: true }) limit: number | undefined,
    @Arg('offset', () => Int, { nullable: true }) offset: number | undefined,
    @Ctx() { ctx, services }: Context,
  ): Promise<RfqPageType> {
    return services.rfqs.inbox(ctx, { limit, offset });
  }

  @Query(() => RfqChangesType, { description: "The viewer's requirements changed after a live position (the refetch after a reconnect)" })
  rfqChanges(@Arg('after') after: string, @Ctx() { ctx, services }: Context): Promise<RfqChangesType> {
    return services.rfqs.changesAfter(ctx, { after });
  }

  @Mutation(() => RfqType, { description: 'The buyer closes an open requirement' })
  closeRfq(@Arg('id', () => ID) id: string, @Ctx() { ctx, services }: Context): Promise<RfqType> {
    return services.rfqs.close(ctx, id);
  }

  @Mutation(() => RfqQuoteType, { description: 'A matched seller quotes (a second quote replaces the first); it appears in the chat with the buyer' })
  quoteRfq(
    @Arg('rfqId', () => ID) rfqId: string,
    @Arg('unitPricePaise') unitPricePaise: string,
    @Arg('quantity', () => Int) quantity: number,
    @Arg('deliveryDays', () => Int) deliveryDays: number,
    @Arg('validHours', () => Int, { nullable: true, description: '1 to 336 (72)' }) validHours: number | undefined,
    @Arg('note', () => String, { nullable: true }) note: string | undefined,
    @Arg('productId', () => ID, { nullable: true, description: 'The listing quoted from (the best match when left out)' }) productId: string | undefined,
    @Ctx() { ctx, services }: Context,
  ): Promise<RfqQuoteType> {
    return services.rfqs.quote(ctx, { rfqId, unitPricePaise, quantity, deliveryDays, validHours, note, productId });
  }

  @Mutation(() => RfqType, { description: 'A matched seller declines: not_my_goods, cannot_deliver_there or price_too_low' })
  declineRfq(@Arg('rfqId', () => ID) rfqId: string, @Arg('reason') reason: string, @Ctx() { ctx, services }: Context): Promise<RfqType> {
    return services.rfqs.decline(ctx, { rfqId, reason });
  }

  @Mutation(() => OrderType, { description: "The buyer accepts a quote: an order at the quote's terms; the requirement is fulfilled" })
  async acceptRfqQuote(
    @Arg('rfqId', () => ID) rfqId: string,
    @Arg('quoteId', () => ID) quoteId: string,
    @Arg('idempotencyKey', () => String, { nullable: true }) idempotencyKey: string | undefined,
    @Ctx() { ctx, services }: Context,
  ): Promise<OrderType> {
    return toOrderType(await services.rfqs.accept(ctx, { rfqId, quoteId }, idempotencyKey));
  }

  @Subscription(() => RfqEventType, {
    description: "The viewer's requirement events (as buyer and as matched seller), each with the viewer's position; refused without a session",
    subscribe: ({ context }: SubscribeResolverData<unknown, Record<string, never>, Context>) => rfqEvents(context),
  })
  rfqEvents(@Root() event: RfqEventType): RfqEventType {
    return event;
  }
}
