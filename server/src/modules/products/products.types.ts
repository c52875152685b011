import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { paiseToRupees } from '../../common/money.js';
import type { RequestContext } from '../../common/request-context.js';
import { categoryName, type Category } from './categories.js';
import type { ImageUrls } from './product-media-store.js';
import { isSoldOut, type GalleryItemView, type ProductView } from './product-view.js';
import type { PriceTier } from './price-bands.js';
import type { Unit } from './units.js';
import type { Condition, CustomQuestion, NewOrUsed, PurchaseType } from './product.entity.js';

// The catalogue's output types are plain objects read field by field: `simpleResolvers` leaves their
// fields to GraphQL's default resolver (no middlewares or auth rules apply to them), which graphql-jit
// reads inline instead of calling a type-graphql wrapper per field and item (docs/architecture.md#read-path).
@ObjectType('ImageUrls', { description: 'A picture re-encoded as webp: 320, 800 and 1600 px wide', simpleResolvers: true })
export class ImageUrlsType {
  @Field() sm!: string;
  @Field() md!: string;
  @Field() lg!: string;
}

@ObjectType('GalleryItem', { simpleResolvers: true })
export class GalleryItemType {
  @Field(() => ID) id!: string;
  @Field({ description: 'picture, video, obj or other' }) itemType!: string;
  @Field({ description: 'The large variant of a picture, the file itself otherwise' }) url!: string;
  @Field(() => ImageUrlsType, { nullable: true }) urls!: ImageUrls | null;
  @Field() contentType!: string;
  @Field(() => Int, { description: 'Position in the gallery, from 0' }) order!: number;
}

@ObjectType('CustomQuestion', { simpleResolvers: true })
export class CustomQuestionType {
  @Field(() => ID) id!: string;
  @Field() question!: string;
  @Field({ description: 'YesNo or FreeResponse' }) questionType!: string;
  @Field() mandatory!: boolean;
}

@ObjectType('PriceTier', { description: 'A bulk price band: the unit price from a quantity on', simpleResolvers: true })
export class PriceTierType {
  @Field(() => Int) minQuantity!: number;
  @Field({ description: 'Integer paise, as text' }) unitPricePaise!: string;
}

@ObjectType('PriceLadderReading', { description: 'Bands read from a line the seller typed or said; only a reading, checked when saved' })
export class PriceLadderReadingType {
  @Field(() => [PriceTierType], { description: 'By quantity, rising' }) tiers!: PriceTier[];
  @Field(() => [String], { description: 'Parts of the line that could not be read as a band' }) unread!: string[];
}

@InputType()
export class PriceTierInput {
  @Field(() => Int) minQuantity!: number;
  @Field({ description: 'Integer paise, as text' }) unitPricePaise!: string;
}

/**
 * A product over GraphQL: resolvers return the ProductView itself (the one view of a product), and the
 * fields derived from it (optional here: a view does not carry them) are resolved by
 * `productDerivedFields`. Adding a field to ProductView without adding it here does not compile.
 */
@ObjectType('Product', { simpleResolvers: true })
export class ProductType implements ProductView {
  @Field(() => ID) id!: string;
  @Field(() => ID) sellerId!: string;
  @Field(() => String, { nullable: true }) sellerUsername!: string | null;
  @Field() title!: string;
  @Field() description!: string;
  @Field(() => String, { description: 'new or used' }) productType!: NewOrUsed;
  @Field(() => String, { description: 'buy_now or inquire' }) purchaseType!: PurchaseType;
  @Field(() => String, { nullable: true, description: 'new, like_new, good, fair or poor' }) condition!: Condition | null;
  @Field({ description: 'Category id, e.g. Computers' }) category!: string;
  @Field({ description: "The category's name in the request's language" }) categoryName?: string;
  @Field(() => [String]) tags!: string[];
  @Field(() => String, { nullable: true, description: 'Integer paise, as text' }) pricePaise!: string | null;
  @Field(() => String, { nullable: true, description: 'Rupees with two decimals, e.g. "1234.50"' }) priceInInr?: string | null;
  @Field(() => String, { nullable: true, description: 'The top of a price range (inquire-first listings), integer paise as text' }) priceMaxPaise!: string | null;
  @Field(() => String, { nullable: true, description: 'The top of a price range in rupees, e.g. "1500.00"' }) priceMaxInInr?: string | null;
  @Field(() => Int) minQuantity!: number;
  @Field(() => Int) maxQuantity!: number;
  @Field({ description: 'A buy-now product with no stock left (maxQuantity 0): shown, not buyable until restocked' }) soldOut?: boolean;
  @Field(() => String, { description: 'piece, pair, set, dozen, box, carton, kg, gram, tonne, litre, metre, square_metre, roll or bag' }) unit!: Unit;
  @Field(() => String, { nullable: true, description: 'HSN code: 4, 6 or 8 digits' }) hsnCode!: string | null;
  @Field(() => Int, { nullable: true, description: 'GST rate in percent: 0, 5, 12, 18 or 28 (null in search results)' }) gstRate!: number | null;
  @Field(() => [PriceTierType], { description: 'Bulk price bands, the first at the minimum order (empty: one price)' }) priceTiers!: PriceTier[];
  @Field(() => String, { nullable: true }) city!: string | null;
  @Field(() => String, { nullable: true }) state!: string | null;
  @Field(() => String, { nullable: true }) contact!: string | null;
  @Field(() => String, { nullable: true, description: 'The medium (800 px) thumbnail' }) thumbnailUrl?: string | null;
  @Field(() => ImageUrlsType, { nullable: true }) thumbnail!: ImageUrls | null;
  @Field(() => [GalleryItemType]) gallery!: GalleryItemView[];
  @Field(() => [CustomQuestionType]) customQuestions!: CustomQuestion[];
  @Field() enabled!: boolean;
  @Field({ description: 'The viewer is the seller' }) isOwner!: boolean;
  @Field() createdAt!: Date;
  @Field() updatedAt!: Date;
}

