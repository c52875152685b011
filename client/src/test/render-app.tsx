import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router';
import { appRoutes, preloadScreens } from '../app/router';
import { createCache } from '../lib/apollo-client';
import { SessionProvider } from '../features/auth';
import {
  ChatEventsDocument,
  ChatTypingDocument,
  ChatTypingEventsDocument,
  ChatUnreadTotalDocument,
  MeDocument,
  OrderEventsDocument,
  OperatorAccessDocument,
  OrdersAfterDocument,
  ProductCategoriesDocument,
  RecommendationsDocument,
  RecordProductViewDocument,
  SellerBadgesDocument,
  SellerFiguresDocument,
  SellerOrdersDocument,
  SpeechToTextAvailableDocument,
  ChatTranslationAvailableDocument,
  type SessionUserFragment,
} from '../graphql/generated';

// Screens are separate chunks in the app; loaded up front here, they render at once as tests expect.
await preloadScreens();

export const TEST_USER: SessionUserFragment & { __typename: 'User' } = {
  __typename: 'User',
  id: '0193a000-0000-7000-8000-000000000001',
  username: 'asha',
  email: 'asha@example.com',
  emailVerified: true,
  language: 'en',
};

/** The session query every app render makes; answers "logged out" unless a user is given. */
export function meMock(user: SessionUserFragment | null = null, times = Number.POSITIVE_INFINITY): MockLink.MockedResponse {
  return {
    request: { query: MeDocument },
    result: { data: { me: user && { __typename: 'User', ...user } } },
    maxUsageCount: times,
  };
}

/**
 * What every logged-in screen asks for the top bar's order badge and chat button: the seller's orders
 * and the unread chat total (none unless a test gives its own answer first), and the live order and
 * chat events (none arrive).
 */
export const orderBadgeMocks: MockLink.MockedResponse[] = [
  {
    request: { query: SellerOrdersDocument, variables: () => true },
    result: { data: { sellerOrders: { __typename: 'OrderPage', totalCount: 0, items: [] } } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  },
  { request: { query: OrderEventsDocument }, result: { data: null }, delay: 2 ** 31 - 1, maxUsageCount: Number.POSITIVE_INFINITY },
  // What changed while the live events were away: nothing (the position asked about stays the newest).
  {
    request: { query: OrdersAfterDocument, variables: () => true },
    result: (v: { after: string }) => ({ data: { ordersAfter: { __typename: 'OrderChanges', position: v.after, items: [] } } }),
    maxUsageCount: Number.POSITIVE_INFINITY,
  },
  // The top bar's chat button: no unread messages, no chat events (unless a test answers first).
  { request: { query: ChatUnreadTotalDocument }, result: { data: { chatUnreadTotal: 0 } }, maxUsageCount: Number.POSITIVE_INFINITY },
  { request: { query: ChatEventsDocument }, result: { data: null }, delay: 2 ** 31 - 1, maxUsageCount: Number.POSITIVE_INFINITY },
  // An open conversation: nobody types (unless a test answers first); the viewer's typing hints are answered.
  { request: { query: ChatTypingEventsDocument }, result: { data: null }, delay: 2 ** 31 - 1, maxUsageCount: Number.POSITIVE_INFINITY },
  { request: { query: ChatTypingDocument, variables: () => true }, result: { data: { chatTyping: true } }, maxUsageCount: Number.POSITIVE_INFINITY },
];

/**
 * What the dashboard and home ask for: no recommendation rows, unless a test gives its own answer
 * first (its mocks come before these).
 */
export const emptyRecommendationsMock: MockLink.MockedResponse = {
  // Any number of rows (the dashboard asks for all, home for its first ones).
  request: { query: RecommendationsDocument, variables: () => true },
  result: { data: { recommendations: { __typename: 'Recommendations', rows: [] } } },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

/** A product page tells recommendations it was viewed (a logged-in buyer): answered, unless a test answers first. */
export const recordProductViewMock: MockLink.MockedResponse = {
  request: { query: RecordProductViewDocument, variables: () => true },
  result: { data: { recordProductView: true } },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

/** The dashboard's shop figures: nothing yet, unless a test answers first. */
/** Whether the viewer is an operator (the menu's console link, a review's Remove): not, unless a test says so first. */
export const notOperatorMock: MockLink.MockedResponse = {
  request: { query: OperatorAccessDocument },
  result: { data: { isOperator: false } },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

/** A seller's compact badges (product pages, chat headers): none, for any user, unless a test says otherwise first. */
export const noBadgesMock: MockLink.MockedResponse = {
  request: { query: SellerBadgesDocument, variables: () => true },
  result: { data: { sellerBadges: [] } },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

export const noSellerFiguresMock: MockLink.MockedResponse = {
  request: { query: SellerFiguresDocument },
  result: { data: { sellerFigures: { __typename: 'SellerFigures', ordersAwaitingPayment: 0, ordersToDeliver: 0, unreadMessages: 0, listingsActive: 0, listingsOff: 0 } } },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

/** The home page's categories: none, unless a test answers first. */
/** The server writes out no spoken words (speech-to-text off, its default): asked where a browser has no recogniser. */
export const speechOffMock: MockLink.MockedResponse = {
  request: { query: SpeechToTextAvailableDocument },
  result: { data: { speechToTextAvailable: false } },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

/** Messages are not translated (translation off, its default). */
export const translationOffMock: MockLink.MockedResponse = {
  request: { query: ChatTranslationAvailableDocument },
  result: { data: { chatTranslationAvailable: false } },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

export const noCategoriesMock: MockLink.MockedResponse = {
  request: { query: ProductCategoriesDocument },
  result: { data: { productCategories: [] } },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

interface RenderAppOptions {
  initialEntries?: InitialEntry[];
  mocks?: ReadonlyArray<MockLink.MockedResponse>;
  /** Answer for the `me` query; defaults to logged out. */
  me?: SessionUserFragment | null;
}

/** Renders the real route table in memory, with mocked GraphQL and the real session provider. */
export function renderApp({ initialEntries = ['/'], mocks = [], me = null }: RenderAppOptions = {}) {
  const router = createMemoryRouter(appRoutes, { initialEntries });
  const user = userEvent.setup();
  const utils = render(
    <MockedProvider cache={createCache()} mocks={[...mocks, meMock(me), ...orderBadgeMocks, emptyRecommendationsMock, recordProductViewMock, noCategoriesMock, noSellerFiguresMock, notOperatorMock, noBadgesMock, speechOffMock, translationOffMock]}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </MockedProvider>,
  );
  return { ...utils, router, user };
}

/**
 * Fills an empty field with `text` as a paste does: focused by a click, then one input event. For a test that is not
 * about typing: `user.type` sends each character's key and input events, and a form re-renders once per character
 * (most of the CPU of the product form tests, which fill the same fields in every test).
 */
export async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  if ((field as HTMLInputElement).value) throw new Error(`fill() is for an empty field; ${field.id || field.tagName} has a value`);
  await user.click(field);
  await user.paste(text);
}
