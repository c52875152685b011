import { Arg, Ctx, ID, Int, Mutation, Query, Resolver, Root, Subscription, type SubscribeResolverData } from 'type-graphql';
import type { GqlContext } from '../../graphql/context.js';
import type { LiveDeps } from '../../graphql/live.js';
import { orderEvents } from './orders.live.js';
import type { OrderAction, OrderService } from './orders.service.js';
import { OrderChangesType, OrderEventType, OrderType, OrderPageType, OrderPaymentType, toOrderType, toOrderPaymentType } from './orders.types.js';

/** What these resolvers use of the services. */
type Context = GqlContext<{ orders: OrderService } & LiveDeps>;

/** Orders over GraphQL: the same service calls as the REST shim (docs/product.md#orders). */
@Resolver()
export class OrdersResolver {
  @Query(() => OrderPageType, { description: "The viewer's purchases, newest first" })
  async myOrders(
    @Arg('limit', () => Int, { nullable: true }) limit: number | undefined,
    @Arg('offset', () => Int, { nullable: true }) offset: number | undefined,
    @Ctx() { ctx, services }: Context,
  ): Promise<OrderPageType> {
    const page = await services.orders.listAsBuyer(ctx, { limit, offset });
    return { ...page, items: page.items.map(toOrderType) };
  }

  @Query(() => OrderPageType, { description: "Orders of the viewer's products, newest first" })
  async sellerOrders(
    @Arg('limit', () => Int, { nullable: true }) limit: number | undefined,
    @Arg('offset', () => Int, { nullable: true }) offset: number | undefined,
    @Ctx() { ctx, services }: Context,
  ): Promise<OrderPageType> {
    const page = await services.orders.listAsSeller(ctx, { limit, offset });
    return { ...page, items: page.items.map(toOrderType) };
  }

  @Query(() => OrderType, { description: 'One order of the viewer (as buyer or seller)' })
  async order(@Arg('id', () => ID) id: string, @Ctx() { ctx, services }: Context): Promise<OrderType> {
    return toOrderType(await services.orders.getOrder(ctx, id));
  }

  @Query(() => OrderChangesType, { description: "The viewer's orders changed after live position `after` (refetch after a reconnect)" })
  async ordersAfter(@Arg('after') after: string, @Ctx() { ctx, services }: Context): Promise<OrderChangesType> {
    const changes = await services.orders.changesAfter(ctx, { after });
    return { position: changes.position, items: changes.items.map(toOrderType) };
  }

  @Mutation(() => OrderType, { description: 'Buys a buy-now product; quantity defaults to its minimum order. Pass a fresh idempotencyKey per purchase attempt' })
  async buyNow(
    @Arg('productId', () => ID) productId: string,
    @Arg('quantity', () => Int, { nullable: true }) quantity: number | undefined,
    @Arg('idempotencyKey', () => String, { nullable: true }) idempotencyKey: string | undefined,
    @Ctx() { ctx, services }: Context,
  ): Promise<OrderType> {
    return toOrderType(await services.orders.buyNow(ctx, { productId, quantity: quantity ?? undefined, idempotencyKey }));
  }

  @Query(() => OrderPaymentType, { description: "How the buyer pays an order: the seller's UPI link and QR, else bank details, else ask in chat" })
  async orderPayment(@Arg('orderId', () => ID) orderId: string, @Ctx() { ctx, services }: Context): Promise<OrderPaymentType> {
    return toOrderPaymentType(await services.orders.payment(ctx, orderId));
  }

  @Mutation(() => OrderType, { description: 'The buyer says they paid (outside the app), with the 12-digit UPI transaction reference when known: unpaid -> payment_sent' })
  async confirmOrderPayment(
    @Arg('orderId', () => ID) orderId: string,
    @Arg('utr', () => String, { nullable: true }) utr: string | undefined,
    @Ctx() { ctx, services }: Context,
  ): Promise<OrderType> {
    return toOrderType(await services.orders.act(ctx, 'confirm_payment', { orderId, utr }));
  }

  @Mutation(() => OrderType, { description: "The seller's mark: the payment arrived (payment_sent -> delivery_pending; the invoice follows)" })
  markOrderPaymentReceived(@Arg('orderId', () => ID) orderId: string, @Ctx() gql: Context): Promise<OrderType> {
    return act(gql, 'payment_received', orderId);
  }

  @Mutation(() => OrderType, { description: "The seller's mark: the payment did not arrive (payment_sent -> unpaid; the buyer is told, the payment window opens again)" })
  markOrderPaymentNotReceived(@Arg('orderId', () => ID) orderId: string, @Ctx() gql: Context): Promise<OrderType> {
    return act(gql, 'payment_not_received', orderId);
  }

  @Mutation(() => OrderType, { description: 'The seller confirms dispatch/delivery: delivery_pending -> delivered' })
  confirmOrderDelivery(@Arg('orderId', () => ID) orderId: string, @Ctx() gql: Context): Promise<OrderType> {
    return act(gql, 'confirm_delivery', orderId);
  }

  @Mutation(() => OrderType, { description: 'The buyer cancels an unpaid order (the stock goes back)' })
  cancelOrder(@Arg('orderId', () => ID) orderId: string, @Ctx() gql: Context): Promise<OrderType> {
    return act(gql, 'cancel', orderId);
  }

  @Mutation(() => OrderType, { description: 'The seller declines an unpaid order (the stock goes back)' })
  declineOrder(@Arg('orderId', () => ID) orderId: string, @Ctx() gql: Context): Promise<OrderType> {
    return act(gql, 'decline', orderId);
  }

  @Subscription(() => OrderEventType, {
    description: "The viewer's own order events, as buyer and as seller, each with the viewer's position; refused without a session",
    subscribe: ({ context }: SubscribeResolverData<unknown, Record<string, never>, Context>) => orderEvents(context),
  })
  orderEvents(@Root() event: OrderEventType): OrderEventType {
    return event;
  }
}

async function act({ ctx, services }: Context, action: OrderAction, orderId: string): Promise<OrderType> {
  return toOrderType(await services.orders.act(ctx, action, { orderId }));
}
