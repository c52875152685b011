import type { MockLink } from '@apollo/client/testing';
import {
  RemoveAssistantFilterDocument,
  AskAssistantDocument,
  AssistantPageDocument,
  type AssistantTurnFieldsFragment,
  type SearchResponseFieldsFragment,
  type SearchResultFieldsFragment,
} from '../../../graphql/generated';

export const ASSISTANT_SESSION_ID = '0193b000-0000-7000-8000-0000000000c1';

export function result(n: number, over: Partial<SearchResultFieldsFragment['product']> = {}, sellerBadges: Array<{ kind: string; value: number | null }> = []) {
  const id = `0193b000-0000-7000-8000-${String(n).padStart(12, '0')}`;
  return {
    __typename: 'SearchResult' as const,
    conditionText: 'Used - excellent condition',
    maxQty: 15,
    sellerName: 'pune_traders',
    sellerBadges: sellerBadges.map((b) => ({ __typename: 'SellerBadge' as const, ...b })),
    matchedWords: ['laptop'],
    product: {
      __typename: 'Product' as const,
      id,
      title: `Dell Latitude laptop ${n}`,
      purchaseType: 'buy_now',
      pricePaise: '2450000',
      minQuantity: 1,
      unit: 'piece',
      priceTiers: [],
      category: 'Computers',
      categoryName: 'Computers & Laptops',
      city: 'Pune',
      state: 'Maharashtra',
      thumbnail: { __typename: 'ImageUrls' as const, sm: `/uploads/p${n}-sm.webp`, md: `/uploads/p${n}-md.webp` },
      ...over,
    },
  };
}

export function response(results: ReturnType<typeof result>[], over: Partial<Omit<SearchResponseFieldsFragment, 'results'>> = {}) {
  return {
    __typename: 'SearchResponse' as const,
    totalCount: results.length,
    queryEnhanced: 'laptop',
    queryHindi: 'लैपटॉप',
    hasMore: false,
    offset: 0,
    limit: 10,
    filters: {
      __typename: 'SearchFilters' as const,
      category: 'Computers',
      categoryName: 'Computers & Laptops',
      minPrice: null,
      maxPrice: '30000.00',
      productType: 'used',
      purchaseType: null,
      location: null,
      minQuantity: null,
      bulk: false,
      sort: 'relevance',
    },
    relaxed: null,
    question: null,
    results,
    ...over,
  };
}

export function turn(search: ReturnType<typeof response>, over: Partial<Omit<AssistantTurnFieldsFragment, 'search'>> = {}) {
  return {
    __typename: 'AssistantTurn' as const,
    assistantSessionId: ASSISTANT_SESSION_ID,
    kind: 'new',
    reply: `I found ${search.totalCount} products.`,
    prompt: null,
    promptKind: null,
    price: null,
    search,
    ...over,
  };
}

export const askMock = (message: string, assistantSessionId: string | null, answer: ReturnType<typeof turn>): MockLink.MockedResponse => ({
  request: { query: AskAssistantDocument, variables: { input: { text: message, assistantSessionId } } },
  result: { data: { assistantTurn: answer } },
});

export const removeFilterMock = (filter: string, answer: ReturnType<typeof turn>): MockLink.MockedResponse => ({
  request: { query: RemoveAssistantFilterDocument, variables: { assistantSessionId: ASSISTANT_SESSION_ID, filter } },
  result: { data: { removeAssistantFilter: answer } },
});

export const pageMock = (offset: number, answer: ReturnType<typeof response>): MockLink.MockedResponse => ({
  request: { query: AssistantPageDocument, variables: { assistantSessionId: ASSISTANT_SESSION_ID, offset } },
  result: { data: { assistantPage: answer } },
});
