import type { MockLink } from '@apollo/client/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeleteProductGalleryItemDocument, ReorderProductGalleryDocument, UpdateProductDocument } from '../../../graphql/generated';
import { changeLanguage } from '../../../lib/i18n';
import { fill, renderApp } from '../../../test/render-app';
import { LOGGED_IN_STORAGE_KEY } from '../../auth/session-context';
import { categoriesMock, fakeFile, fakeUploads, PRODUCT_ID, productFixture, productMock, TEST_USER } from './fixtures';

const owned = productFixture({ isOwner: true });
const path = `/seller/products/edit/${PRODUCT_ID}`;
let uploads: ReturnType<typeof fakeUploads> | null = null;

beforeEach(() => {
  window.localStorage.setItem(LOGGED_IN_STORAGE_KEY, '1');
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  uploads?.restore();
  uploads = null;
  vi.useRealTimers();
});

const renderEdit = (mocks: MockLink.MockedResponse[] = []) =>
  renderApp({ initialEntries: [path], me: TEST_USER, mocks: [productMock(owned), categoriesMock, ...mocks] });

const galleryList = () => screen.getByRole('list', { name: 'Chosen pictures' });
const galleryItems = () => within(galleryList()).getAllByRole('img').map((img) => img.getAttribute('src'));

