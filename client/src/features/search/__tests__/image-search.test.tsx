import { fireEvent, screen, within } from '@testing-library/react';
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
  const input = within(dialog).getByTestId('image-search-input');
  const pick = (...files: File[]) => fireEvent.change(input, { target: { files } });
  return { ...utils, dialog, pick };
}

const restResult = {
  product_id: '0193b000-0000-7000-8000-000000000001',
  title: 'Dell Latitude 5490 laptop',
  price_in_inr: '24500.00',
  condition_text: 'Used - excellent condition',
  seller_name: 'pune_traders',
  maxQty: 15,
  thumbnail_urls: { sm: '/uploads/p-sm.webp', md: '/uploads/p-md.webp', lg: '/uploads/p-lg.webp' },
  location: { city: 'Pune', state: 'Maharashtra' },
};

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
    expect(within(dialog).getByRole('article', { name: 'Dell Latitude 5490 laptop' })).toHaveTextContent('₹24,500.00');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/products/search');
    const body = init.body as FormData;
    expect(JSON.parse(body.get('body') as string)).toMatchObject({ query: 'under 30000', force_original: false });
    expect(body.getAll('images')).toHaveLength(1);
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
