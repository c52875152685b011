import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { renderApp } from '../../../test/render-app';
import { categoriesMock } from '../../products/__tests__/fixtures';
import { askMock, response, result, turn } from '../../search/__tests__/fixtures';

describe('the home page below the hero', () => {
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
