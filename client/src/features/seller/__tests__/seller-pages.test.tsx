import type { MockLink } from '@apollo/client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeleteProductDocument, MyProductsDocument, SetProductEnabledDocument, type SellerProductFieldsFragment } from '../../../graphql/generated';
import { changeLanguage } from '../../../lib/i18n';
import { renderApp, TEST_USER } from '../../../test/render-app';
import { LOGGED_IN_STORAGE_KEY } from '../../auth/session-context';

type Row = Omit<SellerProductFieldsFragment, 'thumbnail'> & { __typename: 'Product'; thumbnail: { __typename: 'ImageUrls'; sm: string; md: string } | null };

const product = (n: number, overrides: Partial<Row> = {}): Row => ({
  __typename: 'Product',
  id: `01a20000-0000-7000-8000-${String(n).padStart(12, '0')}`,
  title: `Product ${n}`,
  category: 'Kitchen',
  categoryName: 'Kitchen & Dining',
  purchaseType: 'buy_now',
  pricePaise: `${n}0000`,
  minQuantity: 1,
  maxQuantity: n,
  enabled: true,
  createdAt: '2026-11-22T00:00:00.000Z',
  thumbnail: { __typename: 'ImageUrls', sm: `/uploads/p/${n}-sm.webp`, md: `/uploads/p/${n}-md.webp` },
  ...overrides,
});

const page = (items: Row[], totalCount: number, limit: number, offset: number, times = Number.POSITIVE_INFINITY): MockLink.MockedResponse => ({
  request: { query: MyProductsDocument, variables: { limit, offset } },
  result: { data: { myProducts: { __typename: 'ProductPage', totalCount, limit, offset, items } } },
  maxUsageCount: times,
});

beforeEach(() => window.localStorage.setItem(LOGGED_IN_STORAGE_KEY, '1'));
afterEach(() => vi.restoreAllMocks());

describe('/sellers', () => {
  it('offers the seller actions and shows the 4 most recent products (active or inactive)', async () => {
    const items = [1, 2, 3, 4, 5, 6].map((n) => product(n, { enabled: n !== 2 }));
    renderApp({ initialEntries: ['/sellers'], me: TEST_USER, mocks: [page(items, 6, 10, 0)] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Seller dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create product' })).toHaveAttribute('href', '/sell');
    expect(screen.getByRole('link', { name: 'Your products' })).toHaveAttribute('href', '/seller/products');
    expect(screen.getByRole('link', { name: 'Seller orders' })).toHaveAttribute('href', '/seller/orders');
    const recent = screen.getByRole('region', { name: 'Recent products' });
    await waitFor(() => expect(within(recent).getAllByRole('listitem')).toHaveLength(4));
    expect(within(recent).getByText('Inactive')).toBeInTheDocument();
    expect(within(recent).getByText('₹100 / piece')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View all products' })).toBeInTheDocument();
    // No orders yet: the section says where they will appear (the orders tests cover a full one).
    const orders = screen.getByRole('region', { name: 'Recent orders' });
    expect(await within(orders).findByText('No orders yet. Orders from buyers appear here as they come in.')).toBeInTheDocument();
  });

  it('sends a visitor to /login', async () => {
    window.localStorage.clear();
    const { router } = renderApp({ initialEntries: ['/sellers'] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('/seller/products', () => {
  it('lists products with price, status, and pages of 10', async () => {
    const first = Array.from({ length: 10 }, (_, i) => product(i + 1));
    const second = [product(11, { enabled: false, pricePaise: null, purchaseType: 'inquire' })];
    const { user, router } = renderApp({ initialEntries: ['/seller/products'], me: TEST_USER, mocks: [page(first, 11, 10, 0), page(second, 11, 10, 10)] });
    expect(await screen.findByText('Product 10')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Product 11')).toBeInTheDocument();
    expect(screen.getByText(/Price on request/)).toBeInTheDocument();
    expect(screen.getByText('Inactive')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
  });

  it('disables and enables a product', async () => {
    const p = product(1);
    const { user } = renderApp({
      initialEntries: ['/seller/products'],
      me: TEST_USER,
      mocks: [page([p], 1, 10, 0), { request: { query: SetProductEnabledDocument, variables: { id: p.id, enabled: false } }, result: { data: { setProductEnabled: { ...p, enabled: false } } } }],
    });
    await user.click(await screen.findByRole('button', { name: 'Disable Product 1' }));
    expect(await screen.findByText('"Product 1" is now inactive')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enable Product 1' })).toBeInTheDocument();
    expect(screen.getByText('Inactive')).toBeInTheDocument();
  });

  it('deletes after confirming, and shows a failure', async () => {
    const p = product(1);
    const { user } = renderApp({
      initialEntries: ['/seller/products'],
      me: TEST_USER,
      mocks: [
        page([p], 1, 10, 0, 1),
        { request: { query: DeleteProductDocument, variables: { id: p.id } }, result: { errors: [new GraphQLError('Product not found', { extensions: { code: 'NOT_FOUND' } })] } },
        { request: { query: DeleteProductDocument, variables: { id: p.id } }, result: { data: { deleteProduct: true } } },
        page([], 0, 10, 0),
      ],
    });
    const del = await screen.findByRole('button', { name: 'Delete Product 1' });
    await user.click(del);
    // The app's own dialog: Go back deletes nothing.
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete "Product 1"?' });
    expect(dialog).toHaveAccessibleDescription('Buyers will no longer find it. This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Go back' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    const confirmDelete = async () => {
      await user.click(del);
      await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    };
    await confirmDelete();
    expect(await screen.findByRole('alert')).toHaveTextContent('Product not found');
    await confirmDelete();
    expect(await screen.findByText('"Product 1" was deleted')).toBeInTheDocument();
    expect(await screen.findByText('You have not listed any products yet.')).toBeInTheDocument();
  });

  it('speaks Hindi', async () => {
    await changeLanguage('hi');
    renderApp({ initialEntries: ['/seller/products'], me: TEST_USER, mocks: [page([product(1)], 1, 10, 0)] });
    expect(await screen.findByRole('heading', { level: 1, name: 'आपके प्रोडक्ट' })).toBeInTheDocument();
    expect(await screen.findByText('चालू')).toBeInTheDocument();
  });
});
