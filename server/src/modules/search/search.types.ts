import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { paiseToRupees } from '../../common/money.js';
import type { Locale } from '../../common/request-context.js';
import { categoryName } from '../products/products.public.js';
import { ProductType } from '../products/products.types.js';
import type { RecommendationRow } from './recommendations.service.js';
import type { SearchHit, SearchPage } from './search-results.js';
import type { AssistantTurn } from './search.service.js';
import type { SearchFilters } from './understanding/filters.js';

// Plain shapes only: the service's zod schemas do all validation, for GraphQL and REST alike.

@ObjectType('SearchFilters', { description: 'What the words were understood as; each set filter is a chip the buyer can remove' })
export class SearchFiltersType {
  @Field(() => String, { nullable: true, description: 'Category id, e.g. Computers' }) category!: string | null;
  @Field(() => String, { nullable: true, description: "The category's name in the request's language" }) categoryName!: string | null;
  @Field(() => String, { nullable: true, description: 'Rupees with two decimals' }) minPrice!: string | null;
  @Field(() => String, { nullable: true, description: 'Rupees with two decimals' }) maxPrice!: string | null;
  @Field(() => String, { nullable: true, description: 'new or used' }) productType!: string | null;
  @Field(() => String, { nullable: true, description: 'buy_now or inquire' }) purchaseType!: string | null;
  @Field(() => String, { nullable: true, description: 'A city or state' }) location!: string | null;
  @Field(() => Int, { nullable: true, description: 'The seller must supply at least this many' }) minQuantity!: number | null;
  @Field({ description: "Bulk buying ('bulk', 'wholesale', 'thok'): listings whose maximum quantity is under 10 are left out, unless left at the default 1" })
  bulk!: boolean;
  @Field({ description: 'relevance, price_asc, price_desc or newest' }) sort!: string;
}

@ObjectType('SearchResult', { description: 'A product found by search, with what its result card shows (docs/product.md#entities)' })
export class SearchResultType {
  @Field(() => ProductType) product!: ProductType;
  @Field({ description: "'Brand-new in factory packaging' or 'Used - excellent condition'" }) conditionText!: string;
  @Field(() => Int, { description: 'Max quantity, 1 when none' }) maxQty!: number;
  @Field({ description: "The seller's name, 'Unknown seller' when none" }) sellerName!: string;
  @Field(() => [String], {
    description: 'Why it matched: the words of the title (as written) that are a searched word, a plural or synonym of one, or its Hindi spelling; when the title has none, the matching tags, else the description\'s words',
  })
  matchedWords!: string[];
}

@ObjectType('SearchRelaxation', { description: 'What a search left out to find anything (nothing matched every word, or every filter)' })
export class SearchRelaxationType {
  @Field(() => [String], { description: 'Words of the request the results need not carry' }) words!: string[];
  @Field(() => [String], { description: 'Filters not applied: location, minQuantity' }) filters!: string[];
  @Field({ description: "What was left out, in the request's language: 'No aluminium ladder in Pune; here are aluminium ladder elsewhere.'" })
  message!: string;
}

@ObjectType('SearchResponse')
export class SearchResponseType {
  @Field(() => [SearchResultType]) results!: SearchResultType[];
  @Field(() => Int, { description: 'How many products match; when totalCountExact is false, more than this many' }) totalCount!: number;
  @Field({ description: 'False on a broad search whose matches were not all counted: show totalCount as "more than N"' })
  totalCountExact!: boolean;
  @Field({ description: 'The text actually searched' }) queryEnhanced!: string;
  @Field(() => String, { nullable: true, description: "The searched words for a Hindi reader, in Devanagari ('chair' and 'kursi': 'कुर्सी'); null when a word has no Hindi form (a brand, a model)" })
  queryHindi!: string | null;
  @Field(() => Float) processingTimeMs!: number;
  @Field(() => SearchFiltersType) filters!: SearchFiltersType;
  @Field(() => Int) offset!: number;
  @Field(() => Int) limit!: number;
  @Field() hasMore!: boolean;
  @Field(() => SearchRelaxationType, { nullable: true, description: 'What was left out to find anything; null when nothing was' }) relaxed!: SearchRelaxationType | null;
  @Field(() => String, { nullable: true, description: "A question back when the words named nothing to search for ('What are you looking for?')" })
  question!: string | null;
}

@ObjectType('AssistantGstAdded', { simpleResolvers: true })
export class AssistantGstAddedType {
  @Field(() => Int, { description: 'Percent' }) rate!: number;
  @Field({ description: 'Integer paise as text' }) taxPaise!: string;
}

