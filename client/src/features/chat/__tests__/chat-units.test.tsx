import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MyProductsDocument, QuotableProductsDocument } from '../../../graphql/generated';
import { changeLanguage } from '../../../lib/i18n';
import { renderApp, TEST_USER } from '../../../test/render-app';
import { LOGGED_IN_STORAGE_KEY } from '../../auth/session-context';
import { bidFixture, conversationFixture, conversationsMock, messageFixture, messagesMock, quoteFixture, readMock, SELLER_ID } from './fixtures';

beforeEach(() => window.localStorage.setItem(LOGGED_IN_STORAGE_KEY, '1'));
afterEach(() => vi.restoreAllMocks());

/** The viewer sells rice by the kilogram: 'Send a quote' names its unit. */
const riceSeller = {
  request: { query: QuotableProductsDocument },
  result: { data: { myProducts: { __typename: 'ProductPage' as const, items: [{ __typename: 'Product' as const, id: 'rice', title: 'Basmati rice', enabled: true, unit: 'kg' }] } } },
  maxUsageCount: 5,
};
/** Whoever has products may quote ('Send a quote'). */
const hasProducts = {
  request: { query: MyProductsDocument, variables: () => true },
  result: { data: { myProducts: { __typename: 'ProductPage' as const, totalCount: 1, limit: 1, offset: 0, items: [] } } },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

describe('quotes and offers in chat name the product\'s unit', () => {
  it('shows a quote and an offer in kilograms, the counter price per kilogram, in English and Hindi', async () => {
    const quote = messageFixture({ kind: 'quote', content: 'Quote: 500 kg x Basmati rice at ₹90 / kg', position: '1', quote: quoteFixture({ productTitle: 'Basmati rice', unit: 'kg', quantity: 500, unitPricePaise: '9000', totalPaise: '4500000' }) });
    const bid = messageFixture({ kind: 'bid', content: 'Offer', position: '2', bid: bidFixture({ productTitle: 'Basmati rice', unit: 'kg', quantity: 100, unitPricePaise: '8800', totalPaise: '880000' }) });
    const { user } = renderApp({
      initialEntries: [`/chat?with=${SELLER_ID}`],
      me: TEST_USER,
      mocks: [riceSeller, hasProducts, conversationsMock([conversationFixture({ position: '2' })]), messagesMock(SELLER_ID, [quote, bid]), readMock('2')],
    });
    expect(await screen.findByText('500 kilograms × ₹90 / kilogram = ₹45,000')).toBeInTheDocument();
    expect(screen.getByText('100 kilograms × ₹88 / kilogram = ₹8,800')).toBeInTheDocument();
    expect(screen.queryByText(/piece/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Counter' }));
    expect(screen.getByRole('textbox', { name: 'Your price per kilogram (₹)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send a quote' }));
    expect(await screen.findByRole('textbox', { name: 'Price per kilogram (₹)' })).toBeInTheDocument();

    await changeLanguage('hi');
    expect(await screen.findByText('500 किलो × ₹90 / किलो = कुल ₹45,000')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'आपका एक किलो का दाम (₹)' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'एक किलो का दाम (₹)' })).toBeInTheDocument();
    expect(within(document.body).queryByText(/पीस/)).not.toBeInTheDocument();
    await changeLanguage('en');
  });
});
