import { describe, expect, it } from 'vitest';
import { readSearchAddress, searchAddressQuery, searchPath } from '../utils/search-address';

describe('a search as its address', () => {
  it('reads the words, the removed chips, the city and the order, and writes them back the same', () => {
    const params = new URLSearchParams('q=used+laptop+under+30000&without=price,colour,price&city=Pune&sort=price_asc');
    const address = readSearchAddress(params);
    expect(address).toEqual({ q: 'used laptop under 30000', without: ['price'], city: 'Pune', sort: 'price_asc' });
    expect(readSearchAddress(new URLSearchParams(searchAddressQuery(address)))).toEqual(address);
  });

  it('leaves out what is not a search (an unknown order, an empty city)', () => {
    expect(readSearchAddress(new URLSearchParams('q=%E0%A4%95%E0%A5%81%E0%A4%B0%E0%A5%8D%E0%A4%B8%E0%A5%80&sort=cheapest&city='))).toEqual({ q: 'कुर्सी', without: [], city: '', sort: null });
    expect(searchPath({ q: 'office chair' })).toBe('/search?q=office+chair');
  });
});