@ObjectType('ProductPage', { simpleResolvers: true })
export class ProductPageType {
  @Field(() => [ProductType]) items!: ProductType[];
  @Field(() => Int) totalCount!: number;
  @Field(() => Int) limit!: number;
  @Field(() => Int) offset!: number;
}

@ObjectType('ProductCategory', { simpleResolvers: true })
export class ProductCategoryType {
  @Field(() => ID) id!: string;
  @Field({ description: 'English display name' }) name!: string;
  @Field({ description: 'Hindi display name' }) nameHi!: string;
  @Field({ description: 'Offered to listings (50 of the 51): the product form, the home page, the search' }) offered!: boolean;
}

// Plain shapes only: the service's zod schemas do all validation, for GraphQL and REST alike.

@InputType()
export class CustomQuestionInput {
  @Field(() => ID, { nullable: true }) id?: string;
  @Field() question!: string;
  @Field({ nullable: true, description: 'YesNo / FreeResponse (yes_no / free_response accepted too)' }) questionType?: string;
  @Field({ nullable: true }) mandatory?: boolean;
}

@InputType({ description: 'Fields to change; fields left out keep their values' })
export class UpdateProductInput {
  @Field({ nullable: true }) title?: string;
  @Field({ nullable: true }) description?: string;
  @Field({ nullable: true }) productType?: string;
  @Field({ nullable: true }) purchaseType?: string;
  @Field(() => String, { nullable: true }) condition?: string | null;
  @Field({ nullable: true }) category?: string;
  @Field(() => [String], { nullable: true }) tags?: string[];
  @Field(() => String, { nullable: true, description: 'Rupees, e.g. "1234.50"; null removes the price' }) price?: string | null;
  @Field(() => String, { nullable: true, description: 'The top of a price range in rupees (inquire-first listings); null removes the range' }) priceMax?: string | null;
  @Field(() => Int, { nullable: true }) minQuantity?: number;
  @Field(() => Int, { nullable: true }) maxQuantity?: number;
  @Field(() => String, { nullable: true }) city?: string | null;
  @Field(() => String, { nullable: true }) state?: string | null;
  @Field(() => String, { nullable: true }) contact?: string | null;
  @Field({ nullable: true }) enabled?: boolean;
  @Field(() => [CustomQuestionInput], { nullable: true }) customQuestions?: CustomQuestionInput[];
  @Field({ nullable: true }) unit?: string;
  @Field(() => String, { nullable: true, description: 'null removes it' }) hsnCode?: string | null;
  @Field(() => Int, { nullable: true }) gstRate?: number;
  @Field(() => [PriceTierInput], { nullable: true, description: 'Every band, the first at the minimum order with the price; [] for one price' }) priceTiers?: PriceTierInput[];
}

@InputType()
export class GenerateQuestionsInput {
  @Field({ nullable: true }) description?: string;
  @Field({ nullable: true }) title?: string;
  @Field({ nullable: true }) category?: string;
  @Field({ nullable: true }) productType?: string;
  @Field({ nullable: true, description: 'en or hi (default: the request language)' }) language?: string;
  @Field(() => ID, { nullable: true, description: "One of the viewer's products: its title, category and description inform the questions" })
  productId?: string;
}

/** GraphQL's input as the catalogue's command (the same names; fields left out stay out). */
export function productCommand(input: UpdateProductInput): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
}

/** A field of Product derived from the view. */
type DerivedField = Exclude<keyof ProductType, keyof ProductView>;

/**
 * The fields of Product derived from the view, as plain GraphQL field resolvers (set on the schema by
 * graphql/schema.ts): compiled queries call them as they would read a property (a type-graphql
 * @FieldResolver's wrapper costs several microseconds a call, and a list of 20 products has 100 such fields).
 */
export const productDerivedFields: { [K in DerivedField]-?: (p: ProductView, args: unknown, gql: { ctx: Pick<RequestContext, 'locale'> }) => NonNullable<ProductType[K]> | null } = {
  categoryName: (p, _args, gql) => categoryName(p.category, gql.ctx.locale),
  priceInInr: (p) => (p.pricePaise === null ? null : paiseToRupees(p.pricePaise)),
  priceMaxInInr: (p) => (p.priceMaxPaise === null ? null : paiseToRupees(p.priceMaxPaise)),
  soldOut: (p) => isSoldOut(p),
  thumbnailUrl: (p) => p.thumbnail?.md ?? null,
};

export const toCategoryType = (c: Category): ProductCategoryType => ({
  id: c.id,
  name: c.name,
  nameHi: c.nameHi,
  offered: c.offered,
});
