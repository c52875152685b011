import { act, screen, waitFor } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GenerateProductQuestionsDocument } from '../../../graphql/generated';
import { renderApp } from '../../../test/render-app';
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

  it('asks for title, description, category and thumbnail: "Please fill in all required fields"', async () => {
    const { user } = renderForm();
    await user.click(await screen.findByRole('button', { name: 'Create product' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all required fields');
    expect(screen.getByLabelText('Title *')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Thumbnail image *')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the chosen pictures before anything is uploaded, and releases them when the choice changes', async () => {
    let made = 0;
    const revoked: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => `blob:${++made}`, revokeObjectURL: (u: string) => revoked.push(u) }));
    const { user } = renderForm();
    await user.upload(await screen.findByLabelText('Thumbnail image *'), fakeFile('main.jpg', 'image/jpeg', 1000));
    await user.upload(screen.getByLabelText('Gallery (up to 5 files)'), [fakeFile('a.jpg', 'image/jpeg', 1000), fakeFile('b.jpg', 'image/jpeg', 1000)]);
    const lists = screen.getAllByRole('list', { name: 'Chosen pictures' });
    expect(lists).toHaveLength(2);
    expect(screen.getByRole('img', { name: 'main.jpg' })).toHaveAttribute('src', 'blob:1');
    expect(screen.getByRole('img', { name: 'b.jpg' })).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Thumbnail image *'), fakeFile('other.jpg', 'image/jpeg', 1000));
    expect(revoked).toContain('blob:1');
    expect(screen.getByRole('img', { name: 'other.jpg' })).toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it('moves focus to the first missing field and clears its mark once it is filled in', async () => {
    const { user } = renderForm();
    await user.click(await screen.findByRole('button', { name: 'Create product' }));
    const title = screen.getByLabelText('Title *');
    expect(title).toHaveFocus();
    await user.type(title, 'Steel almirah');
    expect(title).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Thumbnail image *')).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a thumbnail of exactly 5MB (or more) and more than 5 gallery images', async () => {
    const { user } = renderForm();
    await user.upload(await screen.findByLabelText('Thumbnail image *'), fakeFile('big.jpg', 'image/jpeg', 5 * MB));
    expect(screen.getByRole('alert')).toHaveTextContent('Thumbnail file size must be less than 5MB');
    const six = Array.from({ length: 6 }, (_, i) => fakeFile(`g${i}.jpg`, 'image/jpeg'));
    await user.upload(screen.getByLabelText('Gallery (up to 5 files)'), six);
    expect(screen.getByRole('alert')).toHaveTextContent('Maximum 5 gallery images allowed');
    await user.upload(screen.getByLabelText('Gallery (up to 5 files)'), [fakeFile('big.png', 'image/png', 6 * MB)]);
    expect(screen.getByRole('alert')).toHaveTextContent('Each gallery image must be less than 5MB');
  });

  it('asks for a price only for Buy now', async () => {
    const { user } = renderForm();
    await screen.findByLabelText('Title *');
    expect(screen.queryByLabelText('Price in ₹ *')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('How buyers order'), 'buy_now');
    await user.type(screen.getByLabelText('Title *'), 'Bottles');
    await user.type(screen.getByLabelText('Description *'), 'Steel bottles');
    await user.upload(screen.getByLabelText('Thumbnail image *'), fakeFile('t.jpg', 'image/jpeg'));
    await user.click(submit());
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a price for Buy now products');
    await user.type(screen.getByLabelText('Price in ₹ *'), '10.555');
    await user.click(submit());
    expect(screen.getByRole('alert')).toHaveTextContent('Price must be at least 0, with at most 2 decimals');
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
    expect(screen.getByRole('alert')).toHaveTextContent('Description is required to generate questions');
    await user.type(screen.getByLabelText('Description *'), 'Steel bottles in bulk');
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
    await user.type(await screen.findByLabelText('Description *'), 'Chairs');
    await user.click(screen.getByRole('button', { name: 'Suggest questions with AI' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to generate questions');
  });

  it('refuses a custom question without text', async () => {
    const { user } = renderForm();
    await user.type(await screen.findByLabelText('Title *'), 'Bottles');
    await user.type(screen.getByLabelText('Description *'), 'Steel bottles');
    await user.upload(screen.getByLabelText('Thumbnail image *'), fakeFile('t.jpg', 'image/jpeg'));
    await user.click(screen.getByRole('button', { name: 'Add question' }));
    await user.click(submit());
    expect(screen.getByRole('alert')).toHaveTextContent('Each question needs some text');
  });

  it('uploads with progress, says it worked, and opens the product page 2 s later', async () => {
    uploads = fakeUploads(() => ({ status: 201, body: { message: 'Product created successfully', product_id: PRODUCT_ID, product: { product_id: PRODUCT_ID } } }), { hold: true });
    // (The product page it opens asks for the new product.)
    const { user, router } = renderForm([categoriesMock, productMock(productFixture({ id: PRODUCT_ID }))]);
    await user.type(await screen.findByLabelText('Title *'), 'Bottles');
    await user.type(screen.getByLabelText('Description *'), 'Steel bottles');
    await user.type(screen.getByLabelText('Tags'), ' steel, ,bulk ');
    await user.clear(screen.getByLabelText('Maximum quantity'));
    await user.type(screen.getByLabelText('Maximum quantity'), '0');
    await user.upload(screen.getByLabelText('Thumbnail image *'), fakeFile('t.jpg', 'image/jpeg'));
    await user.upload(screen.getByLabelText('Gallery (up to 5 files)'), [fakeFile('a.jpg', 'image/jpeg'), fakeFile('b.png', 'image/png')]);
    await user.click(submit());
    const bar = await screen.findByRole('progressbar', { name: 'Upload progress' });
    await waitFor(() => expect(bar).toHaveAttribute('value', '50'));
    expect(screen.getByRole('button', { name: 'Uploading… 50%' })).toBeDisabled();
    act(() => uploads!.release());
    expect(await screen.findByText('Product created successfully')).toBeInTheDocument();
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
      quantity: { min_quantity: 1, max_quantity: 1 },
      custom_questions: { questions: [] },
    });
    expect(product.price).toBeUndefined();
    expect(call.body.getAll('gallery')).toHaveLength(2);
    expect(router.state.location.pathname).toBe('/sell');
    act(() => vi.advanceTimersByTime(2000));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/product/${PRODUCT_ID}`));
  });

  it("shows the server's message when the upload is refused", async () => {
    uploads = fakeUploads(() => ({ status: 415, body: { message: 'File type "text/html" is not allowed', code: 'UNSUPPORTED_MEDIA_TYPE' } }));
    const { user } = renderForm();
    await user.type(await screen.findByLabelText('Title *'), 'Bottles');
    await user.type(screen.getByLabelText('Description *'), 'Steel bottles');
    await user.upload(screen.getByLabelText('Thumbnail image *'), fakeFile('t.jpg', 'image/jpeg'));
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('File type "text/html" is not allowed');
  });

  it('says "HTTP {status}: {text}" without a server message, and "Failed to parse response" for a bad answer', async () => {
    let answer: { status: number; body: unknown } = { status: 502, body: '<html>bad gateway</html>' };
    uploads = fakeUploads(() => answer);
    const { user } = renderForm();
    await user.type(await screen.findByLabelText('Title *'), 'Bottles');
    await user.type(screen.getByLabelText('Description *'), 'Steel bottles');
    await user.upload(screen.getByLabelText('Thumbnail image *'), fakeFile('t.jpg', 'image/jpeg'));
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('HTTP 502: Error');
    answer = { status: 201, body: 'not json' };
    await user.click(submit());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to parse response'));
  });
});
