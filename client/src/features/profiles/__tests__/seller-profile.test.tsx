import type { MockLink } from '@apollo/client/testing';
import { screen, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { afterEach, describe, expect, it } from 'vitest';
import { ReplyToReviewDocument, SellerProfileDocument, SellerReviewsDocument } from '../../../graphql/generated';
import { changeLanguage } from '../../../lib/i18n';
import { renderApp, TEST_USER } from '../../../test/render-app';
import { LOGGED_IN_STORAGE_KEY } from '../../auth/session-context';

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
  ratingAverage: null as number | null,
  reviewCount: 0,
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
const review = (n: number, over: Record<string, unknown> = {}) => ({
  __typename: 'Review' as const,
  id: `01a20000-0000-7000-8000-0000000001${String(n).padStart(2, '0')}`,
  orderId: `01a20000-0000-7000-8000-0000000002${String(n).padStart(2, '0')}`,
  buyerName: `buyer_${n}`,
  productTitle: 'Steel rack',
  rating: 4,
  text: `Sturdy rack ${n}`,
  createdAt: '2026-11-20T10:00:00.000Z',
  editedAt: null,
  editableUntil: '2026-11-22T10:00:00.000Z',
  reply: null as string | null,
  repliedAt: null as string | null,
  ...over,
});
const reviewsOf = (items: ReturnType<typeof review>[], average: number | null, username = 'sharma_steel'): MockLink.MockedResponse => ({
  request: { query: SellerReviewsDocument, variables: { username, limit: 10, offset: 0 } },
  result: { data: { sellerReviews: { __typename: 'SellerReviews', ratingAverage: average, reviewCount: items.length, totalCount: items.length, limit: 10, offset: 0, items } } },
  maxUsageCount: Number.POSITIVE_INFINITY,
});

afterEach(() => changeLanguage('en'));

// docs/product.md#seller-profiles
describe('/sellers/{username}', () => {
  it('shows the business name, place, member since, the badges each explained on tap, and the products', async () => {
    const { user } = renderApp({ initialEntries: ['/sellers/sharma_steel'], mocks: [answer(profile()), reviewsOf([], null)] });
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
    renderApp({ initialEntries: ['/sellers/newbie'], mocks: [answer(profile({ username: 'newbie', tradeName: null, city: null, state: null, badges: [] }), 'newbie'), reviewsOf([], null, 'newbie')] });
    expect(await screen.findByRole('heading', { level: 1, name: 'newbie' })).toBeInTheDocument();
    expect(screen.getByText('No badges yet: this seller is new here.')).toBeInTheDocument();
  });

  it('says when there is no such seller', async () => {
    renderApp({
      initialEntries: ['/sellers/ghost'],
      mocks: [{ request: { query: SellerProfileDocument, variables: { username: 'ghost', limit: 20, offset: 0 } }, result: { errors: [new GraphQLError('Seller not found', { extensions: { code: 'NOT_FOUND' } })] } }],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'There is no seller by this name.' })).toBeInTheDocument();
    expect(document.title).toContain('There is no seller by this name.');
  });

  it('reads in Hindi', async () => {
    await changeLanguage('hi');
    renderApp({ initialEntries: ['/sellers/sharma_steel'], mocks: [answer(profile()), reviewsOf([], null)] });
    expect(await screen.findByRole('button', { name: 'GSTIN जाँचा गया' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '3 घंटे में जवाब देते हैं' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '42 ऑर्डर डिलीवर किए' })).toBeInTheDocument();
  });

  it('shows the average once there is one, the reviews newest first with answers, and lets the seller answer once', async () => {
    window.localStorage.setItem(LOGGED_IN_STORAGE_KEY, '1');
    const me = { ...TEST_USER, id: profile().userId };
    const answered = review(2, { reply: 'Thank you!', repliedAt: '2026-11-21T10:00:00.000Z', rating: 5 });
    const open = review(1, { rating: 3, text: 'Arrived late' });
    const replied = { ...open, reply: 'Sorry, the courier was slow.', repliedAt: '2026-11-22T10:00:00.000Z' };
    const { user } = renderApp({
      initialEntries: ['/sellers/sharma_steel'],
      me,
      mocks: [
        answer(profile({ ratingAverage: 4.3, reviewCount: 3 })),
        reviewsOf([answered, open, review(3)], 4.3),
        { request: { query: ReplyToReviewDocument, variables: { reviewId: open.id, text: 'Sorry, the courier was slow.' } }, result: { data: { replyToReview: replied } } },
      ],
    });
    const reviews = await screen.findByRole('region', { name: 'Reviews' });
    expect(within(reviews).getByText(/4\.3 out of 5 · 3 reviews/)).toBeInTheDocument();
    const items = within(reviews).getAllByRole('article');
    expect(items.map((a) => within(a).getByText(/Sturdy rack|Arrived late/).textContent)).toEqual(['Sturdy rack 2', 'Arrived late', 'Sturdy rack 3']);
    expect(within(items[0]).getByText('Thank you!')).toBeInTheDocument();
    expect(within(items[0]).getByRole('img', { name: '5 stars out of 5' })).toBeInTheDocument();
    // Answered reviews offer no second answer.
    // The Answer button comes once the session says the viewer is this seller.
    await user.click(await within(items[1]).findByRole('button', { name: 'Answer' }));
    await user.click(within(items[1]).getByLabelText('Your answer to buyer_1'));
    await user.paste('Sorry, the courier was slow.');
    await user.click(within(items[1]).getByRole('button', { name: 'Send answer' }));
    // The answer comes back from the server (the mutation) and replaces the form.
    expect(await within(reviews).findByText('Sorry, the courier was slow.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(items[0]).queryByRole('button', { name: 'Answer' })).not.toBeInTheDocument();
    expect(within(items[1]).queryByRole('button', { name: 'Answer' })).not.toBeInTheDocument();
  });
});