describe('/seller/products/edit/{id}', () => {
  it('fills the form with the product', async () => {
    renderEdit();
    expect(await screen.findByLabelText('Title *')).toHaveValue('Steel water bottles');
    expect(screen.getByLabelText('Condition *')).toHaveValue('new');
    // Rupees as the seller types them: no '.00' (docs/product.md#prices).
    expect(screen.getByLabelText('Price per piece (₹) *')).toHaveValue('1234.50');
    expect(screen.getByLabelText('Quantity available *')).toHaveValue('40');
    expect(screen.getByLabelText('Minimum order quantity *')).toHaveValue('1');
    expect(screen.getByRole('list', { name: 'Selected tags' })).toHaveTextContent('steel');
  });

  it('shows a stored price range as typed, and drops it when the listing becomes Buy now (docs/product.md#prices)', async () => {
    const ranged = productFixture({ isOwner: true, purchaseType: 'inquire', pricePaise: '120000', priceInInr: '1200.00', priceMaxPaise: '150000' });
    const { user } = renderApp({
      initialEntries: [path],
      me: TEST_USER,
      mocks: [
        productMock(ranged),
        categoriesMock,
        {
          request: { query: UpdateProductDocument, variables: (v: Record<string, unknown>) => JSON.stringify([(v.input as Record<string, unknown>).purchaseType, (v.input as Record<string, unknown>).price, (v.input as Record<string, unknown>).priceMax]) === '["buy_now","1200",null]' },
          result: { data: { updateProduct: { ...ranged, purchaseType: 'buy_now', priceMaxPaise: null } } },
        },
      ],
    });
    expect(await screen.findByLabelText('Price per piece (₹)')).toHaveValue('1200');
    expect(screen.getByLabelText('Highest price per piece (₹), for a range')).toHaveValue('1500');
    expect(screen.getByText('Buyers see: ₹1,200–₹1,500 / piece')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('How buyers order'), 'buy_now');
    expect(screen.queryByLabelText(/Highest price/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Product updated successfully!')).toBeInTheDocument();
  });

  it("offers the same categories as a new listing, with a stored listing's own when it is another", async () => {
    renderApp({ initialEntries: [path], me: TEST_USER, mocks: [productMock(productFixture({ isOwner: true, category: 'UnisexClothing' })), categoriesMock] });
    const category = await screen.findByLabelText('Category *');
    await waitFor(() => expect(within(category).getAllByRole('option').map((o) => o.textContent)).toEqual(['Computers & Laptops', 'Kitchen & Dining', 'Unisex Clothing', 'Other']));
    expect(category).toHaveValue('UnisexClothing');
  });

  it('tells a stranger the product is not theirs', async () => {
    renderApp({ initialEntries: [path], me: TEST_USER, mocks: [productMock(productFixture({ isOwner: false })), categoriesMock] });
    expect(await screen.findByRole('alert')).toHaveTextContent('You can only edit your own products.');
    expect(screen.queryByLabelText('Title *')).not.toBeInTheDocument();
  });

  it('adds tags as chips with Enter or a comma: trimmed, unique, removable', async () => {
    const { user } = renderEdit();
    const input = await screen.findByLabelText('Tags');
    await user.type(input, ' export {Enter}');
    await user.type(input, 'Steel,');
    await user.type(input, 'bulk,');
    const chips = screen.getByRole('list', { name: 'Selected tags' });
    expect(within(chips).getAllByRole('listitem').map((li) => li.firstChild?.textContent)).toEqual(['steel', 'bottle', 'export', 'bulk']);
    await user.click(screen.getByRole('button', { name: 'Remove tag bottle' }));
    expect(within(chips).getAllByRole('listitem')).toHaveLength(3);
  });

  it('refuses the 33rd tag', async () => {
    const { user } = renderApp({
      initialEntries: [path],
      me: TEST_USER,
      mocks: [productMock(productFixture({ isOwner: true, tags: Array.from({ length: 32 }, (_, i) => `t${i}`) })), categoriesMock],
    });
    await user.type(await screen.findByLabelText('Tags'), 'one more{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('At most 32 tags allowed');
  });

  it('saves with quantity as the maximum, and says so', async () => {
    const { user } = renderEdit([
      {
        request: {
          query: UpdateProductDocument,
          variables: (v: Record<string, unknown>) => {
            const input = v.input as Record<string, unknown>;
            return v.id === PRODUCT_ID && input.maxQuantity === 60 && input.title === 'Steel bottles 750 ml' && input.price === '1234.50';
          },
        },
        result: { data: { updateProduct: { ...owned, title: 'Steel bottles 750 ml', maxQuantity: 60 } } },
      },
    ]);
    const title = await screen.findByLabelText('Title *');
    await user.clear(title);
    await fill(user, title, 'Steel bottles 750 ml');
    await user.clear(screen.getByLabelText('Quantity available *'));
    await user.type(screen.getByLabelText('Quantity available *'), '60');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Product updated successfully!')).toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes (the form or the questions), and not after saving', async () => {
    const { user, router } = renderEdit([
      { request: { query: UpdateProductDocument, variables: () => true }, result: { data: { updateProduct: { ...owned, title: 'Steel water bottles 750 ml' } } } },
    ]);
    const title = await screen.findByLabelText('Title *');
    expect(screen.queryByText('Some changes are not saved yet.')).not.toBeInTheDocument();
    await user.type(title, ' 750 ml');
    expect(screen.getByText('Some changes are not saved yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'View product page' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay and save' }));
    expect(router.state.location.pathname).toBe(path);
    expect(title).toHaveValue('Steel water bottles 750 ml');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Product updated successfully!')).toBeInTheDocument();
    expect(screen.queryByText('Some changes are not saved yet.')).not.toBeInTheDocument();
    // An edited question is unsaved too: leaving asks, and leaving anyway goes.
    await user.click(screen.getByRole('button', { name: 'Add question' }));
    await fill(user, screen.getByLabelText('Question 1'), 'Need a GST invoice?');
    expect(screen.getByText('Some changes are not saved yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'View product page' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/product/${PRODUCT_ID}`));
  });

  it('asks before leaving when only a saved question was changed, and the browser asks on reload', async () => {
    const saved = { __typename: 'CustomQuestion' as const, id: 'q1', question: 'How many pieces?', questionType: 'FreeResponse', mandatory: true };
    const withQuestion = productFixture({ isOwner: true, customQuestions: [saved] });
    const { user, router } = renderApp({ initialEntries: [path], me: TEST_USER, mocks: [productMock(withQuestion), categoriesMock] });
    const question = await screen.findByLabelText('Question 1');
    const reload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(reload()).toBe(false);
    await user.click(screen.getByLabelText('Answer required'));
    expect(reload()).toBe(true);
    // Putting it back as it was is nothing to save.
    await user.click(screen.getByLabelText('Answer required'));
    expect(reload()).toBe(false);
    await user.type(question, ' (in cartons)');
    expect(reload()).toBe(true);
    await user.click(screen.getByRole('link', { name: 'View product page' }));
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it('saves the minimum order quantity with the maximum', async () => {
    const { user } = renderEdit([
      {
        request: {
          query: UpdateProductDocument,
          variables: (v: Record<string, unknown>) => {
            const input = v.input as Record<string, unknown>;
            return input.minQuantity === 10 && input.maxQuantity === 40;
          },
        },
        result: { data: { updateProduct: { ...owned, minQuantity: 10 } } },
      },
    ]);
    const min = await screen.findByLabelText('Minimum order quantity *');
    await user.clear(min);
    await user.type(min, '10');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Product updated successfully!')).toBeInTheDocument();
  });

  it.each([
    ['a minimum of 0', '0', '40', 'Please correct the fields marked in red', { 'Minimum order quantity *': 'Minimum order quantity must be a whole number from 1 to 10,00,000' }],
    ['a fractional minimum', '2.5', '40', 'Please correct the fields marked in red', { 'Minimum order quantity *': 'Minimum order quantity must be a whole number from 1 to 10,00,000' }],
    [
      'a quantity below the minimum',
      '50',
      '40',
      'Please correct the fields marked in red',
      { 'Minimum order quantity *': 'Quantity available must be at least the minimum order quantity', 'Quantity available *': 'Quantity available must be at least the minimum order quantity' },
    ],
    ['no minimum', '', '40', 'Please fill in all required fields', { 'Minimum order quantity *': 'Please enter the minimum order quantity' }],
  ])('refuses %s before saving, with the message next to the field and focus on it', async (_name, min, max, message, invalid: Record<string, string>) => {
    const { user } = renderEdit();
    await user.clear(await screen.findByLabelText('Minimum order quantity *'));
    if (min) await user.type(screen.getByLabelText('Minimum order quantity *'), min);
    await user.clear(screen.getByLabelText('Quantity available *'));
    await user.type(screen.getByLabelText('Quantity available *'), max);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    for (const [label, text] of Object.entries(invalid)) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(text);
    }
    expect(screen.getByLabelText('Minimum order quantity *')).toHaveFocus();
    // Fixing a quantity clears the marks of both (they are checked against each other).
    await user.type(screen.getByLabelText('Minimum order quantity *'), '{Backspace}1');
    expect(screen.getByLabelText('Minimum order quantity *')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Quantity available *')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so in Hindi too', async () => {
    await changeLanguage('hi');
    const { user } = renderEdit();
    const min = await screen.findByLabelText('कम से कम ऑर्डर मात्रा *');
    await user.clear(min);
    await user.type(min, '50');
    await user.click(screen.getByRole('button', { name: 'बदलाव सेव करें' }));
    expect(screen.getByRole('alert')).toHaveTextContent('कृपया लाल निशान वाली जानकारी ठीक करें');
    expect(min).toHaveAccessibleDescription('उपलब्ध मात्रा कम से कम ऑर्डर मात्रा जितनी तो होनी चाहिए');
    expect(screen.getByText('कुछ बदलाव अभी सेव नहीं हुए हैं।')).toBeInTheDocument();
  });

  it('requires title, description, condition, category, price and quantity', async () => {
    const { user } = renderEdit();
    await user.clear(await screen.findByLabelText('Quantity available *'));
    await user.clear(screen.getByLabelText('Title *'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all required fields');
    expect(screen.getByLabelText('Title *')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Title *')).toHaveFocus();
    expect(screen.getByLabelText('Title *')).toHaveAccessibleDescription('Please enter a title');
    expect(screen.getByLabelText('Quantity available *')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Quantity available *')).toHaveAccessibleDescription('Please enter the quantity available');
  });

  it("shows the server's message when saving fails", async () => {
    const { user } = renderEdit([
      {
        request: { query: UpdateProductDocument, variables: () => true },
        result: { errors: [new GraphQLError('Maximum quantity must be at least the minimum quantity', { extensions: { code: 'BAD_USER_INPUT' } })] },
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Maximum quantity must be at least the minimum quantity');
  });

  it("marks the fields the server's refusal names, with its messages, and focuses the first", async () => {
    const { user } = renderEdit([
      {
        request: { query: UpdateProductDocument, variables: () => true },
        result: {
          errors: [
            new GraphQLError('Title must be at most 200 characters', {
              extensions: { code: 'BAD_USER_INPUT', details: { fields: { maxQuantity: 'Quantity is too large', title: 'Title must be at most 200 characters', 'no.such': 'x' } } },
            }),
          ],
        },
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Title must be at most 200 characters');
    const title = screen.getByLabelText('Title *');
    expect(title).toHaveFocus();
    expect(title).toHaveAccessibleDescription('Title must be at most 200 characters');
    expect(screen.getByLabelText('Quantity available *')).toHaveAccessibleDescription('Quantity is too large');
    await user.type(title, '!');
    await user.type(screen.getByLabelText('Quantity available *'), '0');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('saves a new gallery order at once, with the messages, cleared after 3 s', async () => {
    const reordered = { ...owned, gallery: [{ ...owned.gallery[1], order: 0 }, { ...owned.gallery[0], order: 1 }] };
    // The answer is held back (on the fake clock) until the saving message has been checked.
    const { user } = renderEdit([
      { request: { query: ReorderProductGalleryDocument, variables: { id: PRODUCT_ID, itemIds: ['g2', 'g1'] } }, result: { data: { reorderProductGallery: reordered } }, delay: 60_000 },
    ]);
    await screen.findByRole('list', { name: 'Chosen pictures' });
    expect(galleryItems()).toEqual(['/uploads/products/p/1-sm.webp', '/uploads/products/p/2-sm.webp']);
    await user.click(screen.getByRole('button', { name: 'Move Picture 2 earlier' }));
    expect(screen.getByText('Saving gallery order...')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(60_000));
    expect(await screen.findByText('Gallery order updated successfully')).toBeInTheDocument();
    expect(galleryItems()).toEqual(['/uploads/products/p/2-sm.webp', '/uploads/products/p/1-sm.webp']);
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByText('Gallery order updated successfully')).not.toBeInTheDocument();
  });

  it('reorders by dragging; a failed save puts the old order back with the message', async () => {
    renderEdit([
      {
        request: { query: ReorderProductGalleryDocument, variables: { id: PRODUCT_ID, itemIds: ['g2', 'g1'] } },
        result: { errors: [new GraphQLError('Something went wrong', { extensions: { code: 'INTERNAL_SERVER_ERROR' } })] },
      },
    ]);
    await screen.findByRole('list', { name: 'Chosen pictures' });
    const [first, second] = within(galleryList()).getAllByRole('listitem');
    const dataTransfer = { setData: () => {}, effectAllowed: 'move' };
    fireEvent.dragStart(second, { dataTransfer });
    fireEvent.dragOver(first, { dataTransfer });
    fireEvent.drop(first, { dataTransfer });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to save gallery order. Please try again.');
    expect(galleryItems()).toEqual(['/uploads/products/p/1-sm.webp', '/uploads/products/p/2-sm.webp']);
  });

  it('removes a gallery item with its message', async () => {
    const { user } = renderEdit([
      {
        request: { query: DeleteProductGalleryItemDocument, variables: { id: PRODUCT_ID, itemId: 'g1' } },
        result: { data: { deleteProductGalleryItem: { ...owned, gallery: [{ ...owned.gallery[1], order: 0 }] } } },
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Remove Picture 1' }));
    expect(await screen.findByText('Gallery item removed successfully')).toBeInTheDocument();
    await waitFor(() => expect(within(galleryList()).getAllByRole('listitem')).toHaveLength(1));
  });

  it('adds files through the upload with progress, and refuses more than 5 in all', async () => {
    uploads = fakeUploads(() => ({ status: 200, body: { gallery: [] } }), { hold: true });
    const { user } = renderEdit();
    const add = await screen.findByLabelText(/More pictures and files \(up to 5\)/);
    await user.upload(add, Array.from({ length: 4 }, (_, i) => fakeFile(`x${i}.jpg`, 'image/jpeg')));
    expect(screen.getByRole('alert')).toHaveTextContent('Maximum 5 gallery images allowed');
    expect(uploads.calls).toHaveLength(0);
    await user.upload(add, [fakeFile('one.jpg', 'image/jpeg')]);
    const bar = await screen.findByRole('progressbar', { name: 'Upload progress' });
    await waitFor(() => expect(bar).toHaveAttribute('value', '50'));
    expect(add).toBeDisabled();
    act(() => uploads!.release());
    expect(await screen.findByText('Gallery updated')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect([uploads.calls[0].method, uploads.calls[0].url]).toEqual(['POST', `/seller/products/${PRODUCT_ID}/gallery/add`]);
  });

  it('uploads gallery files dropped on the gallery at once', async () => {
    uploads = fakeUploads(() => ({ status: 200, body: { gallery: [] } }));
    renderEdit();
    const zone = await screen.findByTestId('product-gallery-drop-zone');
    fireEvent.dragEnter(zone, { dataTransfer: { types: ['Files'], files: [] } });
    expect(zone).toHaveClass('drop-zone--over');
    fireEvent.drop(zone, { dataTransfer: { types: ['Files'], files: [fakeFile('new.jpg', 'image/jpeg')] } });
    expect(await screen.findByText('Gallery updated')).toBeInTheDocument();
    expect(zone).not.toHaveClass('drop-zone--over');
    expect([uploads.calls[0].method, uploads.calls[0].url]).toEqual(['POST', `/seller/products/${PRODUCT_ID}/gallery/add`]);
    expect((uploads.calls[0].body.get('gallery') as File).name).toBe('new.jpg');
    // Four more would pass 5 in all: refused before any upload.
    fireEvent.drop(zone, { dataTransfer: { types: ['Files'], files: Array.from({ length: 4 }, (_, i) => fakeFile(`x${i}.jpg`, 'image/jpeg')) } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Maximum 5 gallery images allowed');
    expect(uploads.calls).toHaveLength(1);
  });

  it('saves the questions with the fields in one Save changes, refusing one without text', async () => {
    const stored = [{ __typename: 'CustomQuestion' as const, id: 'q1', question: 'Need a GST invoice?', questionType: 'YesNo', mandatory: true }];
    const { user } = renderEdit([
      {
        request: {
          query: UpdateProductDocument,
          variables: (v: Record<string, unknown>) => {
            const input = v.input as Record<string, unknown>;
            return (
              input.title === 'Steel water bottles, 1 litre' &&
              JSON.stringify(input.customQuestions) === JSON.stringify([{ question: 'Need a GST invoice?', questionType: 'YesNo', mandatory: true }])
            );
          },
        },
        result: { data: { updateProduct: { ...owned, title: 'Steel water bottles, 1 litre', customQuestions: stored } } },
      },
    ]);
    expect(screen.queryByRole('button', { name: 'Save questions' })).not.toBeInTheDocument();
    await user.type(await screen.findByLabelText('Title *'), ', 1 litre');
    await user.click(screen.getByRole('button', { name: 'Add question' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the fields marked in red');
    const question = screen.getByLabelText('Question 1');
    expect(question).toHaveFocus();
    expect(question).toHaveAccessibleDescription('Each question needs some text');
    await user.type(question, 'Need a GST invoice?');
    expect(question).not.toHaveAttribute('aria-invalid');
    await user.selectOptions(screen.getByLabelText('Answer type'), 'YesNo');
    await user.click(screen.getByLabelText('Answer required'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Product updated successfully!')).toBeInTheDocument();
    expect(screen.queryByText('Some changes are not saved yet.')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Question 1')).toHaveValue('Need a GST invoice?');
  });

  it('asks the AI helper with the description being edited, and marks an emptied description', async () => {
    const { user } = renderEdit();
    const description = await screen.findByLabelText('Description *');
    await user.clear(description);
    await user.click(screen.getByRole('button', { name: 'Suggest questions with AI' }));
    expect(description).toHaveFocus();
    expect(description).toHaveAccessibleDescription('Description is required to generate questions');
    await fill(user, description, 'Steel');
    expect(description).not.toHaveAttribute('aria-invalid');
  });
});
