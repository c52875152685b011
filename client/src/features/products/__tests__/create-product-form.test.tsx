import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GenerateProductQuestionsDocument } from '../../../graphql/generated';
import { fill, renderApp } from '../../../test/render-app';
import { LOGGED_IN_STORAGE_KEY } from '../../auth/session-context';
import { categoriesMock, fakeFile, fakeUploads, PRODUCT_ID, productFixture, productMock, TEST_USER } from './fixtures';

const MB = 1024 * 1024;
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

function renderForm(mocks = [categoriesMock], path = '/sell') {
  return renderApp({ initialEntries: [path], me: TEST_USER, mocks });
}

const submit = () => screen.getByRole('button', { name: 'Create product' });

describe('the create form (/sell and /seller/products/create)', () => {
  it('sends a visitor to /login', async () => {
    window.localStorage.clear();
    const { router } = renderApp({ initialEntries: ['/seller/products/create'] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('opens for a logged-in user whose browser has not stored the logged-in flag (a link opened in a fresh profile), once the server says who it is', async () => {
    window.localStorage.clear();
    const { router } = renderApp({ initialEntries: ['/sell'], me: TEST_USER, mocks: [categoriesMock] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sell a product' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sell');
  });

  it('offers the 50 categories listings are offered, with their display names (docs/product.md#categories)', async () => {
    renderForm();
    const category = await screen.findByLabelText('Category *');
    await waitFor(() => expect(within(category).getAllByRole('option').map((o) => o.textContent)).toEqual(['Computers & Laptops', 'Kitchen & Dining', 'Other']));
    expect(category).toHaveValue('Other');
  });

  it('asks for title, description, category and thumbnail: "Please fill in all required fields", each message next to its field', async () => {
    const { user } = renderForm();
    await user.click(await screen.findByRole('button', { name: 'Create product' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all required fields');
    expect(screen.getByLabelText('Title *')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Title *')).toHaveAccessibleDescription('Please enter a title');
    expect(screen.getByLabelText('Description *')).toHaveAccessibleDescription('Please describe the product');
    const thumbnail = screen.getByLabelText(/Main picture \*/);
    expect(thumbnail).toHaveAttribute('aria-invalid', 'true');
    expect(thumbnail).toHaveAccessibleDescription('JPEG, PNG, GIF or WebP, less than 5MB. Please upload a thumbnail image');
  });

  it('shows the chosen pictures before anything is uploaded, and releases them when the choice changes', async () => {
    let made = 0;
    const revoked: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => `blob:${++made}`, revokeObjectURL: (u: string) => revoked.push(u) }));
    const { user } = renderForm();
    await user.upload(await screen.findByLabelText(/Main picture \*/), fakeFile('main.jpg', 'image/jpeg', 1000));
    await user.upload(screen.getByLabelText(/More pictures and files \(up to 5\)/), [fakeFile('a.jpg', 'image/jpeg', 1000), fakeFile('b.jpg', 'image/jpeg', 1000)]);
    expect(screen.getByRole('list', { name: 'Chosen main picture' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Chosen pictures' })).getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['a.jpg', 'b.jpg']);
    expect(screen.getByRole('img', { name: 'main.jpg' })).toHaveAttribute('src', 'blob:1');
    await user.upload(screen.getByLabelText(/Main picture \*/), fakeFile('other.jpg', 'image/jpeg', 1000));
    expect(revoked).toContain('blob:1');
    expect(screen.getByRole('img', { name: 'other.jpg' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'main.jpg' })).not.toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it('moves focus to the first missing field and clears its mark and message once it is filled in', async () => {
    const { user } = renderForm();
    await user.click(await screen.findByRole('button', { name: 'Create product' }));
    const title = screen.getByLabelText('Title *');
    expect(title).toHaveFocus();
    await user.type(title, 'S');
    expect(title).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Please enter a title')).not.toBeInTheDocument();
    expect(title).not.toHaveAccessibleDescription();
    expect(screen.getByLabelText(/Main picture \*/)).toHaveAttribute('aria-invalid', 'true');
    // The summary stays while other fields are still marked, and goes with the last of them.
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all required fields');
    await fill(user, screen.getByLabelText('Description *'), 'Steel almirah, 4 shelves');
    await user.type(screen.getByLabelText('Quantity available *'), '40');
    await user.upload(screen.getByLabelText(/Main picture \*/), fakeFile('t.jpg', 'image/jpeg'));
    expect(screen.getByLabelText(/Main picture \*/)).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('focuses the first bad field in page order, whatever kind of problem it has', async () => {
    const { user } = renderForm();
    await fill(user, await screen.findByLabelText('Title *'), 'Bottles');
    await fill(user, screen.getByLabelText('Description *'), 'Steel bottles');
    await user.upload(screen.getByLabelText(/Main picture \*/), fakeFile('t.jpg', 'image/jpeg'));
    await user.selectOptions(screen.getByLabelText('How buyers order'), 'buy_now');
    await user.click(screen.getByRole('button', { name: 'Add question' }));
    await user.click(submit());
    // The price (empty), the quantity available (empty), then the question (no text): the price comes first.
    expect(screen.getByLabelText('Price per piece (₹) *')).toHaveFocus();
    expect(screen.getByLabelText('Price per piece (₹) *')).toHaveAccessibleDescription('From ₹1 to ₹10,00,00,000. Please enter a price for Buy now products');
    expect(screen.getByLabelText('Quantity available *')).toHaveAccessibleDescription('Please enter the quantity available');
    expect(screen.getByLabelText('Question 1')).toHaveAccessibleDescription('Each question needs some text');
    await fill(user, screen.getByLabelText('Question 1'), 'GST invoice needed?');
    expect(screen.getByLabelText('Question 1')).not.toHaveAttribute('aria-invalid');
  });

  it('refuses a thumbnail of exactly 5MB (or more) and more than 5 gallery images, next to the field', async () => {
    const { user } = renderForm();
    const thumbnail = await screen.findByLabelText(/Main picture \*/);
    await user.upload(thumbnail, fakeFile('big.jpg', 'image/jpeg', 5 * MB));
    expect(thumbnail).toHaveAccessibleDescription(/Thumbnail file size must be less than 5MB$/);
    expect(screen.queryByRole('img', { name: 'big.jpg' })).not.toBeInTheDocument();
    const gallery = screen.getByLabelText(/More pictures and files \(up to 5\)/);
    const six = Array.from({ length: 6 }, (_, i) => fakeFile(`g${i}.jpg`, 'image/jpeg'));
    await user.upload(gallery, six);
    expect(gallery).toHaveAccessibleDescription(/Maximum 5 gallery images allowed$/);
    await user.upload(gallery, [fakeFile('big.png', 'image/png', 6 * MB)]);
    expect(gallery).toHaveAccessibleDescription(/Each gallery image must be less than 5MB$/);
    // A good choice clears the message.
    await user.upload(thumbnail, fakeFile('ok.jpg', 'image/jpeg'));
    expect(thumbnail).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Thumbnail file size must be less than 5MB')).not.toBeInTheDocument();
  });

  it('adds gallery files to those chosen, up to 5 in all, and refuses a sixth without losing the five', async () => {
    const { user } = renderForm();
    const gallery = await screen.findByLabelText(/More pictures and files \(up to 5\)/);
    await user.upload(gallery, [fakeFile('a.jpg', 'image/jpeg'), fakeFile('b.jpg', 'image/jpeg')]);
    await user.upload(gallery, [fakeFile('c.jpg', 'image/jpeg'), fakeFile('d.mp4', 'video/mp4'), fakeFile('e.jpg', 'image/jpeg')]);
    const list = screen.getByRole('list', { name: 'Chosen pictures' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(gallery).toHaveAccessibleDescription(/5 of 5 chosen\.$/);
    await user.upload(gallery, [fakeFile('f.jpg', 'image/jpeg')]);
    expect(gallery).toHaveAccessibleDescription(/Maximum 5 gallery images allowed$/);
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    // A file that is not a picture shows its kind (and its name to a screen reader).
    expect(within(list).getByText('MP4')).toBeInTheDocument();
    // Removing one makes room, and clears the message.
    await user.click(screen.getByRole('button', { name: 'Remove c.jpg' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    expect(gallery).not.toHaveAttribute('aria-invalid');
  });

  it('reorders and removes chosen files before upload (buttons and drag), and uploads them in that order', async () => {
    uploads = fakeUploads(() => ({ status: 201, body: { product_id: PRODUCT_ID } }));
    const { user } = renderForm([categoriesMock, productMock(productFixture({ id: PRODUCT_ID }))]);
    await fill(user, await screen.findByLabelText('Title *'), 'Bottles');
    await fill(user, screen.getByLabelText('Description *'), 'Steel bottles');
    await user.type(screen.getByLabelText('Quantity available *'), '40');
    await user.upload(screen.getByLabelText(/Main picture \*/), fakeFile('t.jpg', 'image/jpeg'));
    await user.upload(screen.getByLabelText(/More pictures and files \(up to 5\)/), ['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg'].map((n) => fakeFile(n, 'image/jpeg')));
    const names = () => within(screen.getByRole('list', { name: 'Chosen pictures' })).getAllByRole('img').map((img) => img.getAttribute('alt'));
    expect(screen.getByRole('button', { name: 'Move a.jpg earlier' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move d.jpg later' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move c.jpg earlier' }));
    expect(names()).toEqual(['a.jpg', 'c.jpg', 'b.jpg', 'd.jpg']);
    // Focus follows the file; at the first place, where 'earlier' is off, it goes to 'later'.
    expect(screen.getByRole('button', { name: 'Move c.jpg earlier' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(names()).toEqual(['c.jpg', 'a.jpg', 'b.jpg', 'd.jpg']);
    expect(screen.getByRole('button', { name: 'Move c.jpg later' })).toHaveFocus();
    // Dragging d onto the first place.
    const items = within(screen.getByRole('list', { name: 'Chosen pictures' })).getAllByRole('listitem');
    const dataTransfer = { setData: () => {}, effectAllowed: 'move', types: ['text/plain'] };
    fireEvent.dragStart(items[3], { dataTransfer });
    fireEvent.dragOver(items[0], { dataTransfer });
    fireEvent.drop(items[0], { dataTransfer });
    expect(names()).toEqual(['d.jpg', 'c.jpg', 'a.jpg', 'b.jpg']);
    await user.click(screen.getByRole('button', { name: 'Remove a.jpg' }));
    expect(names()).toEqual(['d.jpg', 'c.jpg', 'b.jpg']);
    // Focus moves to the next file's Remove (the pressed button is gone).
    expect(screen.getByRole('button', { name: 'Remove b.jpg' })).toHaveFocus();
    // The main picture can be removed too; the form then asks for one again.
    await user.click(screen.getByRole('button', { name: 'Remove t.jpg' }));
    expect(screen.queryByRole('list', { name: 'Chosen main picture' })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Main picture \*/)).toHaveFocus();
    await user.click(submit());
    expect(screen.getByLabelText(/Main picture \*/)).toHaveFocus();
    expect(uploads.calls).toHaveLength(0);
    await user.upload(screen.getByLabelText(/Main picture \*/), fakeFile('t2.jpg', 'image/jpeg'));
    await user.click(submit());
    await waitFor(() => expect(uploads!.calls).toHaveLength(1));
    const body = uploads.calls[0].body;
    expect((body.get('thumbnail') as File).name).toBe('t2.jpg');
    expect(body.getAll('gallery').map((file) => (file as File).name)).toEqual(['d.jpg', 'c.jpg', 'b.jpg']);
  });

  it('takes pictures dropped on a zone: the first dropped on the main picture is the main one, the others join the gallery', async () => {
    renderForm();
    const zone = await screen.findByTestId('product-thumbnail-drop-zone');
    const files = [fakeFile('front.jpg', 'image/jpeg'), fakeFile('side.jpg', 'image/jpeg'), fakeFile('back.png', 'image/png')];
    fireEvent.dragEnter(zone, { dataTransfer: { types: ['Files'], files } });
    expect(zone).toHaveClass('drop-zone--over');
    fireEvent.dragOver(zone, { dataTransfer: { types: ['Files'], files, dropEffect: 'none' } });
    fireEvent.drop(zone, { dataTransfer: { types: ['Files'], files } });
    expect(zone).not.toHaveClass('drop-zone--over');
    expect(within(screen.getByRole('list', { name: 'Chosen main picture' })).getByRole('img', { name: 'front.jpg' })).toBeInTheDocument();
    const gallery = screen.getByRole('list', { name: 'Chosen pictures' });
    expect(within(gallery).getAllByRole('listitem')).toHaveLength(2);
    fireEvent.drop(screen.getByTestId('product-gallery-drop-zone'), { dataTransfer: { types: ['Files'], files: [fakeFile('page.html', 'text/html')] } });
    expect(screen.getByLabelText(/More pictures and files \(up to 5\)/)).toHaveAccessibleDescription(/File type "text\/html" is not allowed$/);
    expect(within(gallery).getAllByRole('listitem')).toHaveLength(2);
  });

  it('is reached with the keyboard: Tab moves from the condition to the main picture chooser, then the gallery one', async () => {
    const { user } = renderForm();
    await user.click(await screen.findByLabelText('Condition *'));
    await user.tab();
    const thumbnail = screen.getByLabelText(/Main picture \*/);
    expect(thumbnail).toHaveFocus();
    // Its name says what it is for and what it does; the visible button is its second label.
    expect(thumbnail).toHaveAccessibleName('Main picture * Choose picture');
    await user.tab();
    expect(screen.getByLabelText(/More pictures and files \(up to 5\)/)).toHaveFocus();
    expect(screen.getByLabelText(/More pictures and files \(up to 5\)/)).toHaveAccessibleName('More pictures and files (up to 5) Choose pictures');
  });

  it('asks for a price for Buy now, within the stated limits (docs/product.md#prices)', async () => {
    const { user } = renderForm();
    await user.selectOptions(await screen.findByLabelText('How buyers order'), 'buy_now');
    await fill(user, screen.getByLabelText('Title *'), 'Bottles');
    await fill(user, screen.getByLabelText('Description *'), 'Steel bottles');
    await user.type(screen.getByLabelText('Quantity available *'), '40');
    await user.upload(screen.getByLabelText(/Main picture \*/), fakeFile('t.jpg', 'image/jpeg'));
    expect(screen.queryByLabelText(/Highest price/)).not.toBeInTheDocument();
    await user.click(submit());
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all required fields');
    const price = screen.getByLabelText('Price per piece (₹) *');
    expect(price).toHaveFocus();
    expect(price).toHaveAccessibleDescription('From ₹1 to ₹10,00,00,000. Please enter a price for Buy now products');
    for (const [typed, message] of [
      ['10.555', 'Price must be an amount in rupees, with at most 2 decimals'],
      ['0', 'Price must be from ₹1 to ₹10,00,00,000'],
      ['100000000.01', 'Price must be from ₹1 to ₹10,00,00,000'],
    ]) {
      await user.clear(price);
      await user.type(price, typed);
      expect(price).not.toHaveAttribute('aria-invalid');
      await user.click(submit());
      expect(price).toHaveAccessibleDescription(`From ₹1 to ₹10,00,00,000. ${message}`);
      expect(screen.getByRole('alert')).toHaveTextContent('Please correct the fields marked in red');
    }
    await user.clear(price);
    await user.type(price, '1450');
    expect(screen.getByText('Buyers see: ₹1,450 / piece')).toBeInTheDocument();
  });

  it('lets an inquiry show one price, a range or none, and checks the range', async () => {
    const { user } = renderForm();
    const price = await screen.findByLabelText('Price per piece (₹)');
    const top = screen.getByLabelText('Highest price per piece (₹), for a range');
    expect(price).toHaveAccessibleDescription(/^Optional: one price, or a range/);
    await user.type(top, '1500');
    await user.clear(screen.getByLabelText('Minimum order quantity *'));
    await user.type(screen.getByLabelText('Minimum order quantity *'), '10');
    await user.click(submit());
    expect(price).toHaveAccessibleDescription(/Please enter the lowest price of the range too$/);
    await user.type(price, '1800');
    await user.click(submit());
    expect(top).toHaveAccessibleDescription('The highest price must be more than the lowest');
    await user.clear(price);
    await user.type(price, '1200');
    expect(screen.getByText('Buyers see: ₹1,200–₹1,500 / piece · min. 10')).toBeInTheDocument();
  });

  it('the AI helper needs a description, then adds the suggested questions with a count', async () => {
    const { user } = renderForm([
      categoriesMock,
      {
        request: {
          query: GenerateProductQuestionsDocument,
          variables: { input: { description: 'Steel bottles in bulk', title: undefined, category: 'Other', productType: 'new', productId: undefined, language: 'en' } },
        },
        result: {
          data: {
            generateProductQuestions: [
              { __typename: 'CustomQuestion', id: 'a', question: 'How many units do you need?', questionType: 'FreeResponse', mandatory: true },
              { __typename: 'CustomQuestion', id: 'b', question: 'Do you need a GST invoice?', questionType: 'YesNo', mandatory: false },
            ],
          },
        },
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Suggest questions with AI' }));
    // The message is at the description, where the fix is, and goes as soon as there is one.
    const description = screen.getByLabelText('Description *');
    expect(description).toHaveFocus();
    expect(description).toHaveAccessibleDescription('Description is required to generate questions');
    await fill(user, description, 'Steel bottles in bulk');
    expect(description).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Description is required to generate questions')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Suggest questions with AI' }));
    expect(await screen.findByText('Generated 2 questions')).toBeInTheDocument();
    expect(screen.getByLabelText('Question 1')).toHaveValue('How many units do you need?');
    expect(screen.getByLabelText('Question 2')).toHaveValue('Do you need a GST invoice?');
  });

  it("shows the server's message when generation fails", async () => {
    const { user } = renderForm([
      categoriesMock,
      {
        request: { query: GenerateProductQuestionsDocument, variables: () => true },
        result: { errors: [new GraphQLError('Failed to generate questions', { extensions: { code: 'SERVICE_UNAVAILABLE' } })] },
      },
    ]);
    await fill(user, await screen.findByLabelText('Description *'), 'Chairs');
    await user.click(screen.getByRole('button', { name: 'Suggest questions with AI' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to generate questions');
  });

  it('refuses a custom question without text', async () => {
    const { user } = renderForm();
    await fill(user, await screen.findByLabelText('Title *'), 'Bottles');
    await fill(user, screen.getByLabelText('Description *'), 'Steel bottles');
    await user.type(screen.getByLabelText('Quantity available *'), '40');
    await user.upload(screen.getByLabelText(/Main picture \*/), fakeFile('t.jpg', 'image/jpeg'));
    await user.click(screen.getByRole('button', { name: 'Add question' }));
    await user.click(submit());
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the fields marked in red');
    expect(screen.getByLabelText('Question 1')).toHaveFocus();
    expect(screen.getByLabelText('Question 1')).toHaveAccessibleDescription('Each question needs some text');
  });

  it('uploads with progress, says it worked, and opens the product page 2 s later', async () => {
    uploads = fakeUploads(() => ({ status: 201, body: { message: 'Product created successfully', product_id: PRODUCT_ID, product: { product_id: PRODUCT_ID } } }), { hold: true });
    // (The product page it opens asks for the new product.)
    const { user, router } = renderForm([categoriesMock, productMock(productFixture({ id: PRODUCT_ID }))]);
    await fill(user, await screen.findByLabelText('Title *'), 'Bottles');
    await fill(user, screen.getByLabelText('Description *'), 'Steel bottles');
    await user.type(screen.getByLabelText('Tags'), ' steel, ,bulk ');
    await user.type(screen.getByLabelText('Quantity available *'), '25');
    await user.upload(screen.getByLabelText(/Main picture \*/), fakeFile('t.jpg', 'image/jpeg'));
    await user.upload(screen.getByLabelText(/More pictures and files \(up to 5\)/), [fakeFile('a.jpg', 'image/jpeg'), fakeFile('b.png', 'image/png')]);
    await user.click(submit());
    const bar = await screen.findByRole('progressbar', { name: 'Upload progress' });
    await waitFor(() => expect(bar).toHaveAttribute('value', '50'));
    expect(screen.getByRole('button', { name: 'Uploading… 50%' })).toBeDisabled();
    act(() => uploads!.release());
    // Said beside the button, which stays in view at the bottom of the screen.
    expect(await screen.findByRole('status')).toHaveTextContent('Product created successfully Opening its page…');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    const call = uploads.calls[0];
    expect([call.method, call.url]).toEqual(['POST', '/seller/products/create']);
    const product = JSON.parse(String(call.body.get('product')));
    expect(product).toMatchObject({
      title: 'Bottles',
      description: 'Steel bottles',
      product_type: 'new',
      purchase_type: 'inquire',
      category: 'Other',
      tags: ['steel', 'bulk'],
      condition: 'new',
      quantity: { min_quantity: 1, max_quantity: 25 },
      custom_questions: { questions: [] },
    });
    expect(product.price).toBeUndefined();
    expect(product.price_max).toBeUndefined();
    expect(call.body.getAll('gallery')).toHaveLength(2);
    expect(router.state.location.pathname).toBe('/sell');
    act(() => vi.advanceTimersByTime(2000));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/product/${PRODUCT_ID}`));
  });

  it("shows the server's message when the upload is refused", async () => {
    uploads = fakeUploads(() => ({ status: 415, body: { message: 'File type "text/html" is not allowed', code: 'UNSUPPORTED_MEDIA_TYPE' } }));
    const { user } = renderForm();
    await fill(user, await screen.findByLabelText('Title *'), 'Bottles');
    await fill(user, screen.getByLabelText('Description *'), 'Steel bottles');
    await user.type(screen.getByLabelText('Quantity available *'), '40');
    await user.upload(screen.getByLabelText(/Main picture \*/), fakeFile('t.jpg', 'image/jpeg'));
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('File type "text/html" is not allowed');
  });

  it("marks the fields the server's refusal names (a question too), with its messages, and focuses the first", async () => {
    uploads = fakeUploads(() => ({
      status: 400,
      body: {
        message: 'Price must be at most ₹10,00,00,000',
        code: 'BAD_USER_INPUT',
        details: { fields: { price: 'Price must be at most ₹10,00,00,000', 'custom_questions.0.question': 'A question may have at most 500 characters' } },
      },
    }));
    const { user } = renderForm();
    await user.selectOptions(await screen.findByLabelText('How buyers order'), 'buy_now');
    await fill(user, screen.getByLabelText('Title *'), 'Bottles');
    await fill(user, screen.getByLabelText('Description *'), 'Steel bottles');
    await user.type(screen.getByLabelText('Price per piece (₹) *'), '999');
    await user.type(screen.getByLabelText('Quantity available *'), '40');
    await user.upload(screen.getByLabelText(/Main picture \*/), fakeFile('t.jpg', 'image/jpeg'));
    await user.click(screen.getByRole('button', { name: 'Add question' }));
    await fill(user, screen.getByLabelText('Question 1'), 'How many?');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Price must be at most ₹10,00,00,000');
    const price = screen.getByLabelText('Price per piece (₹) *');
    expect(price).toHaveFocus();
    expect(price).toHaveAccessibleDescription('From ₹1 to ₹10,00,00,000. Price must be at most ₹10,00,00,000');
    expect(screen.getByLabelText('Question 1')).toHaveAccessibleDescription('A question may have at most 500 characters');
    await user.clear(price);
    await user.type(price, '999');
    await user.type(screen.getByLabelText('Question 1'), ' ');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says "HTTP {status}: {text}" without a server message, and "Failed to parse response" for a bad answer', async () => {
    let answer: { status: number; body: unknown } = { status: 502, body: '<html>bad gateway</html>' };
    uploads = fakeUploads(() => answer);
    const { user } = renderForm();
    await fill(user, await screen.findByLabelText('Title *'), 'Bottles');
    await fill(user, screen.getByLabelText('Description *'), 'Steel bottles');
    await user.type(screen.getByLabelText('Quantity available *'), '40');
    await user.upload(screen.getByLabelText(/Main picture \*/), fakeFile('t.jpg', 'image/jpeg'));
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('HTTP 502: Error');
    answer = { status: 201, body: 'not json' };
    await user.click(submit());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to parse response'));
  });
});
