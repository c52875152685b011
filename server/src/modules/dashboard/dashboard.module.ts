import type { AppModule } from '../../app/module.js';
import type { ChatService } from '../chat/chat.service.js';
import type { OrderService } from '../orders/orders.service.js';
import type { ProductService } from '../products/products.service.js';
import { DashboardResolver } from './dashboard.resolver.js';
import { dashboardRoutes } from './dashboard.routes.js';
import { DashboardService } from './dashboard.service.js';

/** The seller's dashboard figures, each read by the module that owns it (products, orders, chat). */
/** The services this module's routes, jobs and seed take (each names its own). */
type DashboardDeps = { dashboard: DashboardService };

export const dashboardModule: AppModule<DashboardDeps> = {
  name: 'dashboard',
  resolvers: [DashboardResolver],
  routes: dashboardRoutes,
};

export function createDashboardServices(deps: { products: ProductService; orders: OrderService; chat: ChatService }) {
  return { dashboard: new DashboardService(deps) };
}
export type DashboardServices = ReturnType<typeof createDashboardServices>;
