import type { AppModule } from '../../app/module.js';
import type { ChatService } from '../chat/chat.service.js';
import type { OrderService } from '../orders/orders.service.js';
import type { ProductService } from '../products/products.service.js';
import { DashboardResolver } from './dashboard.resolver.js';
import { dashboardRoutes } from './dashboard.routes.js';
import { DashboardService } from './dashboard.service.js';

/** The seller's dashboard figures, each read by the module that owns it (products, orders, chat). */
export const dashboardModule: AppModule = {
  name: 'dashboard',
  resolvers: [DashboardResolver],
  routes: dashboardRoutes,
};

export function createDashboardServices(deps: { products: ProductService; orders: OrderService; chat: ChatService }) {
  return { dashboard: new DashboardService(deps) };
}
export type DashboardServices = ReturnType<typeof createDashboardServices>;
