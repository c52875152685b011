import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { GqlContext } from '../../graphql/context.js';
import {
  RecommendationsType,
  SearchChatInput,
  SearchChatTurnType,
  SearchProductsInput,
  SearchResponseType,
  toChatTurnType,
  toRecommendationsType,
  toResponseType,
} from './search.types.js';

@Resolver()
export class SearchResolver {
  @Query(() => SearchResponseType, { description: 'Searches products by text (understood unless forceOriginal); photo search is POST /products/search' })
  async searchProducts(@Arg('input') input: SearchProductsInput, @Ctx() { ctx, services }: GqlContext): Promise<SearchResponseType> {
    return toResponseType(await services.search.search(ctx, { ...input }), ctx.locale);
  }

  @Mutation(() => SearchChatTurnType, { description: 'One message to the search assistant; keeps the conversation on the server' })
  async searchChat(@Arg('input') input: SearchChatInput, @Ctx() { ctx, services }: GqlContext): Promise<SearchChatTurnType> {
    return toChatTurnType(await services.search.chat(ctx, { ...input }), ctx.locale);
  }

  @Mutation(() => SearchChatTurnType, { description: 'Removes one filter chip (category, price, productType, purchaseType, location, minQuantity, bulk, sort) and searches again' })
  async removeSearchChatFilter(
    @Arg('conversationId', () => ID) conversationId: string,
    @Arg('filter') filter: string,
    @Ctx() { ctx, services }: GqlContext,
  ): Promise<SearchChatTurnType> {
    return toChatTurnType(await services.search.removeChatFilter(ctx, { conversationId, filter }), ctx.locale);
  }

  @Query(() => SearchResponseType, { description: "More results of a conversation's current search (infinite scroll)" })
  async searchChatPage(
    @Arg('conversationId', () => ID) conversationId: string,
    @Arg('offset', () => Int) offset: number,
    @Arg('limit', () => Int, { nullable: true }) limit: number | null,
    @Ctx() { ctx, services }: GqlContext,
  ): Promise<SearchResponseType> {
    return toResponseType(await services.search.chatPage(ctx, { conversationId, offset, limit }), ctx.locale);
  }

  @Query(() => RecommendationsType, { description: "The home and dashboard rows: from the viewer's history, then popular and new products" })
  async recommendations(@Ctx() { ctx, services }: GqlContext): Promise<RecommendationsType> {
    return toRecommendationsType(await services.recommendations.rows(ctx), ctx.locale);
  }

  @Mutation(() => Boolean, { description: 'Records that the viewer opened a product (shapes recommendations); false for visitors' })
  recordProductView(@Arg('productId', () => ID) productId: string, @Ctx() { ctx, services }: GqlContext): Promise<boolean> {
    return services.search.recordView(ctx, { productId });
  }
}
