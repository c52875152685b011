import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { filterChips, fromRestFilters, searchedAsSaid } from '../utils/filter-chips';
import { checkPickedImages, MAX_SEARCH_IMAGE_BYTES } from '../utils/image-rules';
import { fromRestResult, highlightParts } from '../utils/result-card-data';

const img = (size = 10, type = 'image/png') => ({ type, size });

describe('photo rules', () => {
  it('accepts up to 2 images under 5 MB', () => {
    expect(checkPickedImages([img(), img()], 0)).toEqual({ accepted: 2, problem: null });
    expect(checkPickedImages([img(MAX_SEARCH_IMAGE_BYTES - 1)], 1)).toEqual({ accepted: 1, problem: null });
  });
  it('names the first problem', () => {
    expect(checkPickedImages([img(10, 'text/plain')], 0).problem).toEqual({ kind: 'notImage' });
    expect(checkPickedImages([img()], 2).problem).toEqual({ kind: 'full' });
    expect(checkPickedImages([img(), img()], 1).problem).toEqual({ kind: 'onlyMore', count: 1 });
    expect(checkPickedImages([img(MAX_SEARCH_IMAGE_BYTES)], 0).problem).toEqual({ kind: 'tooLarge' });
  });
});

describe('filter chips', () => {
  const t = i18n.getFixedT('en', 'search');
  const none = { category: null, categoryName: null, minPrice: null, maxPrice: null, productType: null, purchaseType: null, location: null, minQuantity: null, bulk: false, sort: 'relevance' };
  it('one chip per filter, prices as one range chip', () => {
    expect(filterChips({ ...none, category: 'Computers', categoryName: 'Computers & Laptops', minPrice: '8000.00', maxPrice: '12000.00', location: 'Pune', minQuantity: 100, sort: 'price_asc', purchaseType: 'buy_now' }, t)).toEqual([
      { key: 'category', label: 'Computers & Laptops' },
      { key: 'price', label: '₹8,000 to ₹12,000' },
      { key: 'purchaseType', label: 'Buy now' },
      { key: 'location', label: 'In Pune' },
      { key: 'minQuantity', label: 'At least 100 pieces' },
      { key: 'sort', label: 'Cheapest first' },
    ]);
    expect(filterChips({ ...none, minPrice: '2000.00' }, t)).toEqual([{ key: 'price', label: 'Over ₹2,000' }]);
    expect(filterChips(none, t)).toEqual([]);
    expect(filterChips({ ...none, bulk: true }, t)).toEqual([{ key: 'bulk', label: 'Bulk order' }]);
  });
  it('reads the filters of a REST answer', () => {
    const rest = { category: 'Computers', category_name: 'Computers & Laptops', min_price: null, max_price: '30000.00', product_type: 'used', purchase_type: null, location: null, min_quantity: null, bulk: true, sort: 'relevance' };
    expect(fromRestFilters(rest)).toEqual({ ...none, category: 'Computers', categoryName: 'Computers & Laptops', maxPrice: '30000.00', productType: 'used', bulk: true });
    expect(fromRestFilters(undefined)).toEqual(none);
  });
  it('knows when the words were searched as said', () => {
    expect(searchedAsSaid('Laptop ', 'laptop', none)).toBe(true);
    expect(searchedAsSaid('laptops!', 'laptops', none)).toBe(true);
    expect(searchedAsSaid('used laptop', 'laptop', { ...none, productType: 'used' })).toBe(false);
    expect(searchedAsSaid('प्रिंटर', 'printer', none)).toBe(false);
    expect(searchedAsSaid('cheap chair', 'cheap chair', { ...none, sort: 'price_asc' })).toBe(false);
  });
});

describe('REST results', () => {
  it('reads the search result fields, with defaults', () => {
    expect(fromRestResult({ product_id: 'p1', title: 'Chair', price_in_inr: null, thumbnail_url: '/t.webp', location: { city: 'Delhi', state: null } })).toEqual({
      id: 'p1',
      title: 'Chair',
      pricePaise: null,
      minQuantity: 1,
      unit: null,
      bands: [],
      conditionText: '',
      sellerName: 'Unknown seller',
      sellerBadges: [],
      maxQty: 1,
      thumbnailUrl: '/t.webp',
      location: 'Delhi',
      matchedWords: [],
    });
    expect(fromRestResult({ product_id: 'p2', title: 'Mesh chair', matched_words: ['chair', 7] })?.matchedWords).toEqual(['chair']);
    const banded = fromRestResult({ product_id: 'p3', title: 'Steel pipe', unit: 'metre', price_tiers: [{ min_quantity: 10, unit_price_paise: '50000' }, { min_quantity: 100, unit_price_paise: '45000' }] });
    expect([banded?.unit, banded?.bands]).toEqual(['metre', [{ minQuantity: 10, unitPricePaise: '50000' }, { minQuantity: 100, unitPricePaise: '45000' }]]);
    expect(fromRestResult({ title: 'no id' })).toBeNull();
    expect(fromRestResult('nonsense')).toBeNull();
  });
});

describe('why a result matched', () => {
  it('cuts the title into parts with the matched whole words marked, as written', () => {
    expect(highlightParts('Dell Latitude laptop, 16 GB', ['laptop'])).toEqual([
      { text: 'Dell Latitude ', match: false },
      { text: 'laptop', match: true },
      { text: ', 16 GB', match: false },
    ]);
    // Whole words only: 'table' does not mark 'tablet'; Devanagari words too.
    expect(highlightParts('Tablet table', ['table'])).toEqual([
      { text: 'Tablet ', match: false },
      { text: 'table', match: true },
    ]);
    expect(highlightParts('पुराना लैपटॉप', ['लैपटॉप']).filter((p) => p.match).map((p) => p.text)).toEqual(['लैपटॉप']);
    expect(highlightParts('Chair', [])).toEqual([{ text: 'Chair', match: false }]);
  });
});
