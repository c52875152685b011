import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';

const file = (name: string, type: string, size = 1000) => {
  const f = new File([new Uint8Array(Math.min(size, 10))], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

async function openPhotoSearch() {
  const utils = renderApp();
  await utils.user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Photo' }));
  const dialog = screen.getByRole('dialog');
  const input = await within(dialog).findByTestId('image-search-input');
  const pick = (...files: File[]) => fireEvent.change(input, { target: { files } });
  return { ...utils, dialog, pick };
}

const restResult = {
  product_id: '0193b000-0000-7000-8000-000000000001',
  title: 'Dell Latitude 5490 laptop',
  price_in_inr: '24500.00',
  price_paise: '2450000',
  quantity: { min_quantity: 5, max_quantity: 15 },
  condition_text: 'Used - excellent condition',
  seller_name: 'pune_traders',
  maxQty: 15,
  thumbnail_urls: { sm: '/uploads/p-sm.webp', md: '/uploads/p-md.webp', lg: '/uploads/p-lg.webp' },
  location: { city: 'Pune', state: 'Maharashtra' },
};

const other = (n: number) => ({ ...restResult, product_id: `0193b000-0000-7000-8000-${String(n + 100).padStart(12, '0')}`, title: `Office chair ${n}` });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('photo search', () => {
  it('checks the photos with the spec messages', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
    const { dialog, pick, user } = await openPhotoSearch();
    await user.click(within(dialog).getByRole('button', { name: 'Search' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please add at least one image or enter search text');
    pick(file('notes.pdf', 'application/pdf'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please select valid image files');
    pick(file('a.jpg', 'image/jpeg'), file('b.jpg', 'image/jpeg'), file('c.jpg', 'image/jpeg'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Only 2 more image(s) can be added (maximum 2 total)');
    pick(file('big.jpg', 'image/jpeg', 5 * 1024 * 1024));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Each image must be less than 5MB');
    pick(file('a.jpg', 'image/jpeg'));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    pick(file('b.jpg', 'image/jpeg'), file('c.jpg', 'image/jpeg'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Only 1 more image(s) can be added (maximum 2 total)');
    pick(file('b.jpg', 'image/jpeg'));
    expect(within(dialog).getAllByRole('img')).toHaveLength(2);
    pick(file('c.jpg', 'image/jpeg'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Maximum 2 images allowed. Please remove existing images first.');
    await user.click(within(dialog).getByRole('button', { name: 'Remove photo 1' }));
    expect(within(dialog).getAllByRole('img')).toHaveLength(1);
  });

  it('sends photos and words as multipart, then says how many products match', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
    const fetch = vi.fn(async () => new Response(JSON.stringify({ results: [restResult], total_count: 1, query_enhanced: '', processing_time_ms: 12 }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const { dialog, pick, user } = await openPhotoSearch();
    pick(file('photo.jpg', 'image/jpeg'));
    await user.type(within(dialog).getByRole('textbox', { name: 'Words (optional)' }), 'under 30000');
    await user.click(within(dialog).getByRole('button', { name: 'Search' }));
    expect(await within(dialog).findByRole('heading', { name: 'Found 1 product matching your images' })).toBeInTheDocument();
    expect(within(dialog).getByRole('article', { name: 'Dell Latitude 5490 laptop' })).toHaveTextContent('₹24,500 / piece · min. 5');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/products/search');
    const body = init.body as FormData;
    expect(JSON.parse(body.get('body') as string)).toMatchObject({ query: 'under 30000', force_original: false });
    expect(body.getAll('images')).toHaveLength(1);
  });

  it("shows the words' filters as chips; removing one searches again without it", async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
    const filters = { category: 'Computers', category_name: 'Computers & Laptops', min_price: null, max_price: '30000.00', product_type: 'used', purchase_type: null, location: null, min_quantity: null, bulk: false, sort: 'relevance' };
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(new Response(JSON.stringify({ results: [restResult], total_count: 1, query_enhanced: 'laptop', filters, has_more: false }), { status: 200 }))
      .mockResolvedValueOnce(new Response(JSON.stringify({ results: [restResult, other(2)], total_count: 2, query_enhanced: 'laptop', filters: { ...filters, max_price: null }, has_more: false }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const { dialog, pick, user } = await openPhotoSearch();
    pick(file('photo.jpg', 'image/jpeg'));
    await user.type(within(dialog).getByRole('textbox', { name: 'Words (optional)' }), 'used laptop under 30000');
    await user.click(within(dialog).getByRole('button', { name: 'Search' }));
    const chips = await within(dialog).findByRole('list', { name: 'Filters understood from your words' });
    expect(within(chips).getAllByRole('listitem').map((li) => li.textContent?.replace('×', ''))).toEqual(['Computers & Laptops', 'Under ₹30,000', 'Used']);
    await user.click(within(dialog).getByRole('button', { name: 'Remove filter Under ₹30,000' }));
    expect(await within(dialog).findByRole('heading', { name: 'Found 2 products matching your images' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Remove filter Under ₹30,000' })).not.toBeInTheDocument();
    const second = JSON.parse((fetch.mock.calls[1][1] as RequestInit).body instanceof FormData ? (((fetch.mock.calls[1][1] as RequestInit).body as FormData).get('body') as string) : '{}');
    expect(second).toMatchObject({ query: 'used laptop under 30000', offset: 0, without_filters: ['price'], force_original: false });
    expect(((fetch.mock.calls[1][1] as RequestInit).body as FormData).getAll('images')).toHaveLength(1);
  });

  it('offers to search the typed words as said', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(new Response(JSON.stringify({ results: [restResult], total_count: 1, query_enhanced: 'laptop', filters: { product_type: 'used', sort: 'relevance' } }), { status: 200 }))
      .mockResolvedValueOnce(new Response(JSON.stringify({ results: [restResult], total_count: 1, query_enhanced: 'purana laptop', filters: { sort: 'relevance' } }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const { dialog, pick, user } = await openPhotoSearch();
    pick(file('photo.jpg', 'image/jpeg'));
    await user.type(within(dialog).getByRole('textbox', { name: 'Words (optional)' }), 'purana laptop');
    await user.click(within(dialog).getByRole('button', { name: 'Search' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Search for “purana laptop” instead' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(JSON.parse(((fetch.mock.calls[1][1] as RequestInit).body as FormData).get('body') as string)).toMatchObject({ query: 'purana laptop', force_original: true, without_filters: [] });
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: /^Search for .* instead$/ })).not.toBeInTheDocument());
  });

  it('pages the results as the buyer scrolls (pages of 10), not capped', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
    const observers: Array<{ cb: IntersectionObserverCallback; options?: IntersectionObserverInit }> = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(cb: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          observers.push({ cb, options });
        }
        observe() {}
        disconnect() {}
      },
    );
    const page = (from: number, n: number) => Array.from({ length: n }, (_v, i) => other(from + i));
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(new Response(JSON.stringify({ results: page(1, 10), total_count: 62, query_enhanced: '', has_more: true }), { status: 200 }))
      .mockResolvedValueOnce(new Response(JSON.stringify({ results: page(11, 10), total_count: 62, query_enhanced: '', has_more: true }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const { dialog, pick, user } = await openPhotoSearch();
    pick(file('photo.jpg', 'image/jpeg'));
    await user.click(within(dialog).getByRole('button', { name: 'Search' }));
    expect(await within(dialog).findByRole('heading', { name: 'Found 62 products matching your images' })).toBeInTheDocument();
    expect(within(dialog).getAllByRole('article')).toHaveLength(10);
    expect(JSON.parse(((fetch.mock.calls[0][1] as RequestInit).body as FormData).get('body') as string)).toMatchObject({ limit: 10, offset: 0 });
    const observer = observers[observers.length - 1];
    expect(observer.options).toMatchObject({ rootMargin: '200px', threshold: 0.1 });
    act(() => observer.cb([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    await waitFor(() => expect(within(dialog).getAllByRole('article')).toHaveLength(20));
    expect(JSON.parse(((fetch.mock.calls[1][1] as RequestInit).body as FormData).get('body') as string)).toMatchObject({ limit: 10, offset: 10 });
    expect(((fetch.mock.calls[1][1] as RequestInit).body as FormData).getAll('images')).toHaveLength(1);
  });

  it('shows the no-results state, and the failure message', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(new Response(JSON.stringify({ results: [], total_count: 0 }), { status: 200 }))
      .mockRejectedValueOnce(new Error('offline'));
    vi.stubGlobal('fetch', fetch);
    const { dialog, user } = await openPhotoSearch();
    await user.type(within(dialog).getByRole('textbox', { name: 'Words (optional)' }), 'zzz');
    await user.click(within(dialog).getByRole('button', { name: 'Search' }));
    expect(await within(dialog).findByRole('heading', { name: 'No products match your images' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'New photo search' }));
    await user.click(within(dialog).getByRole('button', { name: 'Search' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Search failed. Please try again.');
  });
});
