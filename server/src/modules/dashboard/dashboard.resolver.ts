import { Ctx, Query, Resolver } from 'type-graphql';
import type { GqlContext } from '../../graphql/context.js';
import type { DashboardService } from './dashboard.service.js';
import { SellerFiguresType } from './dashboard.types.js';

/** What these resolvers use of the services. */
type Context = GqlContext<{ dashboard: DashboardService }>;

@Resolver()
export class DashboardResolver {
  @Query(() => SellerFiguresType, { description: "The viewer's own figures as a seller: orders to act on, unread messages, listings on and off" })
  sellerFigures(@Ctx() { ctx, services }: Context): Promise<SellerFiguresType> {
    return services.dashboard.sellerFigures(ctx);
  }
}
