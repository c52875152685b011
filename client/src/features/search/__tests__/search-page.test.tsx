import type { MockLink } from '@apollo/client/testing';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SearchProductsDocument } from '../../../graphql/generated';
import { changeLanguage } from '../../../lib/i18n';
import { renderApp } from '../../../test/render-app';
import { askMock, response, result, turn } from './fixtures';

interface Input {
  query: string;
  withoutFilters: string[];
  city: string | null;
  sort: string | null;
  limit: number;
  offset: number;
}

const searchMock = (input: Partial<Input> & { query: string }, answer: ReturnType<typeof response> | Error): MockLink.MockedResponse => ({
  request: { query: SearchProductsDocument, variables: { input: { withoutFilters: [], city: null, sort: null, limit: 10, offset: 0, ...input } } },
  ...(answer instanceof Error ? { error: answer } : { result: { data: { searchProducts: answer } } }),
});

// Unmount first: switching the language back under a mounted page would make it ask again.
afterEach(async () => {
  cleanup();
  await changeLanguage('en');
});

describe('/search?q=… (the results page)', () => {
  it('searches what the address holds, shows the chips with the city and order beside them, and marks the end', async () => {
    const answer = response([result(1), result(2)], { filters: { ...response([]).filters, location: 'Pune', sort: 'price_asc' } });
    renderApp({ initialEntries: ['/search?q=used+laptop&city=Pune&sort=price_asc'], mocks: [searchMock({ query: 'used laptop', city: 'Pune', sort: 'price_asc' }, answer)] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Results for “used laptop”' })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Dell Latitude laptop 2' })).toBeInTheDocument();
    expect(screen.getByText('2 products')).toBeInTheDocument();
    const chips = screen.getByRole('list', { name: 'Filters understood from your words' });
    expect(within(chips).getAllByRole('listitem').map((li) => li.firstChild?.textContent)).toEqual(['Computers & Laptops', 'Under ₹30,000', 'Used', 'In Pune', 'Cheapest first']);
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveValue('Pune');
    expect(screen.getByRole('combobox', { name: 'Order' })).toHaveValue('price_asc');
    expect(screen.getByText('That is all: 2 products.')).toBeInTheDocument();
    expect(document.title).toContain('Results for “used laptop”');
  });

  it('puts a removed chip, a city and an order in the address; Back shows the search before', async () => {
    const first = response([result(1), result(2)]);
    const withoutPrice = response([result(1), result(2), result(3)], { filters: { ...first.filters, maxPrice: null } });
    const inSurat = response([result(3)], { filters: { ...first.filters, maxPrice: null, location: 'Surat' } });
    const newest = response([result(3)], { filters: { ...first.filters, maxPrice: null, location: 'Surat', sort: 'newest' } });
    const { user, router } = renderApp({
      initialEntries: ['/search?q=laptop'],
      mocks: [
        searchMock({ query: 'laptop' }, first),
        searchMock({ query: 'laptop', withoutFilters: ['price'] }, withoutPrice),
        searchMock({ query: 'laptop', withoutFilters: ['price'], city: 'Surat' }, inSurat),
        searchMock({ query: 'laptop', withoutFilters: ['price'], city: 'Surat', sort: 'newest' }, newest),
      ],
    });
    await screen.findByRole('article', { name: 'Dell Latitude laptop 2' });
    await user.click(screen.getByRole('button', { name: 'Remove filter Under ₹30,000' }));
    await screen.findByRole('article', { name: 'Dell Latitude laptop 3' });
    expect(router.state.location.search).toBe('?q=laptop&without=price');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Surat{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=laptop&without=price&city=Surat'));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Dell Latitude laptop 1' })).not.toBeInTheDocument());
    // The pickers come back with the city's results (while they load, nothing is shown).
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Order' }), 'newest');
    await waitFor(() => expect(router.state.location.search).toBe('?q=laptop&without=price&city=Surat&sort=newest'));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Order' })).toHaveValue('newest'));
    await router.navigate(-1);
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.search).toBe('?q=laptop&without=price'));
    expect(await screen.findByRole('article', { name: 'Dell Latitude laptop 1' })).toBeInTheDocument();
  });

  it('says a failed search is a failure with Try again, never "no products"', async () => {
    const { user } = renderApp({ initialEntries: ['/search?q=laptop'], mocks: [searchMock({ query: 'laptop' }, new Error('Failed to fetch')), searchMock({ query: 'laptop' }, response([result(1)]))] });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The search did not go through');
    expect(screen.queryByText(/No products match/)).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Dell Latitude laptop 1' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("asks again when the language changes (category names and conditions come in the request's language)", async () => {
    const hindi = response([result(1, { categoryName: 'कंप्यूटर और लैपटॉप' })], { filters: { ...response([]).filters, categoryName: 'कंप्यूटर और लैपटॉप' } });
    renderApp({ initialEntries: ['/search?q=laptop'], mocks: [searchMock({ query: 'laptop' }, response([result(1)])), searchMock({ query: 'laptop' }, hindi)] });
    const chips = await screen.findByRole('list', { name: 'Filters understood from your words' });
    expect(within(chips).getByText('Computers & Laptops')).toBeInTheDocument();
    await changeLanguage('hi');
    expect(await within(screen.getByRole('list', { name: 'आपके शब्दों से समझे गए फ़िल्टर' })).findByText('कंप्यूटर और लैपटॉप')).toBeInTheDocument();
  });

  it("names the words in Hindi to a Hindi reader, never the typed Latin words; the box keeps what was typed", async () => {
    await changeLanguage('hi');
    // The goods words in Devanagari (the server's queryHindi; in English the heading is the typed words, above).
    const first = renderApp({ initialEntries: ['/search?q=used+laptop'], mocks: [searchMock({ query: 'used laptop' }, response([result(1)]))] });
    expect(await screen.findByRole('heading', { level: 1, name: '“लैपटॉप” के नतीजे' })).toBeInTheDocument();
    expect(screen.getByDisplayValue('used laptop')).toBeInTheDocument();
    expect(document.title).toContain('“लैपटॉप” के नतीजे');
    first.unmount();
    // A word without a Hindi form (a model): the category understood.
    const model = response([result(1)], { queryHindi: null, filters: { ...response([]).filters, categoryName: 'कंप्यूटर और लैपटॉप' } });
    const second = renderApp({ initialEntries: ['/search?q=latitude+7490'], mocks: [searchMock({ query: 'latitude 7490' }, model)] });
    expect(await screen.findByRole('heading', { level: 1, name: 'नतीजे: कंप्यूटर और लैपटॉप' })).toBeInTheDocument();
    expect(screen.getByDisplayValue('latitude 7490')).toBeInTheDocument();
    second.unmount();
    // Neither: 'your search', with the words in the box.
    const unknown = response([result(1)], { queryHindi: null, filters: { ...response([]).filters, category: null, categoryName: null } });
    renderApp({ initialEntries: ['/search?q=zx81'], mocks: [searchMock({ query: 'zx81' }, unknown)] });
    await screen.findByRole('article', { name: 'Dell Latitude laptop 1' });
    expect(screen.getByRole('heading', { level: 1, name: 'आपकी खोज के नतीजे' })).toBeInTheDocument();
    expect(screen.getByDisplayValue('zx81')).toBeInTheDocument();
  });

  it('says when nothing matched, in Hindi too; the assistant is one button away', async () => {
    await changeLanguage('hi');
    const { user } = renderApp({ initialEntries: ['/search?q=%E0%A4%95%E0%A5%81%E0%A4%B0%E0%A5%8D%E0%A4%B8%E0%A5%80'], mocks: [searchMock({ query: 'कुर्सी' }, response([])), askMock('कुर्सी', null, turn(response([])))] });
    expect(await screen.findByRole('heading', { level: 1, name: '“कुर्सी” के नतीजे' })).toBeInTheDocument();
    expect(await screen.findByText('कोई प्रोडक्ट नहीं मिला। कम या दूसरे शब्द आज़माएँ, या कोई फ़िल्टर हटाएँ।')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'क्रम' })).toHaveDisplayValue('सबसे सही पहले');
    await user.click(screen.getByRole('button', { name: 'इस बारे में असिस्टेंट से पूछें' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });
});
