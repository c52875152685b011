import type { MailSender } from '../../adapters/mail/mail-sender.js';
import type { Infra } from '../../app/infra.js';
import type { AppModule } from '../../app/module.js';
import type { AuthService } from '../auth/auth.service.js';
import type { Storage } from '../../adapters/storage/storage.js';
import type { ImageUrls, ProductMediaStore, ProductStock } from '../products/products.public.js';
import { Order } from './order.entity.js';
import { registerOrderJobs } from './orders.jobs.js';
import { orderLiveRoute } from './orders.live.js';
import { OrdersResolver } from './orders.resolver.js';
import { orderRoutes, orderUploadRoutes } from './orders.routes.js';
import { PaymentScreenshots } from './payment-screenshots.js';
import { routeOf } from '../../outbox/outbox.js';
import { orderChanged, ORDERS_QUEUE } from './order-events.js';
import { orderNotifiable } from './order-notifiable.js';
import { OrderService, type OrderServiceDeps } from './orders.service.js';

/** Orders: buy now with real stock, the order lifecycle, live order events. */
/** The services this module's routes, jobs and seed take (each names its own). */
type OrdersDeps = { orders: OrderService; storage: Storage; infra: Pick<Infra, 'queues' | 'orm' | 'config'> };

export const ordersModule: AppModule<OrdersDeps> = {
  name: 'orders',
  entities: [Order],
  resolvers: [OrdersResolver],
  routes: orderRoutes,
  rawRoutes: orderUploadRoutes,
  // Each committed order event: the worker's job (emails, payment window) and both parties' live events.
  topics: [routeOf(orderChanged, ORDERS_QUEUE, orderLiveRoute)],
  // ... and the notices of those the change concerns (new order, payment, status), by push and WhatsApp.
  notifiable: [orderNotifiable],
  jobs: registerOrderJobs,
};

/** The order service, given the catalogue's stock and thumbnails and the search module's purchase signal. */
export function createOrderServices(
  infra: Infra,
  deps: {
    auth: AuthService;
    business: OrderServiceDeps['business'];
    stock: ProductStock;
    media: ProductMediaStore;
    thumbnailUrls: (key: string) => ImageUrls;
    mail: MailSender;
    recordPurchase: (userId: string, productId: string) => Promise<void>;
  },
) {
  const { config } = infra;
  const { media, ...rest } = deps;
  const orders = new OrderService({
    ...rest,
    screenshots: new PaymentScreenshots(media),
    queues: infra.queues,
    clock: infra.clock,
    log: infra.log,
    publicUrl: config.PUBLIC_URL,
    paymentWindowHours: config.ORDER_PAYMENT_WINDOW_HOURS,
  });
  return { orders };
}
export type OrderServices = ReturnType<typeof createOrderServices>;
