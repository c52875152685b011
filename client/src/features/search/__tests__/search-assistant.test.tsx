import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { AskAssistantDocument, AssistantPageDocument, SearchProductsDocument } from '../../../graphql/generated';
import { renderApp } from '../../../test/render-app';
import { ASSISTANT_STORAGE_KEY } from '../utils/assistant-storage';
import { askMock, ASSISTANT_SESSION_ID, pageMock, removeFilterMock, response, result, turn } from './fixtures';
import { productFixture, productMock } from '../../products/__tests__/fixtures';

const openTyping = async (user: ReturnType<typeof renderApp>['user']) => {
  await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Type' }));
  return screen.getByRole('dialog');
};
const textBox = () => screen.getByRole('textbox', { name: 'What you need' });

afterEach(() => {
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The product page a card opens. */
const productPageMock = (id: string) => productMock(productFixture({ id }));

describe('the search assistant overlay', () => {
  it('searches from the first request: reply, understood filters as chips, products inline', async () => {
    const first = turn(response([result(1), result(2)]));
    const { user, router } = renderApp({ mocks: [askMock('used laptop under 30000', null, first), productPageMock(result(1).product.id)] });
    const dialog = await openTyping(user);
    await user.type(textBox(), '   ');
    await user.keyboard('{Enter}');
    expect(within(dialog).queryByText('   ')).not.toBeInTheDocument();
    await user.clear(textBox());
    await user.type(textBox(), 'used laptop under 30000{Enter}');
    expect(await within(dialog).findByText('I found 2 products.')).toBeInTheDocument();
    expect(within(dialog).getByText('used laptop under 30000')).toBeInTheDocument();
    expect(within(dialog).getByText('Searched for: laptop')).toBeInTheDocument();
    const chips = within(dialog).getByRole('list', { name: 'Filters understood from your words' });
    expect(within(chips).getAllByRole('listitem').map((li) => li.textContent?.replace('×', ''))).toEqual(['Computers & Laptops', 'Under ₹30,000', 'Used']);
    const card = within(dialog).getByRole('article', { name: 'Dell Latitude laptop 1' });
    expect(card).toHaveTextContent('₹24,500');
    expect(card).toHaveTextContent('Used - excellent condition');
    expect(card).toHaveTextContent('Seller: pune_traders');
    expect(card).toHaveTextContent('Up to 15 pieces · Pune, Maharashtra');
    // The card is a link to the product page (a new tab works); Buy opens the product page's buy flow.
    expect(within(card).getByRole('link', { name: /Dell Latitude laptop 1/ })).toHaveAttribute('href', `/product/${result(1).product.id}`);
    const visited: Array<{ pathname: string; state: unknown }> = [];
    router.subscribe(({ location }) => visited.push({ pathname: location.pathname, state: location.state }));
    await user.click(within(card).getByRole('button', { name: 'Buy Dell Latitude laptop 1' }));
    // A visitor goes to the product page's buy flow, which asks them to log in first.
    await waitFor(() => expect(visited[0]).toEqual({ pathname: `/product/${result(1).product.id}`, state: { openBuy: true } }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('each card says why it matched: the searched words marked in the title, or named when only the tags matched', async () => {
    const inTags = { ...result(2, { title: 'Lenovo ThinkPad E14' }), matchedWords: ['notebook'] };
    const { user } = renderApp({ mocks: [askMock('laptop', null, turn(response([result(1), inTags])))] });
    const dialog = await openTyping(user);
    await user.type(textBox(), 'laptop{Enter}');
    const card = await within(dialog).findByRole('article', { name: 'Dell Latitude laptop 1' });
    const marked = card.querySelectorAll('mark');
    expect([...marked].map((m) => m.textContent)).toEqual(['laptop']);
    expect(card).not.toHaveTextContent('Matches:');
    const other = within(dialog).getByRole('article', { name: 'Lenovo ThinkPad E14' });
    expect(other.querySelectorAll('mark')).toHaveLength(0);
    expect(other).toHaveTextContent('Matches: notebook');
  });

  it('says what a relaxed search left out: the words no product had and the place not applied, in English and Hindi', async () => {
    const relaxed = { __typename: 'SearchRelaxation' as const, words: ['warehouse', 'use'], filters: ['location'], message: 'No aluminium ladder in Pune; here are aluminium ladder elsewhere.' };
    const filters = { ...response([]).filters, category: 'HomeTools', categoryName: 'Tools & Hardware', maxPrice: null, productType: null, location: 'Pune' };
    const answer = turn(response([result(1, { title: 'Aluminium folding ladder 6 steps' })], { queryEnhanced: 'aluminium ladder warehouse use', relaxed, filters }), {
      reply: 'No aluminium ladder in Pune; here are aluminium ladder elsewhere. Nothing matched every word; showing aluminium ladder without “warehouse use”. I found 1 product.',
    });
    const { user } = renderApp({ mocks: [askMock('aluminium ladder for warehouse use in pune', null, answer)] });
    const dialog = await openTyping(user);
    await user.type(textBox(), 'aluminium ladder for warehouse use in pune{Enter}');
    expect(await within(dialog).findByText(/^No aluminium ladder in Pune; here are aluminium ladder elsewhere\./)).toBeInTheDocument();
    expect(within(dialog).getByText('Not matched: warehouse, use')).toBeInTheDocument();
    expect(within(dialog).getByText('None in Pune: products from other places are shown')).toBeInTheDocument();
    // The place stays a chip the buyer can remove.
    const chips = within(dialog).getByRole('list', { name: 'Filters understood from your words' });
    expect(within(chips).getByText('In Pune')).toBeInTheDocument();
    await act(() => changeLanguage('hi'));
    expect(within(dialog).getByText('ये शब्द नहीं मिले: warehouse, use')).toBeInTheDocument();
    expect(within(dialog).getByText('Pune में नहीं मिले: दूसरी जगहों के प्रोडक्ट दिखाए गए हैं')).toBeInTheDocument();
  });

  it('asks what the buyer is looking for when the words name nothing to search for', async () => {
    const none = turn(response([], { queryEnhanced: '', totalCount: 0, question: 'What are you looking for?', filters: { ...response([]).filters, category: null, categoryName: null, maxPrice: null, productType: null } }), {
      reply: 'What are you looking for? For example “used laptop under 30000”.',
    });
    const { user } = renderApp({ mocks: [askMock('🙂', null, none)] });
    const dialog = await openTyping(user);
    await user.type(textBox(), '🙂{Enter}');
    expect(await within(dialog).findByText('What are you looking for? For example “used laptop under 30000”.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('article')).not.toBeInTheDocument();
  });

  it('Shift+Enter adds a line instead of sending', async () => {
    const { user } = renderApp();
    await openTyping(user);
    await user.type(textBox(), 'office{Shift>}{Enter}{/Shift}chair');
    expect(textBox()).toHaveValue('office\nchair');
  });

  it('removing a chip searches again without that filter', async () => {
    const first = turn(response([result(1)]));
    const wider = turn(response([result(1), result(3)], { filters: { ...response([]).filters, productType: null } }), { kind: 'refine', reply: 'Updated: 2 products match now.' });
    const { user } = renderApp({ mocks: [askMock('used laptop', null, first), removeFilterMock('productType', wider)] });
    const dialog = await openTyping(user);
    await user.type(textBox(), 'used laptop{Enter}');
    await within(dialog).findByText('I found 1 products.');
    await user.click(within(dialog).getByRole('button', { name: 'Remove filter Used' }));
    expect(await within(dialog).findByText('Updated: 2 products match now.')).toBeInTheDocument();
    expect(within(dialog).getByRole('article', { name: 'Dell Latitude laptop 3' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Remove filter Used' })).not.toBeInTheDocument();
  });

  it('a later request hides the earlier products behind a "products shown" note, and asks the follow-up question', async () => {
    const first = turn(response([result(1), result(2), result(3)]));
    const cheaper = turn(response([result(4)]), { kind: 'refine', reply: 'Updated: 1 product match now.', prompt: "What's your preferred price range?", promptKind: 'price' });
    const { user } = renderApp({ mocks: [askMock('laptop', null, first), askMock('cheaper', ASSISTANT_SESSION_ID, cheaper)] });
    const dialog = await openTyping(user);
    await user.type(textBox(), 'laptop{Enter}');
    await within(dialog).findByRole('article', { name: 'Dell Latitude laptop 3' });
    await user.type(textBox(), 'cheaper{Enter}');
    expect(await within(dialog).findByText('Updated: 1 product match now.')).toBeInTheDocument();
    expect(within(dialog).getByText("What's your preferred price range?")).toBeInTheDocument();
    expect(within(dialog).getByText('3 products shown')).toBeInTheDocument();
    expect(within(dialog).queryByRole('article', { name: 'Dell Latitude laptop 1' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('article', { name: 'Dell Latitude laptop 4' })).toBeInTheDocument();
  });

  it('loads the next page of 10 when the sentinel comes into view (200 px margin, 0.1 threshold)', async () => {
    const observed: Array<{ cb: IntersectionObserverCallback; options?: IntersectionObserverInit }> = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(cb: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          observed.push({ cb, options });
        }
        observe() {}
        disconnect() {}
      },
    );
    const ten = Array.from({ length: 10 }, (_v, i) => result(i + 1));
    const first = turn(response(ten, { totalCount: 12, hasMore: true }));
    const more = response([result(11), result(12)], { totalCount: 12, hasMore: false, offset: 10 });
    const { user } = renderApp({ mocks: [askMock('laptop', null, first), pageMock(10, more)] });
    const dialog = await openTyping(user);
    await user.type(textBox(), 'laptop{Enter}');
    await within(dialog).findByRole('article', { name: 'Dell Latitude laptop 10' });
    // The observer is set up by an effect once the page is shown and no load is running.
    await waitFor(() => expect(observed.length).toBeGreaterThan(0));
    const observer = observed[observed.length - 1];
    expect(observer.options).toMatchObject({ rootMargin: '200px', threshold: 0.1 });
    act(() => observer.cb([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(await within(dialog).findByRole('article', { name: 'Dell Latitude laptop 12' })).toBeInTheDocument();
    expect(within(dialog).queryByTestId('load-more-sentinel')).not.toBeInTheDocument();
  });

  it('says a failed request is a failure (not "nothing found") and asks again on Try again', async () => {
    const failing = { request: { query: AskAssistantDocument, variables: { input: { text: 'laptop', assistantSessionId: null } } }, error: new Error('Failed to fetch') };
    const { user } = renderApp({ mocks: [failing, askMock('laptop', null, turn(response([result(1)])))] });
    const dialog = await openTyping(user);
    await user.type(textBox(), 'laptop{Enter}');
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The search did not go through');
    expect(within(dialog).queryByText(/couldn't find any products/)).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('article', { name: 'Dell Latitude laptop 1' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    // The buyer's words once, not twice; the end of the results is marked.
    expect(within(dialog).getAllByText('laptop', { selector: '.assistant-bubble' })).toHaveLength(1);
    expect(within(dialog).getByText('That is all: 1 product.')).toBeInTheDocument();
  });

  it('says a failed next page with Try again instead of ending the results', async () => {
    const observed: IntersectionObserverCallback[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(cb: IntersectionObserverCallback) {
          observed.push(cb);
        }
        observe() {}
        disconnect() {}
      },
    );
    const ten = Array.from({ length: 10 }, (_v, i) => result(i + 1));
    const more = response([result(11)], { totalCount: 11, hasMore: false, offset: 10 });
    const failedPage = { request: { query: AssistantPageDocument, variables: { assistantSessionId: ASSISTANT_SESSION_ID, offset: 10 } }, error: new Error('Failed to fetch') };
    const { user } = renderApp({ mocks: [askMock('laptop', null, turn(response(ten, { totalCount: 11, hasMore: true }))), failedPage, pageMock(10, more)] });
    const dialog = await openTyping(user);
    await user.type(textBox(), 'laptop{Enter}');
    await within(dialog).findByRole('article', { name: 'Dell Latitude laptop 10' });
    await waitFor(() => expect(observed.length).toBeGreaterThan(0));
    act(() => observed[observed.length - 1]([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('More products could not be loaded.');
    expect(within(dialog).queryByText(/That is all/)).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('article', { name: 'Dell Latitude laptop 11' })).toBeInTheDocument();
    expect(within(dialog).getByText('That is all: 11 products.')).toBeInTheDocument();
  });

  it("offers quick answers to a follow-up question, and opens the results as a page at their own address", async () => {
    const asked = turn(response([result(1), result(2)]), { prompt: "What's your preferred price range?", promptKind: 'price' });
    const refined = turn(response([result(1)]), { kind: 'refine', reply: 'Updated: 1 product match now.' });
    const pageSearch = {
      request: { query: SearchProductsDocument, variables: { input: { query: 'laptop Under ₹10,000', withoutFilters: [], city: null, sort: null, limit: 10, offset: 0 } } },
      result: { data: { searchProducts: response([result(1)]) } },
    };
    const { user, router } = renderApp({ mocks: [askMock('laptop', null, asked), askMock('Under ₹10,000', ASSISTANT_SESSION_ID, refined), pageSearch] });
    const dialog = await openTyping(user);
    await user.type(textBox(), 'laptop{Enter}');
    const quick = await within(dialog).findByRole('group', { name: 'Quick answers' });
    expect(within(quick).getAllByRole('button').map((b) => b.textContent)).toEqual(['Under ₹10,000', '₹10,000 to ₹50,000', 'Over ₹50,000', 'Any']);
    await user.click(within(quick).getByRole('button', { name: 'Under ₹10,000' }));
    expect(await within(dialog).findByText('Updated: 1 product match now.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('group', { name: 'Quick answers' })).not.toBeInTheDocument();
    const page = within(dialog).getByRole('link', { name: 'Open these results as a page' });
    expect(page).toHaveAttribute('href', '/search?q=laptop+Under+%E2%82%B910%2C000');
    await user.click(page);
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Dell Latitude laptop 1' })).toBeInTheDocument();
  });

  it('keeps the assistant in session storage while a product page is open, comes back after, and forgets it on close', async () => {
    const first = turn(response([result(1)]));
    const { user, router } = renderApp({ mocks: [askMock('laptop', null, first), productPageMock(result(1).product.id)] });
    const dialog = await openTyping(user);
    await user.type(textBox(), 'laptop{Enter}');
    const card = await within(dialog).findByRole('article', { name: 'Dell Latitude laptop 1' });
    // (Saved by an effect after the answer renders.)
    await waitFor(() => expect(window.sessionStorage.getItem(ASSISTANT_STORAGE_KEY)).toContain('I found 1 products.'));
    await user.click(within(card).getByRole('link', { name: /Dell Latitude laptop 1/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/product/${result(1).product.id}`));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(() => router.navigate(-1));
    const back = await screen.findByRole('dialog');
    expect(within(back).getByText('I found 1 products.')).toBeInTheDocument();
    await user.click(within(back).getByRole('button', { name: 'Close search' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem(ASSISTANT_STORAGE_KEY)).toBeNull();
  });

  it('does not load more on its own while fewer than 3 products show, even when more match', async () => {
    const observed: Element[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe(target: Element) {
          observed.push(target);
        }
        disconnect() {}
      },
    );
    const two = turn(response([result(1), result(2)], { totalCount: 12, hasMore: true }));
    const { user } = renderApp({ mocks: [askMock('laptop', null, two)] });
    const dialog = await openTyping(user);
    await user.type(textBox(), 'laptop{Enter}');
    await within(dialog).findByRole('article', { name: 'Dell Latitude laptop 2' });
    expect(within(dialog).getByTestId('load-more-sentinel')).toBeInTheDocument();
    expect(observed).toEqual([]);
  });

  it('offers to search the words as said when they were understood otherwise, and does so on request', async () => {
    const understood = turn(response([result(1)]));
    const asSaid = turn(
      response([result(5)], { queryEnhanced: 'used laptop under 30000', filters: { ...response([]).filters, category: null, categoryName: null, maxPrice: null, productType: null } }),
    );
    const { user } = renderApp({
      mocks: [
        askMock('used laptop under 30000', null, understood),
        {
          request: { query: AskAssistantDocument, variables: { input: { text: 'used laptop under 30000', assistantSessionId: ASSISTANT_SESSION_ID, forceOriginal: true } } },
          result: { data: { assistantTurn: asSaid } },
        },
      ],
    });
    const dialog = await openTyping(user);
    await user.type(textBox(), 'used laptop under 30000{Enter}');
    await within(dialog).findByText('Searched for: laptop');
    await user.click(within(dialog).getByRole('button', { name: 'Search for “used laptop under 30000” instead' }));
    expect(await within(dialog).findByText('Searched for: used laptop under 30000')).toBeInTheDocument();
    expect(within(dialog).getByRole('article', { name: 'Dell Latitude laptop 5' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('list', { name: 'Filters understood from your words' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Search for .* instead$/ })).not.toBeInTheDocument();
  });

  it('offers nothing when the words were searched as said', async () => {
    const plain = turn(response([result(1)], { filters: { ...response([]).filters, category: null, categoryName: null, maxPrice: null, productType: null } }));
    const { user } = renderApp({ mocks: [askMock('Laptop', null, plain)] });
    const dialog = await openTyping(user);
    await user.type(textBox(), 'Laptop{Enter}');
    await within(dialog).findByText('I found 1 products.');
    expect(within(dialog).queryByRole('button', { name: /^Search for .* instead$/ })).not.toBeInTheDocument();
  });

  it('steps aside on /search/product/ pages too, and comes back after', async () => {
    const first = turn(response([result(1)]));
    const { user, router } = renderApp({ mocks: [askMock('laptop', null, first), productPageMock(result(1).product.id)] });
    const dialog = await openTyping(user);
    await user.type(textBox(), 'laptop{Enter}');
    await within(dialog).findByText('I found 1 products.');
    await act(() => router.navigate(`/search/product/${result(1).product.id}`));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem(ASSISTANT_STORAGE_KEY)).toContain('I found 1 products.');
    await act(() => router.navigate('/'));
    const back = await screen.findByRole('dialog');
    expect(within(back).getByText('I found 1 products.')).toBeInTheDocument();
    expect(within(back).getByRole('article', { name: 'Dell Latitude laptop 1' })).toBeInTheDocument();
  });

  it('closes on /signup and forgets the assistant session', async () => {
    const first = turn(response([result(1)]));
    const { user, router } = renderApp({ mocks: [askMock('laptop', null, first), productPageMock(result(1).product.id)] });
    const dialog = await openTyping(user);
    await user.type(textBox(), 'laptop{Enter}');
    await within(dialog).findByText('I found 1 products.');
    await act(() => router.navigate('/signup'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem(ASSISTANT_STORAGE_KEY)).toBeNull();
    await act(() => router.navigate('/'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes on Escape, and when the route becomes /login', async () => {
    const { user, router } = renderApp();
    await openTyping(user);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await openTyping(user);
    expect(document.body.style.overflow).toBe('hidden');
    await act(() => router.navigate('/login'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

/** A stand-in for the browser's SpeechRecognition (the real one errors in headless browsers). */
class FakeRecognition {
  static last: FakeRecognition | null = null;
  lang = '';
  continuous = false;
  interimResults = false;
  started = false;
  aborted = false;
  onresult: ((e: unknown) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  onend: (() => void) | null = null;
  constructor() {
    FakeRecognition.last = this;
  }
  start() {
    this.started = true;
  }
  stop() {
    this.aborted = true;
  }
  abort() {
    this.aborted = true;
  }
  say(text: string, isFinal: boolean) {
    const alternative = { transcript: text, confidence: 0.9 };
    const res = Object.assign([alternative], { isFinal });
    this.onresult?.({ resultIndex: 0, results: [res] });
  }
}

describe('voice input', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    FakeRecognition.last = null;
    vi.stubGlobal('SpeechRecognition', FakeRecognition);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('listens in en-US, sends 1.5 s after a final result, and stops when products appear', async () => {
    const first = turn(response([result(1)]));
    const { user } = renderApp({ mocks: [askMock('used laptop under 30000', null, first)] });
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Speak' }));
    const dialog = screen.getByRole('dialog');
    const rec = FakeRecognition.last!;
    expect(rec).toMatchObject({ lang: 'en-US', started: true, continuous: true, interimResults: true });
    expect(within(dialog).getByRole('button', { name: 'Stop listening' })).toHaveAttribute('aria-pressed', 'true');
    act(() => rec.say('used laptop', false));
    expect(textBox()).toHaveValue('used laptop');
    act(() => rec.say('used laptop under 30000', true));
    act(() => vi.advanceTimersByTime(1400));
    expect(within(dialog).queryByText('used laptop under 30000', { selector: '.assistant-bubble' })).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(await within(dialog).findByText('I found 1 products.')).toBeInTheDocument();
    expect(rec.aborted).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Start speaking' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('follows the interface language (hi-IN) and stops on an error', async () => {
    await changeLanguage('hi');
    const { user } = renderApp();
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'बोलें' }));
    const rec = FakeRecognition.last!;
    expect(rec.lang).toBe('hi-IN');
    act(() => rec.onerror?.({ error: 'no-speech' }));
    expect(screen.getByRole('button', { name: 'बोलना शुरू करें' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('says what the microphone is doing: listening, nothing heard after 8 s, blocked; each time typing is offered (Hindi)', async () => {
    await changeLanguage('hi');
    const { user } = renderApp();
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'बोलें' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('status')).toHaveTextContent('बोलिए… सुन रहे हैं');
    // Nothing heard: after 8 s listening stops by itself and offers typing or speaking again.
    act(() => vi.advanceTimersByTime(7900));
    expect(FakeRecognition.last!.aborted).toBe(false);
    act(() => vi.advanceTimersByTime(200));
    expect(FakeRecognition.last!.aborted).toBe(true);
    expect(within(dialog).getByRole('status')).toHaveTextContent('कुछ सुनाई नहीं दिया। फिर से बोलिए, या लिखकर खोजिए।');
    await user.click(within(dialog).getByRole('button', { name: 'फिर से बोलें' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent('बोलिए… सुन रहे हैं');
    // The microphone refused: said so, with typing offered; Type instead puts the cursor in the box.
    act(() => FakeRecognition.last!.onerror?.({ error: 'not-allowed' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent('माइक्रोफ़ोन बंद है। ब्राउज़र की साइट सेटिंग में इसे चालू करें, या लिखकर खोजिए।');
    expect(within(dialog).queryByRole('button', { name: 'फिर से बोलें' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'लिखकर खोजें' }));
    expect(within(dialog).getByRole('textbox')).toHaveFocus();
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
    // Silence that ends the browser's listening without words is 'nothing heard' too.
    await user.click(within(dialog).getByRole('button', { name: 'बोलना शुरू करें' }));
    act(() => FakeRecognition.last!.onend?.());
    expect(within(dialog).getByRole('status')).toHaveTextContent('कुछ सुनाई नहीं दिया।');
  });

  it("shows the mic as 'type instead', with why, when the browser has no speech recognition and the server writes out none", async () => {
    vi.stubGlobal('SpeechRecognition', undefined);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { user } = renderApp();
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Speak' }));
    const why = 'This browser cannot turn speech into text here: type what you need in the box below.';
    expect(await screen.findByText(why)).toBeInTheDocument();
    const typeInstead = await screen.findByRole('button', { name: 'Type instead' });
    expect(typeInstead).toHaveAccessibleDescription(why);
    await user.click(typeInstead);
    expect(screen.getByRole('textbox', { name: /./, hidden: false })).toHaveFocus();
    expect(alert).not.toHaveBeenCalled();
  });

  it('reads replies aloud with speechSynthesis unless switched off', async () => {
    const spoken: Array<{ text: string; lang: string }> = [];
    vi.stubGlobal(
      'SpeechSynthesisUtterance',
      class {
        lang = '';
        constructor(readonly text: string) {}
      },
    );
    vi.stubGlobal('speechSynthesis', { speak: (u: { text: string; lang: string }) => spoken.push({ text: u.text, lang: u.lang }), cancel: () => undefined });
    const first = turn(response([result(1)]), { prompt: 'Do you have a preferred brand?' });
    const second = turn(response([result(2)]), { kind: 'refine', reply: 'Updated: 1 product match now.' });
    const { user } = renderApp({ mocks: [askMock('laptop', null, first), askMock('dell', ASSISTANT_SESSION_ID, second)] });
    // Typing: replies are not read aloud unless the buyer asks for it; the choice is remembered.
    const dialog = await openTyping(user);
    // A visible switch that says what it does.
    const readAloud = within(dialog).getByRole('switch', { name: 'Read replies aloud' });
    expect(readAloud).toHaveAccessibleDescription('The assistant says its replies out loud; switch off to only read them.');
    expect(readAloud).not.toBeChecked();
    await user.type(textBox(), 'laptop{Enter}');
    await within(dialog).findByText('I found 1 products.');
    expect(spoken).toEqual([]);
    await user.click(readAloud);
    expect(window.localStorage.getItem('bb.searchSpeakReplies')).toBe('on');
    await user.type(textBox(), 'dell{Enter}');
    await within(dialog).findByText('Updated: 1 product match now.');
    expect(spoken).toEqual([{ text: 'Updated: 1 product match now.', lang: 'en-US' }]);
  });
});
