import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GraphQLError } from 'graphql';
import { RecommendationsDocument, SellerFiguresDocument } from '../../../graphql/generated';
import { renderApp, TEST_USER } from '../../../test/render-app';
import { LOGGED_IN_STORAGE_KEY } from '../../auth/session-context';

const card = (n: number) => ({
  __typename: 'Product' as const,
  id: `0193c000-0000-7000-8000-${String(n).padStart(12, '0')}`,
  title: `Office chair ${n}`,
  pricePaise: n % 2 ? '649900' : null,
  unit: 'piece',
  minQuantity: n === 3 ? 10 : 1,
  category: 'Furniture',
  categoryName: 'Furniture',
  thumbnail: { __typename: 'ImageUrls' as const, sm: `/uploads/c${n}-sm.webp`, md: `/uploads/c${n}-md.webp` },
});

const recommendations = {
  request: { query: RecommendationsDocument },
  result: {
    data: {
      recommendations: {
        __typename: 'Recommendations' as const,
        rows: [
          { __typename: 'RecommendationRow' as const, title: 'Because you searched for “chair”', products: [1, 2, 3, 4, 5, 6, 7].map(card) },
          { __typename: 'RecommendationRow' as const, title: 'New arrivals', products: [8].map(card) },
        ],
      },
    },
  },
  maxUsageCount: 5,
};

const figures = (f: Partial<Record<'ordersAwaitingPayment' | 'ordersToDeliver' | 'unreadMessages' | 'listingsActive' | 'listingsOff', number>>) => ({
  request: { query: SellerFiguresDocument },
  result: { data: { sellerFigures: { __typename: 'SellerFigures' as const, ordersAwaitingPayment: 0, ordersToDeliver: 0, unreadMessages: 0, listingsActive: 0, listingsOff: 0, ...f } } },
  maxUsageCount: 5,
});
const failing = <T,>(query: T) => ({ request: { query }, result: { errors: [new GraphQLError('Something went wrong', { extensions: { code: 'INTERNAL_SERVER_ERROR' } })] }, maxUsageCount: 5 });

describe('/dashboard', () => {
  it("shows a seller their own figures first, each leading where it is acted on (docs/product.md#seller-figures)", async () => {
    window.localStorage.setItem(LOGGED_IN_STORAGE_KEY, '1');
    renderApp({ initialEntries: ['/dashboard'], me: TEST_USER, mocks: [recommendations, figures({ ordersAwaitingPayment: 1, ordersToDeliver: 2, unreadMessages: 4, listingsActive: 12, listingsOff: 1 })] });
    const shop = await screen.findByRole('region', { name: 'Your shop' });
    const orders = await within(shop).findByRole('link', { name: /orders to act on/ });
    expect(orders).toHaveAttribute('href', '/seller/orders');
    expect(orders).toHaveTextContent('3orders to act on1 awaiting payment · 2 to deliver');
    expect(within(shop).getByRole('link', { name: /unread messages/ })).toHaveAttribute('href', '/chat');
    expect(within(shop).getByRole('link', { name: /listings buyers see/ })).toHaveTextContent('12listings buyers see1 switched off');
    // The shop comes before the recommendations.
    const recommended = screen.getByRole('heading', { level: 2, name: 'Recommended for You' });
    expect(shop.compareDocumentPosition(recommended) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows someone with nothing listed how to start selling', async () => {
    window.localStorage.setItem(LOGGED_IN_STORAGE_KEY, '1');
    renderApp({ initialEntries: ['/dashboard'], me: TEST_USER, mocks: [recommendations, figures({})] });
    const shop = await screen.findByRole('region', { name: 'Your shop' });
    expect(await within(shop).findByText(/You have nothing listed yet/)).toBeInTheDocument();
    // One 'Add product' on the screen: the quick actions', right below (not a second one in the shop).
    expect(within(shop).queryByRole('link', { name: 'Add product' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Add product' })).toHaveLength(1);
  });

  it('says a failure is one, with Try again, never "nothing to recommend"', async () => {
    window.localStorage.setItem(LOGGED_IN_STORAGE_KEY, '1');
    const { user } = renderApp({ initialEntries: ['/dashboard'], me: TEST_USER, mocks: [failing(RecommendationsDocument), failing(SellerFiguresDocument)] });
    const recommended = (await screen.findByRole('heading', { level: 2, name: 'Recommended for You' })).closest('section') as HTMLElement;
    expect(await within(recommended).findByRole('alert')).toHaveTextContent('We could not load your recommendations.');
    expect(within(recommended).queryByText(/Nothing to recommend/)).not.toBeInTheDocument();
    expect(await within(screen.getByRole('region', { name: 'Your shop' })).findByRole('alert')).toHaveTextContent('We could not load your figures.');
    await user.click(within(recommended).getByRole('button', { name: 'Try again' }));
  });

  it('welcomes the user, offers the quick actions and the Recommended for You rows', async () => {
    window.localStorage.setItem(LOGGED_IN_STORAGE_KEY, '1');
    const { user } = renderApp({ initialEntries: ['/dashboard'], me: TEST_USER, mocks: [recommendations, figures({ listingsActive: 1 })] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, asha' })).toBeInTheDocument();
    const actions = screen.getByRole('navigation', { name: 'Quick actions' });
    expect(within(actions).getByRole('link', { name: 'Add product' })).toHaveAttribute('href', '/sell');
    expect(within(actions).getByRole('link', { name: 'View messages' })).toHaveAttribute('href', '/chat');
    expect(screen.getByRole('heading', { level: 2, name: 'Recommended for You' })).toBeInTheDocument();
    const row = await screen.findByRole('region', { name: 'Because you searched for “chair”' });
    const links = within(row).getAllByRole('link');
    expect(links).toHaveLength(6);
    expect(links[0]).toHaveAttribute('href', `/product/${card(1).id}`);
    expect(links[0]).toHaveTextContent('Office chair 1₹6,499 / pieceFurniture');
    expect(links[2]).toHaveTextContent('₹6,499 / piece · min. 10');
    expect(links[1]).toHaveTextContent('Price on request');
    expect(screen.getByRole('region', { name: 'New arrivals' })).toBeInTheDocument();
    await user.click(within(actions).getByRole('button', { name: 'Search products' }));
    expect(screen.getByRole('dialog', { name: 'Type to search' })).toBeInTheDocument();
  });

  it('sends a visitor to log in (once the server has said there is no session)', async () => {
    const { router } = renderApp({ initialEntries: ['/dashboard'] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
