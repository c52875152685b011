import type { MockLink } from '@apollo/client/testing';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AskAssistantDocument } from '../../../graphql/generated';
import { changeLanguage } from '../../../lib/i18n';
import { renderApp } from '../../../test/render-app';
import { PRODUCT_ID, productFixture, productMock } from '../../products/__tests__/fixtures';
import { response, turn } from './fixtures';

afterEach(async () => {
  window.sessionStorage.clear();
  await changeLanguage('en');
});

/** The assistant's answer to a quantity question asked on the product page (the turn carries the product's id). */
const priceMock = (text: string, reply: string, gstAdded: { rate: number; taxPaise: string } | null = null): MockLink.MockedResponse => ({
  request: { query: AskAssistantDocument, variables: { input: { text, assistantSessionId: null, productId: PRODUCT_ID } } },
  result: {
    data: {
      assistantTurn: {
        ...turn(response([]), { kind: 'price', reply }),
        price: { __typename: 'AssistantPriceAnswer', productId: PRODUCT_ID, quantity: 500, unit: 'piece', unitPricePaise: '4000', totalPaise: '2000000', gstAdded: gstAdded && { __typename: 'AssistantGstAdded', ...gstAdded }, payablePaise: String(2000000 + Number(gstAdded?.taxPaise ?? 0)), bandFrom: 500 },
      },
    },
  },
});

const openOnProductPage = async (typeName: string) => {
  const rendered = renderApp({ initialEntries: [`/product/${PRODUCT_ID}`], mocks: [productMock(productFixture()), priceMock('how much for 500', '500 pcs: ₹40 / pc (the price from 500 pcs), ₹20,000 in all.'), priceMock('500 पीस का क्या रेट', '500 पीस: ₹40 / पीस (500 पीस से यही दाम), ₹20,000 + 18% GST ₹3,600 = कुल ₹23,600।', { rate: 18, taxPaise: '360000' })] });
  await screen.findByRole('heading', { level: 1, name: 'Steel water bottles' });
  await rendered.user.click(within(screen.getByRole('banner')).getByRole('button', { name: typeName }));
  return { ...rendered, dialog: screen.getByRole('dialog') };
};

describe("the assistant's price of a quantity on a product page", () => {
  it('sends the product with the question and shows the reply with its figures', async () => {
    const { user, dialog } = await openOnProductPage('Type');
    expect(within(dialog).getByText(/Ask what a quantity of this product costs/)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'What you need' }), 'how much for 500{Enter}');
    expect(await within(dialog).findByText('500 pcs: ₹40 / pc (the price from 500 pcs), ₹20,000 in all.')).toBeInTheDocument();
    const figures = await within(dialog).findByRole('group', { name: 'Price for this quantity' });
    expect([...figures.querySelectorAll('div')].map((d) => d.textContent)).toEqual(['Quantity500 pieces', 'Price₹40 / piece (from 500 pieces)', 'Total₹20,000']);
    // No search results or chips under a price answer.
    expect(within(dialog).queryByRole('list', { name: 'Filters understood from your words' })).not.toBeInTheDocument();
  });

  it('in Hindi, with the GST a seller whose prices exclude it adds', async () => {
    await changeLanguage('hi');
    const { user, dialog } = await openOnProductPage('लिखें');
    await user.type(within(dialog).getByRole('textbox', { name: 'आपको क्या चाहिए' }), '500 पीस का क्या रेट{Enter}');
    expect(await within(dialog).findByText('500 पीस: ₹40 / पीस (500 पीस से यही दाम), ₹20,000 + 18% GST ₹3,600 = कुल ₹23,600।')).toBeInTheDocument();
    const figures = await within(dialog).findByRole('group', { name: 'इस मात्रा का दाम' });
    expect([...figures.querySelectorAll('div')].map((d) => d.textContent)).toEqual(['मात्रा500 पीस', 'दाम₹40 / पीस (500 पीस से)', '18% GST अलग से₹3,600', 'कुल₹23,600']);
  });
});
