import type { MockLink } from '@apollo/client/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReadPriceLadderDocument, UpdateProductDocument } from '../../../graphql/generated';
import { changeLanguage } from '../../../lib/i18n';
import { fill, renderApp } from '../../../test/render-app';
import { LOGGED_IN_STORAGE_KEY } from '../../auth/session-context';
import { categoriesMock, fakeFile, fakeUploads, PRODUCT_ID, productFixture, productMock, TEST_USER } from './fixtures';

let uploads: ReturnType<typeof fakeUploads> | null = null;

beforeEach(() => {
  window.localStorage.setItem(LOGGED_IN_STORAGE_KEY, '1');
});
afterEach(async () => {
  uploads?.restore();
  uploads = null;
  await changeLanguage('en');
});

const tier = (minQuantity: number, unitPricePaise: string) => ({ __typename: 'PriceTier' as const, minQuantity, unitPricePaise });

/** The server's reading of a line (readPriceLadder), as GraphQL answers it. */
const ladderMock = (text: string, tiers: Array<ReturnType<typeof tier>>, unread: string[] = []): MockLink.MockedResponse => ({
  request: { query: ReadPriceLadderDocument, variables: { text } },
  result: { data: { readPriceLadder: { __typename: 'PriceLadderReading', tiers, unread } } },
});

const chips = () => within(screen.getByRole('list', { name: 'Price bands' })).getAllByRole('listitem');

/** Fills what a new listing needs besides its prices. */
async function fillListing(user: ReturnType<typeof renderApp>['user']) {
  await fill(user, await screen.findByLabelText('Title *'), 'Steel tiffin boxes');
  await fill(user, screen.getByLabelText('Description *'), 'Three tier, food grade steel');
  await user.selectOptions(screen.getByLabelText('How buyers order'), 'buy_now');
  await user.type(screen.getByLabelText('Quantity available *'), '5000');
  await user.upload(screen.getByLabelText(/Main picture \*/), fakeFile('t.jpg', 'image/jpeg'));
}

