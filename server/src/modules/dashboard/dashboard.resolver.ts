import { Ctx, Query, Resolver } from 'type-graphql';
import type { GqlContext } from '../../graphql/context.js';
import { SellerFiguresType } from './dashboard.types.js';

@Resolver()
export class DashboardResolver {
  @Query(() => SellerFiguresType, { description: "The viewer's own figures as a seller: orders to act on, unread messages, listings on and off" })
  sellerFigures(@Ctx() { ctx, services }: GqlContext): Promise<SellerFiguresType> {
    return services.dashboard.sellerFigures(ctx);
  }
}
