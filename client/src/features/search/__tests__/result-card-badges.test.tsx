import type { MockLink } from '@apollo/client/testing';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SearchProductsDocument } from '../../../graphql/generated';
import { changeLanguage } from '../../../lib/i18n';
import { renderApp } from '../../../test/render-app';
import { response, result } from './fixtures';

// docs/product.md#seller-profiles: a result card shows its seller's earned badges compactly, in short words.
const BADGES = [
  { kind: 'gstin_checked', value: null },
  { kind: 'replies_within', value: 2 },
  { kind: 'orders_delivered', value: 12 },
  { kind: 'not_a_badge_we_know', value: 1 },
];
const searchMock = (): MockLink.MockedResponse => ({
  request: { query: SearchProductsDocument, variables: { input: { query: 'laptop', withoutFilters: [], city: null, sort: null, limit: 10, offset: 0 } } },
  result: { data: { searchProducts: response([result(1, {}, BADGES), result(2)]) } },
  maxUsageCount: Number.POSITIVE_INFINITY,
});

afterEach(async () => {
  cleanup();
  await changeLanguage('en');
});

describe("a search result's seller badges", () => {
  it('names the earned badges in one short line; a seller without any shows none', async () => {
    renderApp({ initialEntries: ['/search?q=laptop'], mocks: [searchMock()] });
    const card = await screen.findByRole('article', { name: 'Dell Latitude laptop 1' });
    expect(within(card).getByText('GSTIN checked · Replies in 2 h · 12 delivered')).toBeInTheDocument();
    const plain = screen.getByRole('article', { name: 'Dell Latitude laptop 2' });
    expect(plain.querySelector('.result-card__badges')).toBeNull();
  });

  it('says them in Hindi', async () => {
    await changeLanguage('hi');
    renderApp({ initialEntries: ['/search?q=laptop'], mocks: [searchMock()] });
    const card = await screen.findByRole('article', { name: 'Dell Latitude laptop 1' });
    expect(within(card).getByText('GSTIN जाँचा गया · 2 घंटे में जवाब · 12 डिलीवर')).toBeInTheDocument();
  });
});