@ObjectType('AssistantPriceAnswer', { description: "What a quantity of the product costs (the assistant's answer to 'how much for 500?')", simpleResolvers: true })
export class AssistantPriceAnswerType {
  @Field(() => ID) productId!: string;
  @Field(() => Int) quantity!: number;
  @Field({ description: 'The unit the quantity counts (piece, kg, ...)' }) unit!: string;
  @Field({ description: 'The unit price of the band the quantity reaches: integer paise as text' }) unitPricePaise!: string;
  @Field({ description: 'The quantity times that price: integer paise as text' }) totalPaise!: string;
  @Field(() => AssistantGstAddedType, { nullable: true, description: "GST added to that total (the seller's prices exclude it); null when included or none" })
  gstAdded!: AssistantGstAddedType | null;
  @Field({ description: 'What an order of this quantity charges: integer paise as text' }) payablePaise!: string;
  @Field(() => Int, { nullable: true, description: 'The quantity that band starts at; null for one price' }) bandFrom!: number | null;
}

@ObjectType('AssistantTurn', { description: "The search assistant's answer to what the buyer said" })
export class AssistantTurnType {
  @Field(() => ID, { description: 'Send it with the next turn to continue this search session' }) assistantSessionId!: string;
  @Field({ description: "new (a new search), refine (the current search changed) or price (a quantity's price on the product page the assistant was opened from; the search is unchanged)" }) kind!: string;
  @Field({ description: 'A short reply, fit to read aloud' }) reply!: string;
  @Field(() => String, { nullable: true, description: 'A follow-up question that would narrow a broad result' }) prompt!: string | null;
  @Field(() => String, { nullable: true, description: 'industry, brand or price' }) promptKind!: string | null;
  @Field(() => SearchResponseType) search!: SearchResponseType;
  @Field(() => AssistantPriceAnswerType, { nullable: true, description: 'A price turn: what the quantity costs' }) price!: AssistantPriceAnswerType | null;
}

@ObjectType('RecommendationRow')
export class RecommendationRowType {
  @Field() title!: string;
  @Field(() => [ProductType], { description: 'Up to 6' }) products!: ProductType[];
}

@ObjectType('Recommendations')
export class RecommendationsType {
  @Field(() => [RecommendationRowType]) rows!: RecommendationRowType[];
}

@InputType()
export class SearchProductsInput {
  @Field(() => String, { nullable: true }) query?: string | null;
  @Field(() => Int, { nullable: true, description: 'Page size, 10 by default' }) limit?: number | null;
  @Field(() => Int, { nullable: true }) offset?: number | null;
  @Field(() => Boolean, { nullable: true, description: 'Search the words as given, without understanding them' }) forceOriginal?: boolean | null;
  @Field(() => [String], { nullable: true, description: 'Understood filters to leave out (chips the buyer removed): category, price, productType, purchaseType, location, minQuantity, bulk, sort' })
  withoutFilters?: string[] | null;
  @Field(() => String, { nullable: true, description: 'Only products in this city (the results page control), over any place the words named' })
  city?: string | null;
  @Field(() => String, { nullable: true, description: 'relevance, price_asc, price_desc or newest (the results page control), over any order the words named' })
  sort?: string | null;
}

@InputType()
export class AssistantTurnInput {
  @Field(() => ID, { nullable: true, description: 'Omit to start a new session' }) assistantSessionId?: string | null;
  @Field({ description: 'What the buyer said or typed' }) text!: string;
  @Field(() => Boolean, { nullable: true }) forceOriginal?: boolean | null;
  @Field(() => ID, { nullable: true, description: "The product page the assistant was opened from: a quantity question ('how much for 500?') is answered with its price" })
  productId?: string | null;
}

export function toFiltersType(f: SearchFilters, locale: Locale): SearchFiltersType {
  return {
    category: f.category ?? null,
    categoryName: f.category ? categoryName(f.category, locale) : null,
    minPrice: f.minPricePaise === undefined ? null : paiseToRupees(f.minPricePaise),
    maxPrice: f.maxPricePaise === undefined ? null : paiseToRupees(f.maxPricePaise),
    productType: f.productType ?? null,
    purchaseType: f.purchaseType ?? null,
    location: f.location ?? null,
    minQuantity: f.minQuantity ?? null,
    bulk: f.bulk === true,
    sort: f.sort ?? 'relevance',
  };
}

export const toResultType = (h: SearchHit): SearchResultType => ({
  product: h.product,
  conditionText: h.conditionText,
  maxQty: h.maxQty,
  sellerName: h.sellerName,
  matchedWords: h.matchedWords,
});

export const toResponseType = (p: SearchPage, locale: Locale): SearchResponseType => ({
  ...p,
  results: p.results.map(toResultType),
  filters: toFiltersType(p.filters, locale),
});

export const toAssistantTurnType = (t: AssistantTurn, locale: Locale): AssistantTurnType => ({ ...t, search: toResponseType(t.search, locale) });

export const toRecommendationsType = (rows: RecommendationRow[]): RecommendationsType => ({
  rows: rows.map((r) => ({ title: r.title, products: r.products })),
});
