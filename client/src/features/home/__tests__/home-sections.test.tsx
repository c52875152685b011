import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RecommendationsDocument } from '../../../graphql/generated';
import { changeLanguage } from '../../../lib/i18n';
import { renderApp } from '../../../test/render-app';
import { categoriesMock } from '../../products/__tests__/fixtures';
import { askMock, response, result, turn } from '../../search/__tests__/fixtures';

const card = (n: number, unit: string) => ({
  __typename: 'Product' as const,
  id: `0193c000-0000-7000-8000-${String(n).padStart(12, '0')}`,
  title: `Steel shelf ${n}`,
  pricePaise: '145000',
  unit,
  minQuantity: n === 1 ? 10 : 1,
  category: 'Furniture',
  categoryName: 'Furniture',
  thumbnail: { __typename: 'ImageUrls' as const, sm: `/uploads/s${n}-sm.webp`, md: `/uploads/s${n}-md.webp` },
});
const rows = (popular: string, fresh: string) => ({
  request: { query: RecommendationsDocument, variables: { rows: 3 } },
  result: {
    data: {
      recommendations: {
        __typename: 'Recommendations' as const,
        rows: [
          { __typename: 'RecommendationRow' as const, title: popular, products: [card(1, 'piece'), card(2, 'set')] },
          { __typename: 'RecommendationRow' as const, title: fresh, products: [card(3, 'kg')] },
        ],
      },
    },
  },
});

describe('the home page below the hero', () => {
  it("shows a visitor popular and new products, each price with its unit, each opening its product; in Hindi the rows are asked again", async () => {
    renderApp({ mocks: [rows('Popular in Furniture', 'New arrivals'), rows('फ़र्नीचर में लोकप्रिय', 'नए प्रोडक्ट')] });
    const section = await screen.findByRole('region', { name: 'Popular and new products' });
    const popular = within(section).getByRole('region', { name: 'Popular in Furniture' });
    expect(within(popular).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Steel shelf 1₹1,450 / piece · min. 10Furniture', '/product/0193c000-0000-7000-8000-000000000001'],
      ['Steel shelf 2₹1,450 / setFurniture', '/product/0193c000-0000-7000-8000-000000000002'],
    ]);
    expect(within(section).getByRole('region', { name: 'New arrivals' })).toHaveTextContent('₹1,450 / kilogram');
    await changeLanguage('hi');
    const hindi = await screen.findByRole('region', { name: 'लोकप्रिय और नए प्रोडक्ट' });
    expect(await within(hindi).findByRole('region', { name: 'फ़र्नीचर में लोकप्रिय' })).toHaveTextContent('₹1,450 / पीस · कम से कम 10');
    await changeLanguage('en');
  });

  it('lists the categories listings are offered (docs/product.md#categories), and one opens the assistant searching it', async () => {
    const found = turn(response([result(1)]));
    const { user } = renderApp({ mocks: [categoriesMock, askMock('Computers & Laptops', null, found)] });
    const section = await screen.findByRole('region', { name: 'Shop by category' });
    const buttons = within(section).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Computers & Laptops', 'Kitchen & Dining', 'Other']);
    await user.click(within(section).getByRole('button', { name: 'Search Computers & Laptops' }));
    const dialog = await screen.findByRole('dialog', { name: 'Type to search' });
    expect(await within(dialog).findByRole('article', { name: 'Dell Latitude laptop 1' })).toBeInTheDocument();
  });

  it('explains how buying works, and names the categories in Hindi', async () => {
    renderApp({ mocks: [categoriesMock] });
    const how = screen.getByRole('region', { name: 'How it works' });
    expect(within(how).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Speak', 'Type', 'Show a photo', 'Ask the seller']);
    await changeLanguage('hi');
    const section = await screen.findByRole('region', { name: 'कैटेगरी से ख़रीदें' });
    expect(within(section).getByRole('button', { name: 'कंप्यूटर और लैपटॉप खोजें' })).toHaveTextContent('कंप्यूटर और लैपटॉप');
  });
});
