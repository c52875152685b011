import type { MockLink } from '@apollo/client/testing';
import { screen, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { afterEach, describe, expect, it } from 'vitest';
import { SellerProfileDocument } from '../../../graphql/generated';
import { changeLanguage } from '../../../lib/i18n';
import { renderApp } from '../../../test/render-app';

const item = (n: number) => ({
  __typename: 'Product' as const,
  id: `01a20000-0000-7000-8000-${String(n).padStart(12, '0')}`,
  title: `Steel rack ${n}`,
  pricePaise: `${n}00000`,
  priceMaxPaise: null,
  unit: 'piece',
  minQuantity: 1,
  thumbnail: null,
});
const profile = (over: Record<string, unknown> = {}) => ({
  __typename: 'SellerProfile' as const,
  userId: '01a20000-0000-7000-8000-00000000aaaa',
  username: 'sharma_steel',
  tradeName: 'Sharma Steel',
  city: 'Mumbai',
  state: 'Maharashtra',
  memberSince: '2026-03-10T00:00:00.000Z',
  badges: [
    { __typename: 'SellerBadge' as const, kind: 'email_verified', value: null },
    { __typename: 'SellerBadge' as const, kind: 'gstin_checked', value: null },
    { __typename: 'SellerBadge' as const, kind: 'replies_within', value: 3 },
    { __typename: 'SellerBadge' as const, kind: 'orders_delivered', value: 42 },
    { __typename: 'SellerBadge' as const, kind: 'cancellation_rate', value: 5 },
  ],
  products: { __typename: 'ProductPage' as const, totalCount: 1, limit: 20, offset: 0, items: [item(1)] },
  ...over,
});
const answer = (data: ReturnType<typeof profile>, username = 'sharma_steel'): MockLink.MockedResponse => ({
  request: { query: SellerProfileDocument, variables: { username, limit: 20, offset: 0 } },
  result: { data: { sellerProfile: data } },
  maxUsageCount: Number.POSITIVE_INFINITY,
});

afterEach(() => changeLanguage('en'));

// docs/product.md#seller-profiles
describe('/sellers/{username}', () => {
  it('shows the business name, place, member since, the badges each explained on tap, and the products', async () => {
    const { user } = renderApp({ initialEntries: ['/sellers/sharma_steel'], mocks: [answer(profile())] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sharma Steel' })).toBeInTheDocument();
    expect(screen.getByText('@sharma_steel')).toBeInTheDocument();
    expect(screen.getByText('Mumbai, Maharashtra')).toBeInTheDocument();
    expect(screen.getByText('On Bol Bazaar since March 2026')).toBeInTheDocument();
    const badges = screen.getByRole('list', { name: 'Badges this seller earned' });
    expect(within(badges).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Email verified',
      'GSTIN checked',
      'Replies within 3 hours',
      '42 orders delivered',
      '5% cancelled by the seller',
    ]);
    const gstin = within(badges).getByRole('button', { name: 'GSTIN checked' });
    expect(gstin).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText(/right format and check character/)).not.toBeVisible();
    await user.click(gstin);
    expect(gstin).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/right format and check character/)).toBeVisible();
    await user.click(within(badges).getByRole('button', { name: 'Replies within 3 hours' }));
    expect(screen.getByText("Half of the new conversations of the last 30 days got this seller's first reply within 3 hours.")).toBeVisible();
    expect(screen.getByRole('link', { name: /Steel rack 1/ })).toHaveAttribute('href', `/product/${item(1).id}`);
    expect(screen.getByText('1 product')).toBeInTheDocument();
  });

  it('says a new seller has no badges yet, and names them by username without business details', async () => {
    renderApp({ initialEntries: ['/sellers/newbie'], mocks: [answer(profile({ username: 'newbie', tradeName: null, city: null, state: null, badges: [] }), 'newbie')] });
    expect(await screen.findByRole('heading', { level: 1, name: 'newbie' })).toBeInTheDocument();
    expect(screen.getByText('No badges yet: this seller is new here.')).toBeInTheDocument();
  });

  it('says when there is no such seller', async () => {
    renderApp({
      initialEntries: ['/sellers/ghost'],
      mocks: [{ request: { query: SellerProfileDocument, variables: { username: 'ghost', limit: 20, offset: 0 } }, result: { errors: [new GraphQLError('Seller not found', { extensions: { code: 'NOT_FOUND' } })] } }],
    });
    expect(await screen.findByText('There is no seller by this name.')).toBeInTheDocument();
  });

  it('reads in Hindi', async () => {
    await changeLanguage('hi');
    renderApp({ initialEntries: ['/sellers/sharma_steel'], mocks: [answer(profile())] });
    expect(await screen.findByRole('button', { name: 'GSTIN जाँचा गया' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '3 घंटे में जवाब देते हैं' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '42 ऑर्डर डिलीवर किए' })).toBeInTheDocument();
  });
});
