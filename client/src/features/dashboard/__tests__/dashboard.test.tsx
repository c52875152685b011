import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RecommendationsDocument } from '../../../graphql/generated';
import { renderApp, TEST_USER } from '../../../test/render-app';
import { LOGGED_IN_STORAGE_KEY } from '../../auth/session-context';

const card = (n: number) => ({
  __typename: 'Product' as const,
  id: `0193c000-0000-7000-8000-${String(n).padStart(12, '0')}`,
  title: `Office chair ${n}`,
  pricePaise: n % 2 ? '649900' : null,
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

describe('/dashboard', () => {
  it('welcomes the user, offers the quick actions and the Recommended for You rows', async () => {
    window.localStorage.setItem(LOGGED_IN_STORAGE_KEY, '1');
    const { user } = renderApp({ initialEntries: ['/dashboard'], me: TEST_USER, mocks: [recommendations] });
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
