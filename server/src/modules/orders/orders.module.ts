import type { AppModule } from '../../app/module.js';
import { Order } from './order.entity.js';
import { registerOrderJobs } from './orders.jobs.js';
import { orderLiveRoute } from './orders.live.js';
import { OrdersResolver } from './orders.resolver.js';
import { orderRoutes } from './orders.routes.js';
import { ORDER_CHANGED, ORDERS_QUEUE } from './orders.service.js';

/** Orders: buy now with real stock, the order lifecycle, live order events. */
export const ordersModule: AppModule = {
  name: 'orders',
  entities: [Order],
  resolvers: [OrdersResolver],
  routes: orderRoutes,
  // Each committed order event: the worker's job (emails, payment window) and both parties' live events.
  topics: { [ORDER_CHANGED]: [ORDERS_QUEUE, orderLiveRoute] },
  jobs: registerOrderJobs,
};
