import { describe, expect, it } from 'vitest';
import { AppError } from '../../../common/app-error.js';
import { localizeAppError } from '../../../common/message-catalogue.js';
import { applyEdit } from '../product-edits.js';
import { nextPosition, reorderedPositions } from '../product-gallery.js';
import type { Product } from '../product.entity.js';

const listing = (over: Partial<Product> = {}) =>
  ({ title: 'Rice', purchaseType: 'buy_now', pricePaise: '5000', priceMaxPaise: null, minQuantity: 10, maxQuantity: 100, priceTiers: [], ...over }) as Product;

/** What `run` refuses with: its message and per-field messages. */
function refused(run: () => unknown): { message: string; fields: unknown } {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return { message: (err as AppError).message, fields: localizeAppError(err as AppError, 'en').details?.fields };
  }
  throw new Error('nothing was refused');
}

describe('an edit of a product', () => {
  // docs/product.md#price-bands
  it('takes new bands and their first price as the product\'s; keeps bands in step with the minimum order and the price', () => {
    const p = listing();
    const bands = [{ minQuantity: 10, unitPricePaise: '4800' }, { minQuantity: 100, unitPricePaise: '4500' }];
    applyEdit(p, { priceTiers: bands });
    expect(p).toMatchObject({ pricePaise: '4800', priceTiers: bands });
    expect(refused(() => applyEdit(p, { minQuantity: 20 }))).toEqual({
      message: 'Band 1 must start at the minimum order (20)',
      fields: { 'priceTiers.0.minQuantity': 'Band 1 must start at the minimum order (20)' },
    });
    expect(refused(() => applyEdit(p, { price: '4900' }))).toEqual({
      message: "Band 1 must be the product's own price",
      fields: { 'priceTiers.0.unitPricePaise': "Band 1 must be the product's own price" },
    });
    expect(p).toMatchObject({ pricePaise: '4800', minQuantity: 10 });
    applyEdit(p, { minQuantity: 20, priceTiers: [] });
    expect(p).toMatchObject({ pricePaise: '4800', minQuantity: 20, priceTiers: [] });
  });

  it('changes the fields given and keeps the others', () => {
    const p = listing();
    applyEdit(p, { title: 'Basmati rice', price: '6000' });
    expect(p).toMatchObject({ title: 'Basmati rice', pricePaise: '6000', minQuantity: 10, maxQuantity: 100, purchaseType: 'buy_now' });
  });

  it('needs a price for Buy now, whichever field the edit changes', () => {
    expect(refused(() => applyEdit(listing(), { price: null }))).toEqual({
      message: 'Please enter a price for Buy now products',
      fields: { price: 'Please enter a price for Buy now products' },
    });
    expect(refused(() => applyEdit(listing({ purchaseType: 'inquire', pricePaise: null }), { purchaseType: 'buy_now' })).message).toBe(
      'Please enter a price for Buy now products',
    );
    const inquiry = listing();
    applyEdit(inquiry, { purchaseType: 'inquire', price: null });
    expect(inquiry).toMatchObject({ purchaseType: 'inquire', pricePaise: null });
  });

  it('refuses a maximum the seller enters under the minimum', () => {
    expect(refused(() => applyEdit(listing(), { maxQuantity: 5 }))).toEqual({
      message: 'Maximum quantity must be at least the minimum quantity',
      fields: { maxQuantity: 'Maximum quantity must be at least the minimum quantity' },
    });
    expect(refused(() => applyEdit(listing(), { minQuantity: 200 })).message).toBe('Maximum quantity must be at least the minimum quantity');
  });

  it('keeps a price range to Inquire first listings, with its lowest price below its highest', () => {
    const ranged = listing({ purchaseType: 'inquire' });
    applyEdit(ranged, { priceMax: '7000' });
    expect(ranged).toMatchObject({ pricePaise: '5000', priceMaxPaise: '7000' });
    expect(refused(() => applyEdit(ranged, { purchaseType: 'buy_now' })).fields).toEqual({ priceMax: 'A price range is only for Inquire first listings: Buy now has one price' });
    expect(refused(() => applyEdit(ranged, { price: null })).fields).toEqual({ price: 'Please enter the lowest price of the range too' });
    expect(refused(() => applyEdit(ranged, { price: '7000' })).fields).toEqual({ priceMax: 'The highest price must be more than the lowest' });
    applyEdit(ranged, { purchaseType: 'buy_now', priceMax: null });
    expect(ranged).toMatchObject({ purchaseType: 'buy_now', pricePaise: '5000', priceMaxPaise: null });
  });

  it('keeps a stock that orders took under the minimum (or to 0) when the edit does not set it', () => {
    const soldOut = listing({ maxQuantity: 0 });
    applyEdit(soldOut, { title: 'Rice (restocking soon)' });
    expect(soldOut.maxQuantity).toBe(0);
  });

  it('changes nothing when it is refused', () => {
    const p = listing();
    refused(() => applyEdit(p, { title: 'New', maxQuantity: 1 }));
    expect(p).toMatchObject({ title: 'Rice', maxQuantity: 100 });
  });
});

describe('the gallery', () => {
  it('takes a new order that names every item once', () => {
    expect([...reorderedPositions(['c', 'a', 'b'], ['a', 'b', 'c'])]).toEqual([
      ['c', 0],
      ['a', 1],
      ['b', 2],
    ]);
  });

  it('refuses an order that leaves out, repeats or invents an item', () => {
    const message = 'The new order must list every gallery item exactly once';
    for (const ids of [['a', 'b'], ['a', 'a', 'b'], ['a', 'b', 'x'], ['a', 'b', 'c', 'd']]) {
      expect(refused(() => reorderedPositions(ids, ['a', 'b', 'c']))).toEqual({ message, fields: { itemIds: 'Must list every gallery item exactly once' } });
    }
  });

  it('adds after the last item', () => {
    expect(nextPosition([])).toBe(0);
    expect(nextPosition([{ position: 0 }, { position: 3 }])).toBe(4);
  });
});
