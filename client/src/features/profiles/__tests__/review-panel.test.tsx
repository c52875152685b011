import { screen, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OrderReviewDocument, ReviewOrderDocument } from '../../../graphql/generated';
import { changeLanguage } from '../../../lib/i18n';
import { renderApp, TEST_USER } from '../../../test/render-app';
import { LOGGED_IN_STORAGE_KEY } from '../../auth/session-context';
import { myOrdersMock, orderFixture } from '../../orders/__tests__/fixtures';

const order = orderFixture({ status: 'delivered', actions: [], deliveredAt: '2026-11-20T10:00:00.000Z' });
const written = {
  __typename: 'Review' as const,
  id: '01a20000-0000-7000-8000-000000000301',
  orderId: order.id,
  buyerName: 'asha',
  productTitle: order.productTitle,
  rating: 4,
  text: 'Good bottles',
  createdAt: new Date().toISOString(),
  editedAt: null,
  editableUntil: new Date(Date.now() + 48 * 3600_000).toISOString(),
  reply: null,
  repliedAt: null,
};
const noReview = { request: { query: OrderReviewDocument, variables: { orderId: order.id } }, result: { data: { orderReview: null } } };

beforeEach(() => window.localStorage.setItem(LOGGED_IN_STORAGE_KEY, '1'));
afterEach(() => changeLanguage('en'));

// docs/product.md#reviews: the buyer reviews a delivered order from their orders page.
describe('reviewing a delivered order', () => {
  it('asks for a rating, posts the review with its text, and shows it with the time it may still be changed', async () => {
    const { user } = renderApp({
      initialEntries: ['/orders'],
      me: TEST_USER,
      mocks: [
        myOrdersMock([order, orderFixture({ status: 'unpaid', actions: [] })]),
        noReview,
        { request: { query: ReviewOrderDocument, variables: { orderId: order.id, input: { rating: 4, text: 'Good bottles' } } }, result: { data: { reviewOrder: written } } },
      ],
    });
    // Only the delivered order offers a review.
    const buttons = await screen.findAllByRole('button', { name: /^Review this order \(/ });
    expect(buttons).toHaveLength(1);
    await user.click(buttons[0]);
    await user.click(await screen.findByRole('button', { name: 'Post review' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose a rating from 1 to 5 stars');
    const stars = screen.getByRole('group', { name: 'Your rating' });
    await user.click(within(stars).getByLabelText('4 stars'));
    await user.click(screen.getByLabelText('Your review (optional)'));
    await user.paste('Good bottles');
    await user.click(screen.getByRole('button', { name: 'Post review' }));
    expect(await screen.findByText("Thank you. Your review is on the seller's page.")).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '4 stars out of 5' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change review' })).toBeInTheDocument();
  });

  it("says the server's refusal in the buyer's language", async () => {
    await changeLanguage('hi');
    const { user } = renderApp({
      initialEntries: ['/orders'],
      me: TEST_USER,
      mocks: [
        myOrdersMock([order]),
        noReview,
        {
          request: { query: ReviewOrderDocument, variables: { orderId: order.id, input: { rating: 5, text: null } } },
          result: { errors: [new GraphQLError('रिव्यू डिलीवरी के 60 दिनों के अंदर ही लिखा जा सकता है', { extensions: { code: 'CONFLICT' } })] },
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: /^इस ऑर्डर का रिव्यू लिखें \(/ }));
    await user.click(await screen.findByLabelText('5 स्टार'));
    await user.click(screen.getByRole('button', { name: 'रिव्यू डालें' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('रिव्यू डिलीवरी के 60 दिनों के अंदर ही लिखा जा सकता है');
  });
});
