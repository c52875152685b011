import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SellerBadgesDocument } from '../../../graphql/generated';
import { renderApp } from '../../../test/render-app';
import { PRODUCT_ID, productFixture, productMock } from '../../products/__tests__/fixtures';

// docs/product.md#seller-profiles: a product page shows its seller's badges compactly, and links the seller's profile.
describe("a product page's seller", () => {
  it('links the profile and shows the earned badges in short words', async () => {
    const product = productFixture();
    renderApp({
      initialEntries: [`/product/${PRODUCT_ID}`],
      mocks: [
        productMock(product),
        {
          request: { query: SellerBadgesDocument, variables: { userId: product.sellerId } },
          result: {
            data: {
              sellerBadges: [
                { __typename: 'SellerBadge', kind: 'gstin_checked', value: null },
                { __typename: 'SellerBadge', kind: 'replies_within', value: 2 },
                { __typename: 'SellerBadge', kind: 'orders_delivered', value: 12 },
              ],
            },
          },
          maxUsageCount: Number.POSITIVE_INFINITY,
        },
      ],
    });
    const badges = await screen.findByRole('list', { name: 'Badges this seller earned' });
    expect(within(badges).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['GSTIN checked', 'Replies in 2 h', '12 delivered']);
    expect(screen.getByRole('link', { name: product.sellerUsername! })).toHaveAttribute('href', `/sellers/${product.sellerUsername}`);
  });
});
