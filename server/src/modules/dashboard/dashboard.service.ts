import type { RequestContext } from '../../common/request-context.js';
import type { ChatService } from '../chat/chat.service.js';
import type { OrderService } from '../orders/orders.service.js';
import type { ProductService } from '../products/products.service.js';

/** A seller's own figures (docs/product.md#seller-figures): what waits for them and what buyers cannot see. */
export interface SellerFigures {
  /** Orders whose buyer has yet to pay. */
  ordersAwaitingPayment: number;
  /** Paid orders the seller has yet to deliver. */
  ordersToDeliver: number;
  /** Chat messages the seller has not read, in every conversation. */
  unreadMessages: number;
  listingsActive: number;
  /** Listings switched off: buyers do not see them. */
  listingsOff: number;
}

/** The dashboard's figures, each read by the module that owns it. */
export class DashboardService {
  constructor(private readonly deps: { products: Pick<ProductService, 'countOwn'>; orders: Pick<OrderService, 'sellerWaiting'>; chat: Pick<ChatService, 'unreadTotal'> }) {}

  async sellerFigures(ctx: RequestContext): Promise<SellerFigures> {
    // The orders read first: it refuses a visitor before the others run.
    const waiting = await this.deps.orders.sellerWaiting(ctx);
    const [listings, unreadMessages] = await Promise.all([this.deps.products.countOwn(ctx), this.deps.chat.unreadTotal(ctx)]);
    return {
      ordersAwaitingPayment: waiting.unpaid,
      ordersToDeliver: waiting.toDeliver,
      unreadMessages,
      listingsActive: listings.active,
      listingsOff: listings.off,
    };
  }
}
