import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router';
import { appRoutes, preloadScreens } from '../app/router';
import { SessionProvider } from '../features/auth/session-context';
import { MeDocument, OrderEventsDocument, SellerOrdersDocument, type SessionUserFragment } from '../graphql/generated';

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
 * What every logged-in screen asks for the top bar's order badge: the seller's orders (none unless a
 * test gives its own answer first) and the live order events (none arrive).
 */
export const orderBadgeMocks: MockLink.MockedResponse[] = [
  {
    request: { query: SellerOrdersDocument, variables: () => true },
    result: { data: { sellerOrders: { __typename: 'OrderPage', totalCount: 0, items: [] } } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  },
  { request: { query: OrderEventsDocument }, result: { data: null }, delay: 2 ** 31 - 1, maxUsageCount: Number.POSITIVE_INFINITY },
];

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
    <MockedProvider mocks={[...mocks, meMock(me), ...orderBadgeMocks]}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </MockedProvider>,
  );
  return { ...utils, router, user };
}