describe('bulk prices in the product form (docs/product.md#price-bands)', () => {
  it('reads a typed line into chips (Enter reads, it does not send the form), shows what it did not read, and creates the listing with those bands', async () => {
    const line = '100 se upar 45, 500 se upar 40, 1000 se upar 36, sasta kar denge';
    uploads = fakeUploads(() => ({ status: 201, body: { product_id: PRODUCT_ID, product: { product_id: PRODUCT_ID } } }));
    const { user } = renderApp({ initialEntries: ['/sell'], me: TEST_USER, mocks: [categoriesMock, ladderMock(line, [tier(100, '4500'), tier(500, '4000'), tier(1000, '3600')], ['sasta kar denge'])] });
    await fillListing(user);
    expect(screen.getByText('One price for every quantity.')).toBeInTheDocument();
    const input = screen.getByLabelText('Prices by quantity, in one line');
    await user.type(input, `${line}{Enter}`);
    expect(await screen.findByText('3 bands made. Check them below.')).toBeInTheDocument();
    expect(uploads.calls).toHaveLength(0);
    // The unread part is shown under the line and read with it.
    expect(input).toHaveAccessibleDescription(/Not understood \(not added\):\s*“?sasta kar denge/);
    // Band 1 is the minimum order at the price: the fields above show it too.
    expect(chips()).toHaveLength(3);
    expect(screen.getByLabelText('Minimum order quantity *')).toHaveValue('100');
    expect(screen.getByLabelText('Price per piece (₹) *')).toHaveValue('45');
    expect(screen.getByLabelText('Band 1: From quantity')).toHaveValue('100');
    expect(screen.getByLabelText('Band 2: From quantity')).toHaveValue('500');
    expect(screen.getByLabelText('Band 2: ₹ per piece')).toHaveValue('40');
    expect(screen.getByLabelText('Band 3: ₹ per piece')).toHaveValue('36');
    // The seller changes a chip before saving.
    await user.clear(screen.getByLabelText('Band 3: ₹ per piece'));
    await user.type(screen.getByLabelText('Band 3: ₹ per piece'), '35.5');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    await waitFor(() => expect(uploads!.calls).toHaveLength(1));
    const product = JSON.parse(String(uploads.calls[0].body.get('product')));
    expect(product).toMatchObject({ price: '45', quantity: { min_quantity: 100, max_quantity: 5000 } });
    expect(product.price_tiers).toEqual([
      { min_quantity: 100, unit_price_paise: '4500' },
      { min_quantity: 500, unit_price_paise: '4000' },
      { min_quantity: 1000, unit_price_paise: '3550' },
    ]);
  });

  it("keeps the listing's price as band 1 when the line's bands start above its minimum order at a lower price", async () => {
    const line = '100 se upar 45, 500 se upar 40';
    uploads = fakeUploads(() => ({ status: 201, body: { product_id: PRODUCT_ID } }));
    const { user } = renderApp({ initialEntries: ['/sell'], me: TEST_USER, mocks: [categoriesMock, ladderMock(line, [tier(100, '4500'), tier(500, '4000')])] });
    await fillListing(user);
    await user.type(screen.getByLabelText('Price per piece (₹) *'), '50');
    await user.clear(screen.getByLabelText('Minimum order quantity *'));
    await user.type(screen.getByLabelText('Minimum order quantity *'), '10');
    await user.type(screen.getByLabelText('Prices by quantity, in one line'), line);
    await user.click(screen.getByRole('button', { name: 'Make bands' }));
    expect(await screen.findByText('3 bands made. Check them below.')).toBeInTheDocument();
    expect(screen.getByLabelText('Minimum order quantity *')).toHaveValue('10');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    await waitFor(() => expect(uploads!.calls).toHaveLength(1));
    expect(JSON.parse(String(uploads.calls[0].body.get('product'))).price_tiers).toEqual([
      { min_quantity: 10, unit_price_paise: '5000' },
      { min_quantity: 100, unit_price_paise: '4500' },
      { min_quantity: 500, unit_price_paise: '4000' },
    ]);
  });

  it('adds and removes bands by hand with the keyboard, and checks them before sending: a band costing more than the one before is marked at its price', async () => {
    uploads = fakeUploads(() => ({ status: 201, body: { product_id: PRODUCT_ID } }));
    const { user } = renderApp({ initialEntries: ['/sell'], me: TEST_USER, mocks: [categoriesMock] });
    await fillListing(user);
    await user.type(screen.getByLabelText('Price per piece (₹) *'), '50');
    await user.click(screen.getByRole('button', { name: 'Add a lower price for larger orders' }));
    // Focus goes to the new band's quantity.
    expect(screen.getByLabelText('Band 2: From quantity')).toHaveFocus();
    await user.keyboard('100');
    await user.tab();
    await user.keyboard('55');
    await user.click(screen.getByRole('button', { name: 'Add a band' }));
    expect(screen.getByLabelText('Band 3: From quantity')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the fields marked in red');
    expect(screen.getByLabelText('Band 2: ₹ per piece')).toHaveFocus();
    expect(screen.getByLabelText('Band 2: ₹ per piece')).toHaveAccessibleDescription('Band 2 must not cost more than band 1');
    expect(screen.getByLabelText('Band 3: From quantity')).toHaveAccessibleDescription('Band 3: the quantity must be a whole number from 1 to 1000000');
    expect(uploads.calls).toHaveLength(0);
    // Removing band 3 moves focus to the remove button now last; editing band 2 clears its mark.
    await user.click(screen.getByRole('button', { name: 'Remove band 3' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove band 2' })).toHaveFocus());
    expect(chips()).toHaveLength(2);
    await user.clear(screen.getByLabelText('Band 2: ₹ per piece'));
    await user.type(screen.getByLabelText('Band 2: ₹ per piece'), '45');
    expect(screen.getByLabelText('Band 2: ₹ per piece')).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    await waitFor(() => expect(uploads!.calls).toHaveLength(1));
    expect(JSON.parse(String(uploads.calls[0].body.get('product'))).price_tiers).toEqual([
      { min_quantity: 1, unit_price_paise: '5000' },
      { min_quantity: 100, unit_price_paise: '4500' },
    ]);
  });

  it("shows the server's refusal at the chip it names, and focuses it", async () => {
    const line = '100 se upar 45, 500 se upar 40';
    uploads = fakeUploads(() => ({
      status: 400,
      body: {
        message: 'Band 2: the price is too low',
        code: 'BAD_USER_INPUT',
        details: { fields: { 'price_tiers.1.unit_price_paise': 'Band 2: the price is too low' } },
      },
    }));
    const { user } = renderApp({ initialEntries: ['/sell'], me: TEST_USER, mocks: [categoriesMock, ladderMock(line, [tier(100, '4500'), tier(500, '4000')])] });
    await fillListing(user);
    await user.type(screen.getByLabelText('Prices by quantity, in one line'), `${line}{Enter}`);
    expect(await screen.findByText('2 bands made. Check them below.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Band 2: the price is too low');
    expect(screen.getByLabelText('Band 2: ₹ per piece')).toHaveFocus();
    expect(screen.getByLabelText('Band 2: ₹ per piece')).toHaveAccessibleDescription('Band 2: the price is too low');
  });

  it("says so when the line gives no band, and shows the server's message when it refuses the line", async () => {
    const { user } = renderApp({
      initialEntries: ['/sell'],
      me: TEST_USER,
      mocks: [
        categoriesMock,
        ladderMock('sasta milega', [], ['sasta milega']),
        { request: { query: ReadPriceLadderDocument, variables: { text: 'x'.repeat(10) } }, result: { errors: [new GraphQLError('The price bands must be at most 500 characters', { extensions: { code: 'BAD_USER_INPUT' } })] } },
      ],
    });
    const input = await screen.findByLabelText('Prices by quantity, in one line');
    await user.type(input, 'sasta milega{Enter}');
    expect(await screen.findByText(/No band found in that line/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Price bands' })).not.toBeInTheDocument();
    await user.clear(input);
    await user.type(input, `${'x'.repeat(10)}{Enter}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('The price bands must be at most 500 characters');
  });
});

/** A stand-in for the browser's SpeechRecognition (the search's voice input uses the same hook). */
class FakeRecognition {
  static last: FakeRecognition | null = null;
  lang = '';
  started = false;
  onresult: ((e: unknown) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  onend: (() => void) | null = null;
  constructor() {
    FakeRecognition.last = this;
  }
  start() {
    this.started = true;
  }
  stop() {}
  abort() {}
  say(text: string) {
    this.onresult?.({ resultIndex: 0, results: [Object.assign([{ transcript: text, confidence: 0.9 }], { isFinal: true })] });
  }
}

describe('bulk prices said aloud', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal('SpeechRecognition', FakeRecognition);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('listens in Hindi and reads what was said 1.5 s after it was heard', async () => {
    await changeLanguage('hi');
    const said = '100 पीस से ऊपर 45 रुपये, 500 से ऊपर 40';
    const { user } = renderApp({ initialEntries: ['/sell'], me: TEST_USER, mocks: [categoriesMock, ladderMock(said, [tier(100, '4500'), tier(500, '4000')])] });
    const mic = await screen.findByRole('button', { name: 'दाम बोलें' });
    await user.click(mic);
    const rec = FakeRecognition.last!;
    expect(rec).toMatchObject({ lang: 'hi-IN', started: true });
    expect(screen.getByRole('button', { name: 'सुनना बंद करें' })).toHaveAttribute('aria-pressed', 'true');
    act(() => rec.say(said));
    expect(screen.getByLabelText('मात्रा के हिसाब से दाम, एक लाइन में')).toHaveValue(said);
    act(() => vi.advanceTimersByTime(1500));
    expect(await screen.findByText('2 स्लैब बने। नीचे जाँच लें।')).toBeInTheDocument();
    expect(screen.getByLabelText('स्लैब 2: कम से कम मात्रा')).toHaveValue('500');
    expect(screen.getByLabelText('स्लैब 1: ₹ प्रति पीस')).toHaveValue('45');
  });
});

describe('unit, HSN code and GST rate in the product form (docs/product.md#units)', () => {
  it('creates a listing sold by the kilogram with its HSN code and GST rate; the prices name the unit; a bad HSN code is marked', async () => {
    uploads = fakeUploads(() => ({ status: 201, body: { product_id: PRODUCT_ID } }));
    const { user } = renderApp({ initialEntries: ['/sell'], me: TEST_USER, mocks: [categoriesMock] });
    await fillListing(user);
    expect(screen.getByLabelText('GST rate')).toHaveValue('18');
    await user.selectOptions(screen.getByLabelText('Unit'), 'kg');
    await user.type(screen.getByLabelText('Price per kilogram (₹) *'), '62.5');
    await user.click(screen.getByRole('button', { name: 'Add a lower price for larger orders' }));
    expect(screen.getByLabelText('Band 2: ₹ per kilogram')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove band 2' }));
    await fill(user, screen.getByLabelText('HSN code (optional)'), '12345');
    await user.selectOptions(screen.getByLabelText('GST rate'), '5');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(screen.getByLabelText('HSN code (optional)')).toHaveFocus();
    expect(screen.getByLabelText('HSN code (optional)')).toHaveAccessibleDescription('For GST invoices: the HSN code (4, 6 or 8 digits) and the GST rate of this product. The HSN code must be 4, 6 or 8 digits');
    await user.clear(screen.getByLabelText('HSN code (optional)'));
    await user.type(screen.getByLabelText('HSN code (optional)'), '1006');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    await waitFor(() => expect(uploads!.calls).toHaveLength(1));
    expect(JSON.parse(String(uploads.calls[0].body.get('product')))).toMatchObject({ unit: 'kg', hsn_code: '1006', gst_rate: 5, price: '62.5', price_tiers: [] });
  });

  it("shows a stored product's and saves them on edit", async () => {
    const rice = productFixture({ isOwner: true, unit: 'kg', hsnCode: '1006', gstRate: 5 });
    const sent: unknown[] = [];
    const { user } = renderApp({
      initialEntries: [`/seller/products/edit/${PRODUCT_ID}`],
      me: TEST_USER,
      mocks: [
        productMock(rice),
        categoriesMock,
        {
          request: {
            query: UpdateProductDocument,
            variables: (v: Record<string, unknown>) => {
              const input = v.input as Record<string, unknown>;
              sent.push([input.unit, input.hsnCode, input.gstRate]);
              return true;
            },
          },
          result: { data: { updateProduct: { ...rice, gstRate: 12, hsnCode: null } } },
        },
      ],
    });
    expect(await screen.findByLabelText('Unit')).toHaveValue('kg');
    expect(screen.getByLabelText('HSN code (optional)')).toHaveValue('1006');
    await user.clear(screen.getByLabelText('HSN code (optional)'));
    await user.selectOptions(screen.getByLabelText('GST rate'), '12');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Product updated successfully!')).toBeInTheDocument();
    expect(sent.at(-1)).toEqual(['kg', null, 12]);
  });
});

describe('bulk prices when editing', () => {
  const banded = productFixture({
    isOwner: true,
    pricePaise: '5000',
    priceInInr: '50.00',
    minQuantity: 10,
    maxQuantity: 5000,
    priceTiers: [tier(10, '5000'), tier(100, '4500'), tier(500, '4000')],
  });
  const path = `/seller/products/edit/${PRODUCT_ID}`;
  const inputOf = (v: Record<string, unknown>) => v.input as Record<string, unknown>;

  it('shows the stored bands as chips and keeps them when something else is saved', async () => {
    const saved = vi.fn();
    const { user } = renderApp({
      initialEntries: [path],
      me: TEST_USER,
      mocks: [
        productMock(banded),
        categoriesMock,
        {
          request: {
            query: UpdateProductDocument,
            variables: (v: Record<string, unknown>) => {
              saved(inputOf(v));
              return true;
            },
          },
          result: { data: { updateProduct: { ...banded, title: 'Steel tiffins' } } },
        },
      ],
    });
    expect(await screen.findByLabelText('Band 3: From quantity')).toHaveValue('500');
    expect(chips()).toHaveLength(3);
    expect(screen.getByLabelText('Band 2: ₹ per piece')).toHaveValue('45');
    await user.clear(screen.getByLabelText('Title *'));
    await fill(user, screen.getByLabelText('Title *'), 'Steel tiffins');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Product updated successfully!')).toBeInTheDocument();
    expect(saved).toHaveBeenLastCalledWith(
      expect.objectContaining({
        title: 'Steel tiffins',
        priceTiers: [
          { minQuantity: 10, unitPricePaise: '5000' },
          { minQuantity: 100, unitPricePaise: '4500' },
          { minQuantity: 500, unitPricePaise: '4000' },
        ],
      }),
    );
  });

  it('saves changed bands, and [] once every band but the first is removed', async () => {
    const sent: unknown[] = [];
    const { user } = renderApp({
      initialEntries: [path],
      me: TEST_USER,
      mocks: [
        productMock(banded),
        categoriesMock,
        ...[0, 1].map(() => ({
          request: {
            query: UpdateProductDocument,
            variables: (v: Record<string, unknown>) => {
              sent.push(inputOf(v).priceTiers);
              return true;
            },
          },
          result: { data: { updateProduct: banded } },
        })),
      ],
    });
    const band3 = await screen.findByLabelText('Band 3: ₹ per piece');
    await user.clear(band3);
    await user.type(band3, '38');
    await user.click(screen.getByRole('button', { name: 'Remove band 2' }));
    expect(chips()).toHaveLength(2);
    expect(screen.getByLabelText('Band 2: ₹ per piece')).toHaveValue('38');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Product updated successfully!')).toBeInTheDocument();
    expect(sent.at(-1)).toEqual([
      { minQuantity: 10, unitPricePaise: '5000' },
      { minQuantity: 500, unitPricePaise: '3800' },
    ]);
    await user.click(screen.getByRole('button', { name: 'Remove band 2' }));
    expect(screen.queryByRole('list', { name: 'Price bands' })).not.toBeInTheDocument();
    expect(screen.getByText('One price for every quantity.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent.at(-1)).toEqual([]));
  });

  it('is in Hindi: the group, the chips and their checks', async () => {
    await changeLanguage('hi');
    const { user } = renderApp({ initialEntries: [path], me: TEST_USER, mocks: [productMock(banded), categoriesMock] });
    expect(await screen.findByRole('group', { name: 'थोक दाम' })).toBeInTheDocument();
    expect(screen.getByLabelText('स्लैब 2: कम से कम मात्रा')).toHaveValue('100');
    const price = screen.getByLabelText('स्लैब 3: ₹ प्रति पीस');
    await user.clear(price);
    await user.type(price, '46');
    await user.click(screen.getByRole('button', { name: 'बदलाव सेव करें' }));
    expect(price).toHaveAccessibleDescription('स्लैब 3 का दाम स्लैब 2 से ज़्यादा नहीं हो सकता');
    expect(screen.getByRole('button', { name: 'स्लैब 3 हटाएँ' })).toBeInTheDocument();
  });
});
