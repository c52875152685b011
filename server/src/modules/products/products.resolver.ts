import type { FieldNode, GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, ID, Info, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { GqlContext } from '../../graphql/context.js';
import type { ProductService } from './products.service.js';
import { selectedFieldNames } from '../../graphql/selection.js';
import type { SellerPageColumns } from './catalogue-reads.js';
import { LISTED_CATEGORIES } from './categories.js';
import type { ProductView } from './product-view.js';
import type { ProductPage } from './products.service.js';
import {
  CustomQuestionInput,
  CustomQuestionType,
  GenerateQuestionsInput,
  PriceLadderReadingType,
  ProductCategoryType,
  ProductType,
  ProductPageType,
  toCategoryType,
  productCommand,
  UpdateProductInput,
} from './products.types.js';

/** What these resolvers use of the services. */
type Context = GqlContext<{ products: ProductService }>;

/** The fields of a product the seller's list reads (catalogue-reads.ts, SellerPageColumns 'list'). */
const LIST_FIELDS = new Set([
  '__typename', 'id', 'sellerId', 'title', 'productType', 'purchaseType', 'category', 'categoryName', 'pricePaise', 'priceInInr',
  'priceMaxPaise', 'priceMaxInInr', 'minQuantity', 'maxQuantity', 'unit', 'hsnCode', 'gstRate', 'priceTiers', 'soldOut', 'thumbnailUrl', 'thumbnail', 'enabled', 'isOwner', 'createdAt', 'updatedAt',
]);

/**
 * What the seller's list reads for a query (SellerPageColumns): it shows no gallery, description, tags...,
 * so they are read only for a query that asks for them. Worked out once per field of a parsed query (a
 * field node belongs to one document, so its selection and fragments never change).
 */
const columnsByField = new WeakMap<FieldNode, SellerPageColumns>();
function listColumns(info: GraphQLResolveInfo): SellerPageColumns {
  const node = info.fieldNodes.length === 1 ? info.fieldNodes[0] : undefined;
  const kept = node && columnsByField.get(node);
  if (kept) return kept;
  const fields = selectedFieldNames(info, ['items']);
  const columns = [...fields].every((f) => LIST_FIELDS.has(f)) ? 'list' : fields.has('gallery') ? 'all' : 'withoutGallery';
  if (node) columnsByField.set(node, columns);
  return columns;
}

/** The catalogue over GraphQL. Uploads (create, thumbnail, gallery files) go through the REST shim. */
@Resolver()
export class ProductsResolver {
  @Query(() => ProductType, { description: 'A product: enabled ones for everyone, disabled ones for their seller' })
  async product(@Arg('id', () => ID) id: string, @Ctx() { ctx, services }: Context): Promise<ProductView> {
    return services.products.getProduct(ctx, id);
  }

  @Query(() => ProductPageType, { description: "The viewer's own products, newest first (enabled and disabled)" })
  async myProducts(
    @Arg('limit', () => Int, { nullable: true }) limit: number | undefined,
    @Arg('offset', () => Int, { nullable: true }) offset: number | undefined,
    @Ctx() { ctx, services }: Context,
    @Info() info: GraphQLResolveInfo,
  ): Promise<ProductPage> {
    return services.products.listOwn(ctx, { limit, offset }, { columns: listColumns(info) });
  }

  @Query(() => [ProductCategoryType], { description: "The 51 product categories with English and Hindi names, the trade's first" })
  productCategories(): ProductCategoryType[] {
    return LISTED_CATEGORIES.map(toCategoryType);
  }

  @Mutation(() => ProductType, { description: 'Edits a product of the viewer; fields left out keep their values' })
  async updateProduct(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateProductInput) input: UpdateProductInput,
    @Ctx() { ctx, services }: Context,
  ): Promise<ProductView> {
    return services.products.update(ctx, id, productCommand(input));
  }

  @Mutation(() => ProductType)
  async setProductEnabled(
    @Arg('id', () => ID) id: string,
    @Arg('enabled') enabled: boolean,
    @Ctx() { ctx, services }: Context,
  ): Promise<ProductView> {
    return services.products.setEnabled(ctx, id, { enabled });
  }

  @Mutation(() => Boolean)
  deleteProduct(@Arg('id', () => ID) id: string, @Ctx() { ctx, services }: Context): Promise<boolean> {
    return services.products.delete(ctx, id);
  }

  @Mutation(() => ProductType, { description: 'Saves the gallery order; itemIds must name every item once' })
  async reorderProductGallery(
    @Arg('id', () => ID) id: string,
    @Arg('itemIds', () => [ID]) itemIds: string[],
    @Ctx() { ctx, services }: Context,
  ): Promise<ProductView> {
    return services.products.reorderGallery(ctx, id, { itemIds });
  }

  @Mutation(() => ProductType)
  async deleteProductGalleryItem(
    @Arg('id', () => ID) id: string,
    @Arg('itemId', () => ID) itemId: string,
    @Ctx() { ctx, services }: Context,
  ): Promise<ProductView> {
    return services.products.deleteGalleryItem(ctx, id, itemId);
  }

  @Mutation(() => ProductType)
  async setProductQuestions(
    @Arg('id', () => ID) id: string,
    @Arg('questions', () => [CustomQuestionInput]) questions: CustomQuestionInput[],
    @Ctx() { ctx, services }: Context,
  ): Promise<ProductView> {
    return services.products.setQuestions(ctx, id, questions);
  }

  @Query(() => PriceLadderReadingType, { description: "Bands read from a line the seller typed or said ('100 se upar 45, 500 se upar 40'); not saved" })
  readPriceLadder(@Arg('text') text: string, @Ctx() { ctx, services }: Context): Promise<PriceLadderReadingType> {
    return services.products.readPriceLadder(ctx, { text });
  }

  @Mutation(() => [CustomQuestionType], { description: 'Suggests buyer questions (not saved: the seller picks and saves them)' })
  generateProductQuestions(
    @Arg('input', () => GenerateQuestionsInput) input: GenerateQuestionsInput,
    @Ctx() { ctx, services }: Context,
  ): Promise<CustomQuestionType[]> {
    return services.products.generateQuestions(ctx, { description: input.description, title: input.title, category: input.category, productType: input.productType, language: input.language }, input.productId);
  }
}
