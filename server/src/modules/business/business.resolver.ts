import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { GqlContext } from '../../graphql/context.js';
import type { BusinessService } from './business.service.js';
import {
  BuyerBillingInput,
  BuyerBillingType,
  IndianStateType,
  SellerBusinessInput,
  SellerBusinessType,
  toBuyerBillingType,
  toSellerBusinessType,
} from './business.types.js';
import { INDIAN_STATES } from './indian-states.js';

/** What these resolvers use of the services. */
type Context = GqlContext<{ business: BusinessService }>;

/** Business details over GraphQL: the same service calls as the REST shim (docs/product.md#business-details). */
@Resolver()
export class BusinessResolver {
  @Query(() => SellerBusinessType, { nullable: true, description: "The viewer's business details as a seller (null until given)" })
  async sellerBusiness(@Ctx() { ctx, services }: Context): Promise<SellerBusinessType | null> {
    const b = await services.business.mySellerBusiness(ctx);
    return b && toSellerBusinessType(b, ctx.locale);
  }

  @Mutation(() => SellerBusinessType, { description: "Saves the viewer's business details as a seller (every field; those left out are cleared)" })
  async saveSellerBusiness(@Arg('input') input: SellerBusinessInput, @Ctx() { ctx, services }: Context): Promise<SellerBusinessType> {
    return toSellerBusinessType(await services.business.saveSellerBusiness(ctx, input), ctx.locale);
  }

  @Query(() => BuyerBillingType, { nullable: true, description: "The viewer's billing details as a buyer (null until given)" })
  async buyerBilling(@Ctx() { ctx, services }: Context): Promise<BuyerBillingType | null> {
    const b = await services.business.myBuyerBilling(ctx);
    return b && toBuyerBillingType(b, ctx.locale);
  }

  @Mutation(() => BuyerBillingType, { description: "Saves the viewer's billing details as a buyer" })
  async saveBuyerBilling(@Arg('input') input: BuyerBillingInput, @Ctx() { ctx, services }: Context): Promise<BuyerBillingType> {
    return toBuyerBillingType(await services.business.saveBuyerBilling(ctx, input), ctx.locale);
  }

  @Query(() => [IndianStateType], { description: "India's states and union territories with their GST codes" })
  indianStates(@Ctx() { ctx }: Context): IndianStateType[] {
    return INDIAN_STATES.map((s) => ({ code: s.code, name: s[ctx.locale] }));
  }
}
