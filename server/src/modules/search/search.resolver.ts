import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { GqlContext } from '../../graphql/context.js';
import type { RecommendationService } from './recommendations.service.js';
import type { SearchService } from './search.service.js';
import {
  RecommendationsType,
  AssistantTurnInput,
  AssistantTurnType,
  SearchProductsInput,
  SearchResponseType,
  toAssistantTurnType,
  toRecommendationsType,
  toResponseType,
} from './search.types.js';

/** What these resolvers use of the services. */
type Context = GqlContext<{ search: SearchService; recommendations: RecommendationService }>;

@Resolver()
export class SearchResolver {
  @Query(() => SearchResponseType, { description: 'Searches products by text (understood unless forceOriginal); photo search is POST /products/search' })
  async searchProducts(@Arg('input') input: SearchProductsInput, @Ctx() { ctx, services }: Context): Promise<SearchResponseType> {
    return toResponseType(await services.search.search(ctx, { ...input }), ctx.locale);
  }

  @Mutation(() => AssistantTurnType, { description: 'One turn of the search assistant (what the buyer said or typed); keeps the session on the server' })
  async assistantTurn(@Arg('input') input: AssistantTurnInput, @Ctx() { ctx, services }: Context): Promise<AssistantTurnType> {
    return toAssistantTurnType(await services.search.assistantTurn(ctx, { ...input }), ctx.locale);
  }

  @Mutation(() => AssistantTurnType, { description: 'Removes one filter chip (category, price, productType, purchaseType, location, minQuantity, bulk, sort) and searches again' })
  async removeAssistantFilter(
    @Arg('assistantSessionId', () => ID) assistantSessionId: string,
    @Arg('filter') filter: string,
    @Ctx() { ctx, services }: Context,
  ): Promise<AssistantTurnType> {
    return toAssistantTurnType(await services.search.removeAssistantFilter(ctx, { assistantSessionId, filter }), ctx.locale);
  }

  @Query(() => SearchResponseType, { description: "More results of an assistant session's current search (infinite scroll)" })
  async assistantPage(
    @Arg('assistantSessionId', () => ID) assistantSessionId: string,
    @Arg('offset', () => Int) offset: number,
    @Arg('limit', () => Int, { nullable: true }) limit: number | null,
    @Ctx() { ctx, services }: Context,
  ): Promise<SearchResponseType> {
    return toResponseType(await services.search.assistantPage(ctx, { assistantSessionId, offset, limit }), ctx.locale);
  }

  @Query(() => RecommendationsType, { description: "The home and dashboard rows: from the viewer's history, then popular and new products" })
  async recommendations(
    @Arg('rows', () => Int, { nullable: true, description: 'At most this many rows, 1 to 8 (8 when not given): home asks for 3' }) rows: number | null,
    @Ctx() { ctx, services }: Context,
  ): Promise<RecommendationsType> {
    return toRecommendationsType(await services.recommendations.rows(ctx, rows ?? undefined));
  }

  @Mutation(() => Boolean, { description: 'Records that the viewer opened a product (shapes recommendations); false for visitors' })
  recordProductView(@Arg('productId', () => ID) productId: string, @Ctx() { ctx, services }: Context): Promise<boolean> {
    return services.search.recordView(ctx, { productId });
  }
}
