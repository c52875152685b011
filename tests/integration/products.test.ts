import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { countRows, expectGqlError } from '../support/accounts.js';
import { ApiClient } from '../support/client.js';
import { imageOfSize, MB } from '../factories/images.js';
import { blob, createForm, createProduct, filesForm, jpeg, productBody, type RestProduct } from '../factories/products.js';
import { storedFiles } from '../factories/storage.js';
import { createSeller, type Seller } from '../factories/users.js';

let app: TestApp;
let seller: Seller;
let stranger: Seller;

beforeAll(async () => {
  app = await startTestApp();
  seller = await createSeller(app);
  stranger = await createSeller(app);
});
afterAll(() => app?.close());

const PRODUCT_FIELDS = `id sellerId sellerUsername title description productType purchaseType condition category categoryName tags
  pricePaise priceInInr minQuantity maxQuantity city state contact thumbnailUrl thumbnail { sm md lg }
  gallery { id itemType url order urls { sm md lg } } customQuestions { id question questionType mandatory } enabled isOwner`;

/** Posts a create form as `client` with a generated thumbnail (unless `thumbnail: null`). */
async function postCreate(client: ApiClient, product: unknown, opts: { thumbnail?: null } = {}) {
  const thumbnail = opts.thumbnail === null ? null : await jpeg('thumb.jpg');
  return client.request('POST', '/seller/products/create', createForm(product, { thumbnail }));
}

/** Asserts a refused create wrote nothing: no product rows, no gallery rows, no files. */
async function expectNothingWritten(run: () => Promise<{ status: number; body: Record<string, unknown> }>, status: number, message: string) {
  const before = { products: await countRows(app, 'products'), media: await countRows(app, 'product_media'), files: await storedFiles(app) };
  const res = await run();
  expect(res.body.message).toBe(message);
  expect(res.status).toBe(status);
  expect(await countRows(app, 'products')).toBe(before.products);
  expect(await countRows(app, 'product_media')).toBe(before.media);
  expect(await storedFiles(app)).toEqual(before.files);
  return res;
}

const changedEvents = async (productId: string) =>
  countRows(app, 'outbox_events', `topic = 'product.changed' and payload->>'productId' = $1`, [productId]);

describe('creating a product', () => {
  it('stores every field, prices in paise, pictures as webp variants, and writes product.changed', async () => {
    const p = await createProduct(
      seller.client,
      {
        tags: '  steel, Bolts ,, bolts, m8 ',
        price: 1234.5,
        location: { city: 'Pune', state: 'Maharashtra' },
        contact: '+91 98765 43210',
        condition: 'like_new',
        custom_questions: {
          questions: [
            { question: 'How many boxes?', question_type: 'free_response', mandatory: true },
            { question: 'Need a GST invoice?', question_type: 'YesNo' },
          ],
        },
      },
      { galleryCount: 2 },
    );
    expect(p).toMatchObject({
      user_id: seller.user.uid,
      username: seller.username,
      title: 'Dell Latitude 5420 laptops',
      product_type: 'new',
      purchase_type: 'buy_now',
      condition: 'like_new',
      category: 'Computers',
      category_name: 'Computers & Laptops',
      tags: ['steel', 'Bolts', 'm8'],
      price: '1234.50',
      price_in_inr: '1234.50',
      price_paise: '123450',
      quantity: { min_quantity: 1, max_quantity: 20 },
      enabled: true,
      location: { city: 'Pune', state: 'Maharashtra' },
      contact: '+91 98765 43210',
    });
    expect(p.custom_questions.questions).toMatchObject([
      { question: 'How many boxes?', question_type: 'FreeResponse', mandatory: true },
      { question: 'Need a GST invoice?', question_type: 'YesNo', mandatory: false },
    ]);
    expect(p.thumbnail_url).toMatch(new RegExp(`^/uploads/products/${p.product_id}/[0-9a-f-]+-md\\.webp$`));
    expect(p.gallery.map((g) => [g.item_type, g.order])).toEqual([
      ['picture', 0],
      ['picture', 1],
    ]);
    const [row] = await app.sql<{ price_paise: string; tags: string[]; seller_id: string }>(
      'select price_paise::text, tags, seller_id from products where id = $1',
      [p.product_id],
    );
    expect(row).toEqual({ price_paise: '123450', tags: ['steel', 'Bolts', 'm8'], seller_id: seller.user.uid });
    const files = (await storedFiles(app)).filter((f) => f.startsWith(`products/${p.product_id}/`));
    expect(files).toHaveLength(9);
    expect(files.every((f) => /-(sm|md|lg)\.webp$/.test(f))).toBe(true);
    expect(await changedEvents(p.product_id)).toBe(1);
  });

  it('answers with product.product_id and product_id', async () => {
    const res = await postCreate(seller.client, productBody());
    expect(res.status).toBe(201);
    expect(res.body.product_id).toBe(res.body.product.product_id);
    expect(res.body.message).toBe('Product created successfully');
  });

  it('applies the defaults: inquire, new, condition from the type, quantity 1, no price', async () => {
    const res = await postCreate(seller.client, { title: 'Used lathe', description: 'Works well', category: 'IndustrialEquipment', product_type: 'used' });
    expect(res.status).toBe(201);
    expect(res.body.product).toMatchObject({
      purchase_type: 'inquire',
      product_type: 'used',
      condition: 'good',
      price: null,
      quantity: { min_quantity: 1, max_quantity: 1 },
      tags: [],
    });
  });

  it.each([
    ['no title', { title: '' }, 'title'],
    ['a blank description', { description: '   ' }, 'description'],
    ['no category', { category: undefined }, 'category'],
  ])('refuses %s with "Please fill in all required fields" and writes nothing', async (_name, overrides, field) => {
    const res = await expectNothingWritten(() => postCreate(seller.client, productBody(overrides)), 400, 'Please fill in all required fields');
    expect(res.body.code).toBe('BAD_USER_INPUT');
    expect((res.body.details as { fields: Record<string, string> }).fields[field]).toBe('Please fill in all required fields');
  });

  it('refuses a product without a thumbnail and writes nothing', async () => {
    const res = await expectNothingWritten(() => postCreate(seller.client, productBody(), { thumbnail: null }), 400, 'Please fill in all required fields');
    expect((res.body.details as { fields: Record<string, string> }).fields.thumbnail).toBe('Please upload a thumbnail image');
  });

  it.each([
    ['an unknown category', { category: 'Spaceships' }, 'Please choose a valid category'],
    ['a Buy now product without a price', { price: undefined }, 'Please enter a price for Buy now products'],
    ['a blank Buy now price', { price: '' }, 'Please enter a price for Buy now products'],
    ['a negative price', { price: -1 }, 'Price must be from ₹1 to ₹10,00,00,000'],
    ['a price with three decimals', { price: '10.505' }, 'Price must be an amount in rupees, with at most 2 decimals'],
    ['a price as words', { price: 'ten' }, 'Price must be an amount in rupees, with at most 2 decimals'],
    ['a minimum quantity of 0', { quantity: { min_quantity: 0, max_quantity: 5 } }, 'Minimum quantity must be at least 1'],
    ['a fractional quantity', { quantity: { min_quantity: 1, max_quantity: 2.5 } }, 'Maximum quantity must be a whole number of at least 1'],
    ['a maximum below the minimum', { quantity: { min_quantity: 10, max_quantity: 5 } }, 'Maximum quantity must be at least the minimum quantity'],
    ['33 tags', { tags: Array.from({ length: 33 }, (_, i) => `tag${i}`) }, 'At most 32 tags allowed'],
    ['a question without text', { custom_questions: { questions: [{ question: '  ', question_type: 'yes_no' }] } }, 'Each question needs some text'],
    ['an unknown question type', { custom_questions: { questions: [{ question: 'Colour?', question_type: 'maybe' }] } }, 'Question type must be yes_no or free_response'],
    ['an unknown product type', { product_type: 'refurbished' }, 'Product type must be new or used'],
    ['an unknown purchase type', { purchase_type: 'auction' }, 'Purchase type must be buy_now or inquire'],
    ['an unknown condition', { condition: 'mint' }, 'Please choose a valid condition'],
    ['a contact that is neither phone nor email', { contact: 'call me' }, 'Contact must be a phone number or an email address'],
  ])('refuses %s and writes nothing', async (_name, overrides, message) => {
    await expectNothingWritten(() => postCreate(seller.client, productBody(overrides)), 400, message);
  });

  it.each([
    ['₹0 for Buy now', { price: 0 }],
    ['₹0.00 for an inquire product', { purchase_type: 'inquire', price: '0.00' }],
    ['half a rupee', { price: '0.50' }],
    ['more than ₹10 crore', { price: '100000000.01' }],
  ])('refuses %s, stating the limits (docs/product.md#prices), and writes nothing', async (_name, overrides) => {
    const res = await expectNothingWritten(() => postCreate(seller.client, productBody(overrides)), 400, 'Price must be from ₹1 to ₹10,00,00,000');
    expect(res.body.details).toMatchObject({ fields: { price: 'Price must be from ₹1 to ₹10,00,00,000' } });
  });

  it('accepts ₹1 and ₹10 crore, and an inquire product without a price', async () => {
    for (const price of ['1', '100000000.00']) {
      const res = await postCreate(seller.client, productBody({ price }));
      expect(res.status).toBe(201);
      expect(res.body.product.price_paise).toBe(String(BigInt(price.split('.')[0]) * 100n));
    }
    const inquire = await postCreate(seller.client, productBody({ purchase_type: 'inquire', price: undefined }));
    expect(inquire.status).toBe(201);
    expect(inquire.body.product.price).toBeNull();
    expect(inquire.body.product.price_max).toBeNull();
  });

  it('keeps a tag spelled "null" as text', async () => {
    const res = await postCreate(seller.client, productBody({ tags: ['null', 'a"b', 'c\\d'] }));
    expect(res.status).toBe(201);
    expect(res.body.product.tags).toEqual(['null', 'a"b', 'c\\d']);
    const [row] = await app.sql<{ tags: string[] }>('select tags from products where id = $1', [res.body.product_id]);
    expect(row.tags).toEqual(['null', 'a"b', 'c\\d']);
  });

  it('refuses a product field that is not JSON, or missing', async () => {
    await expectNothingWritten(() => postCreate(seller.client, '{not json'), 400, 'The product field must be valid JSON');
    await expectNothingWritten(() => postCreate(seller.client, '[1,2]'), 400, 'The product must be a JSON object');
    const form = new FormData();
    form.append('thumbnail', blob((await jpeg()).data), 'a.jpg');
    await expectNothingWritten(() => seller.client.request('POST', '/seller/products/create', form), 400, 'Please fill in all required fields');
  });

  it('refuses unknown upload fields', async () => {
    const form = createForm(productBody(), { thumbnail: await jpeg() });
    form.append('avatar', blob((await jpeg()).data), 'x.jpg');
    await expectNothingWritten(() => seller.client.request('POST', '/seller/products/create', form), 400, 'Unexpected file field "avatar"');
  });

  it('refuses a JSON body where an upload is expected', async () => {
    await expectNothingWritten(() => seller.client.post('/seller/products/create', productBody()), 415, 'Expected a multipart/form-data upload');
  });

  it('requires a login and writes nothing', async () => {
    const anonymous = new ApiClient(app.url);
    await expectNothingWritten(() => postCreate(anonymous, productBody()), 401, 'Please log in to continue');
  });
});

describe('who sees and changes a product', () => {
  let product: RestProduct;
  beforeAll(async () => {
    product = await createProduct(seller.client, { title: 'Office chairs' });
  });

  it('GET /products/{id} is public for an enabled product, over REST and GraphQL', async () => {
    const anonymous = new ApiClient(app.url);
    const res = await anonymous.get(`/products/${product.product_id}`);
    expect(res.status).toBe(200);
    expect(res.body.product.title).toBe('Office chairs');
    const gql = await anonymous.gql(`query($id: ID!) { product(id: $id) { ${PRODUCT_FIELDS} } }`, { id: product.product_id });
    expect(gql.errors).toBeUndefined();
    expect(gql.data!.product).toMatchObject({
      title: 'Office chairs',
      pricePaise: '4599950',
      priceInInr: '45999.50',
      categoryName: 'Computers & Laptops',
      isOwner: false,
      sellerUsername: seller.username,
    });
  });

  it('gives the category name in Hindi to a Hindi request', async () => {
    const res = await new ApiClient(app.url, { 'x-locale': 'hi' }).get(`/products/${product.product_id}`);
    expect(res.body.product.category_name).toBe('कंप्यूटर और लैपटॉप');
  });

  it('a stranger cannot edit, disable, delete or reorder it: "Product not found", nothing changes', async () => {
    const before = await app.sql('select * from products where id = $1', [product.product_id]);
    const events = await changedEvents(product.product_id);
    const base = `/seller/products/${product.product_id}`;
    for (const res of [
      await stranger.client.put(base, { title: 'Mine now' }),
      await stranger.client.put(base, { enabled: false }),
      await stranger.client.delete(base),
      await stranger.client.get(base),
      await stranger.client.get(`${base}/gallery`),
      await stranger.client.post(`${base}/gallery/reorder`, { item_ids: [] }),
      await stranger.client.post(`${base}/questions/set`, { questions: [] }),
      await stranger.client.post(`${base}/questions/generate`, { description: 'x' }),
      await stranger.client.delete(`${base}/gallery/items/${product.product_id}`),
    ]) {
      expect(res.body).toEqual({ message: 'Product not found', code: 'NOT_FOUND' });
      expect(res.status).toBe(404);
    }
    const gql = await stranger.client.gql(`mutation($id: ID!) { updateProduct(id: $id, input: { title: "Mine" }) { id } }`, { id: product.product_id });
    expectGqlError(gql, 'NOT_FOUND', 'Product not found');
    expect(await app.sql('select * from products where id = $1', [product.product_id])).toEqual(before);
    expect(await changedEvents(product.product_id)).toBe(events);
  });

  it('a stranger cannot upload a thumbnail or gallery files to it; nothing is stored', async () => {
    const files = await storedFiles(app);
    const form = () => {
      const f = new FormData();
      f.append('thumbnail', blob(Buffer.from('x')), 'a.jpg');
      return f;
    };
    const thumb = await stranger.client.request('PUT', `/seller/products/${product.product_id}/thumbnail`, form());
    expect(thumb.status).toBe(404);
    const add = await stranger.client.request('POST', `/seller/products/${product.product_id}/gallery/add`, form());
    expect(add.status).toBe(404);
    expect(await storedFiles(app)).toEqual(files);
  });

  it('a disabled product is seen by its seller only', async () => {
    const p = await createProduct(seller.client, { title: 'Hidden stock' });
    const off = await seller.client.put(`/seller/products/${p.product_id}`, { enabled: false });
    expect(off.status).toBe(200);
    expect(off.body.product.enabled).toBe(false);
    expect((await seller.client.get(`/products/${p.product_id}`)).status).toBe(200);
    expect((await stranger.client.get(`/products/${p.product_id}`)).status).toBe(404);
    const anonymous = await new ApiClient(app.url).get(`/products/${p.product_id}`);
    expect(anonymous.body).toEqual({ message: 'Product not found', code: 'NOT_FOUND' });
    const gql = await new ApiClient(app.url).gql(`query($id: ID!) { product(id: $id) { id } }`, { id: p.product_id });
    expectGqlError(gql, 'NOT_FOUND', 'Product not found');
    const on = await seller.client.gql(`mutation($id: ID!) { setProductEnabled(id: $id, enabled: true) { enabled } }`, { id: p.product_id });
    expect(on.data).toEqual({ setProductEnabled: { enabled: true } });
    expect((await stranger.client.get(`/products/${p.product_id}`)).status).toBe(200);
    expect(await changedEvents(p.product_id)).toBe(3);
  });

  it('an id that is not a product id is simply not found', async () => {
    for (const id of ['nope', '123', '00000000-0000-0000-0000-000000000000']) {
      const res = await new ApiClient(app.url).get(`/products/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Product not found');
    }
  });

  it('a deleted product is gone for everyone, its seller included', async () => {
    const p = await createProduct(seller.client, { title: 'To delete' });
    const del = await seller.client.delete(`/seller/products/${p.product_id}`);
    expect(del.status).toBe(200);
    expect(del.body.success).toBe(true);
    expect((await seller.client.get(`/products/${p.product_id}`)).status).toBe(404);
    expect((await seller.client.get(`/seller/products/${p.product_id}`)).status).toBe(404);
    expect((await seller.client.delete(`/seller/products/${p.product_id}`)).status).toBe(404);
    const list = await seller.client.get('/seller/products/list?limit=100');
    expect(list.body.products.map((x: RestProduct) => x.product_id)).not.toContain(p.product_id);
    expect(await changedEvents(p.product_id)).toBe(2);
  });
});

describe('errors in Hindi', () => {
  let product: RestProduct;
  /** The seller's session, asking for Hindi the way the client does (x-locale) or the way a browser does. */
  const inHindi = (headers: Record<string, string> = { 'x-locale': 'hi' }) => {
    const client = new ApiClient(app.url, headers);
    client.cookie = seller.client.cookie;
    return client;
  };
  beforeAll(async () => {
    product = await createProduct(seller.client, { title: 'Hindi errors' });
  });

  it('REST answers a refused edit in Hindi, field messages included, and in English otherwise', async () => {
    const res = await inHindi().put(`/seller/products/${product.product_id}`, { price: '-5' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'दाम ₹1 से ₹10,00,00,000 तक होना चाहिए', code: 'BAD_USER_INPUT', details: { fields: { price: 'दाम ₹1 से ₹10,00,00,000 तक होना चाहिए' } } });
    const label = await inHindi({ 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' }).put(`/seller/products/${product.product_id}`, { title: 'x'.repeat(201) });
    expect(label.body.message).toBe('प्रोडक्ट का नाम ज़्यादा से ज़्यादा 200 अक्षरों का हो सकता है');
    const english = await seller.client.put(`/seller/products/${product.product_id}`, { price: '-5' });
    expect(english.body.message).toBe('Price must be from ₹1 to ₹10,00,00,000');
  });

  it('REST answers refused uploads in Hindi, with the values of dynamic messages', async () => {
    const base = `/seller/products/${product.product_id}`;
    const big = await imageOfSize(5 * MB);
    const tooBig = await inHindi().request('PUT', `${base}/thumbnail`, filesForm('thumbnail', [{ name: 'big.png', data: big, type: 'image/png' }]));
    expect(tooBig.body).toEqual({ message: 'मुख्य फ़ोटो 5 MB से छोटी होनी चाहिए', code: 'PAYLOAD_TOO_LARGE' });
    const html = { name: 'cat.jpg', data: Buffer.from('<!DOCTYPE html><html><body>hi</body></html>') };
    const wrongType = await inHindi().request('POST', `${base}/gallery/add`, filesForm('gallery', [html]));
    expect(wrongType.body).toEqual({ message: 'इस तरह की फ़ाइल ("text/html") नहीं डाल सकते', code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect((await new ApiClient(app.url, { 'x-locale': 'hi' }).get('/products/nope')).body.message).toBe('प्रोडक्ट नहीं मिला');
  });

  it('GraphQL answers an AppError in Hindi, and in English without a Hindi locale', async () => {
    const query = `mutation($id: ID!) { updateProduct(id: $id, input: { price: "-5" }) { id } }`;
    const hindi = await inHindi().gql(query, { id: product.product_id });
    expectGqlError(hindi, 'BAD_USER_INPUT', 'दाम ₹1 से ₹10,00,00,000 तक होना चाहिए');
    const strangerInHindi = new ApiClient(app.url, { 'x-locale': 'hi' });
    strangerInHindi.cookie = stranger.client.cookie;
    expectGqlError(await strangerInHindi.gql(query, { id: product.product_id }), 'NOT_FOUND', 'प्रोडक्ट नहीं मिला');
    expectGqlError(await seller.client.gql(query, { id: product.product_id }), 'BAD_USER_INPUT', 'Price must be from ₹1 to ₹10,00,00,000');
  });
});

describe('editing a product', () => {
  let product: RestProduct;
  beforeAll(async () => {
    product = await createProduct(seller.client, { title: 'Printer paper', quantity: { min_quantity: 2, max_quantity: 10 } });
  });
  const put = (body: unknown) => seller.client.put(`/seller/products/${product.product_id}`, body);

  it('takes quantity as a single number (the maximum), as the edit form sends it', async () => {
    const res = await put({ title: 'Printer paper A4', quantity: 50, tags: ['paper', 'A4', 'paper', ' '] });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Product updated successfully');
    expect(res.body.product).toMatchObject({ title: 'Printer paper A4', quantity: { min_quantity: 2, max_quantity: 50 }, tags: ['paper', 'A4'] });
  });

  it('takes quantity as the object, and location and contact', async () => {
    const res = await put({ quantity: { min_quantity: 5, max_quantity: 100 }, location: { city: 'Jaipur', state: 'Rajasthan' }, contact: 'sales@example.com' });
    expect(res.body.product).toMatchObject({ quantity: { min_quantity: 5, max_quantity: 100 }, location: { city: 'Jaipur', state: 'Rajasthan' }, contact: 'sales@example.com' });
  });

  it('keeps the fields it is not given', async () => {
    const res = await put({ description: 'Now 80 gsm' });
    expect(res.body.product).toMatchObject({ title: 'Printer paper A4', description: 'Now 80 gsm', price: '45999.50', category: 'Computers' });
  });

  it.each([
    ['a blank title', { title: ' ' }, 'Please fill in all required fields'],
    ['no condition', { condition: '' }, 'Please fill in all required fields'],
    ['a negative price', { price: '-5' }, 'Price must be from ₹1 to ₹10,00,00,000'],
    ['no price for Buy now', { price: null }, 'Please enter a price for Buy now products'],
    ['a quantity of 0', { quantity: 0 }, 'Maximum quantity must be at least 1'],
    ['a maximum below the minimum', { quantity: 1 }, 'Maximum quantity must be at least the minimum quantity'],
    ['33 tags', { tags: Array.from({ length: 33 }, (_, i) => `t${i}`) }, 'At most 32 tags allowed'],
    ['an unknown category', { category: 'Nope' }, 'Please choose a valid category'],
    ['a body that is not an object', [1, 2], 'The product must be a JSON object'],
  ])('refuses %s with its message and changes nothing', async (_name, body, message) => {
    const before = await app.sql('select * from products where id = $1', [product.product_id]);
    const events = await changedEvents(product.product_id);
    const res = await put(body);
    expect(res.body.message).toBe(message);
    expect(res.status).toBe(400);
    expect(await app.sql('select * from products where id = $1', [product.product_id])).toEqual(before);
    expect(await changedEvents(product.product_id)).toBe(events);
  });

  it('GraphQL gives the same answer to the same bad input', async () => {
    const gql = await seller.client.gql(`mutation($id: ID!) { updateProduct(id: $id, input: { price: "-5" }) { id } }`, { id: product.product_id });
    expectGqlError(gql, 'BAD_USER_INPUT', 'Price must be from ₹1 to ₹10,00,00,000');
  });

  it('names the refused field as each door named it: max_quantity on REST, maxQuantity on GraphQL', async () => {
    const message = 'Maximum quantity must be at least the minimum quantity';
    const res = await put({ quantity: { min_quantity: 9, max_quantity: 3 } });
    expect(res.body).toMatchObject({ message, details: { fields: { max_quantity: message } } });
    const gql = await seller.client.gql(`mutation($id: ID!) { updateProduct(id: $id, input: { minQuantity: 9, maxQuantity: 3 }) { id } }`, { id: product.product_id });
    expect(gql.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT', details: { fields: { maxQuantity: message } } } });
    const questions = await seller.client.post(`/seller/products/${product.product_id}/questions/set`, { questions: [{ question: 'Colour?', question_type: 'maybe' }] });
    expect(questions.body).toMatchObject({ details: { fields: { '0.question_type': 'Question type must be yes_no or free_response' } } });
  });

  it('GraphQL edits with camelCase fields and money as strings', async () => {
    const gql = await seller.client.gql(
      `mutation($id: ID!, $input: UpdateProductInput!) { updateProduct(id: $id, input: $input) { title pricePaise priceInInr maxQuantity purchaseType condition } }`,
      { id: product.product_id, input: { title: 'Paper reams', price: '299.9', maxQuantity: 200, purchaseType: 'inquire', condition: 'new' } },
    );
    expect(gql.errors).toBeUndefined();
    expect(gql.data!.updateProduct).toEqual({ title: 'Paper reams', pricePaise: '29990', priceInInr: '299.90', maxQuantity: 200, purchaseType: 'inquire', condition: 'new' });
  });

  it('needs a login', async () => {
    const res = await new ApiClient(app.url).put(`/seller/products/${product.product_id}`, { title: 'x' });
    expect(res.status).toBe(401);
  });
});

describe("the seller's product list", () => {
  it('lists own products newest first, enabled and disabled, with paging', async () => {
    const lister = await createSeller(app);
    const a = await createProduct(lister.client, { title: 'A' });
    const b = await createProduct(lister.client, { title: 'B' });
    const c = await createProduct(lister.client, { title: 'C' });
    await lister.client.put(`/seller/products/${b.product_id}`, { enabled: false });
    await createProduct(stranger.client, { title: 'Not mine' });

    const first = await lister.client.get('/seller/products/list?limit=2&offset=0');
    expect(first.status).toBe(200);
    expect(first.body.total_count).toBe(3);
    expect(first.body.products.map((p: RestProduct) => [p.title, p.enabled])).toEqual([
      ['C', true],
      ['B', false],
    ]);
    const second = await lister.client.get('/seller/products/list?limit=2&offset=2');
    expect(second.body.products.map((p: RestProduct) => p.product_id)).toEqual([a.product_id]);
    const earlier = await lister.client.get('/seller/products');
    expect(earlier.body.products).toHaveLength(3);

    const gql = await lister.client.gql(`{ myProducts(limit: 4) { totalCount items { title enabled isOwner } } }`);
    expect(gql.data!.myProducts).toEqual({
      totalCount: 3,
      items: [
        { title: 'C', enabled: true, isOwner: true },
        { title: 'B', enabled: false, isOwner: true },
        { title: 'A', enabled: true, isOwner: true },
      ],
    });
    const ids = await lister.client.gql(`{ myProducts(limit: 4) { items { id } } }`);
    expect((ids.data!.myProducts as { items: Array<{ id: string }> }).items.map((p) => p.id)).toEqual([c.product_id, b.product_id, a.product_id]);
  });

  it('pages products created at the same moment by id, the same way whatever the query reads', async () => {
    const lister = await createSeller(app);
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await createProduct(lister.client, { title: `Same moment ${i}` }));
    // An import or a batch can store several products in the same microsecond.
    await app.sql(`update products set created_at = '2026-11-01T10:00:00Z' where seller_id = $1`, [made[0].user_id]);
    const newestFirst = made.map((p) => p.product_id).sort().reverse();
    const narrow = async (offset: number) =>
      ((await lister.client.gql(`{ myProducts(limit: 2, offset: ${offset}) { items { id title } } }`)).data!.myProducts as { items: Array<{ id: string }> }).items.map((p) => p.id);
    const wide = async (offset: number) =>
      ((await lister.client.gql(`{ myProducts(limit: 2, offset: ${offset}) { items { id description gallery { id } } } }`)).data!.myProducts as { items: Array<{ id: string }> }).items.map((p) => p.id);
    const rest = async (offset: number) =>
      ((await lister.client.get(`/seller/products/list?limit=2&offset=${offset}`)).body.products as RestProduct[]).map((p) => p.product_id);
    for (const read of [narrow, wide, rest]) {
      expect([...(await read(0)), ...(await read(2)), ...(await read(4))]).toEqual(newestFirst);
    }
  });

  it('keeps each seller to their own page however often the list is read (its statement is prepared per connection)', async () => {
    const sellers = [await createSeller(app), await createSeller(app)];
    const own = await Promise.all(sellers.map(async (s, i) => [(await createProduct(s.client, { title: `Own ${i}` })).product_id]));
    // More reads than PostgreSQL's custom plans before it may settle on one plan for every value, on any connection.
    for (let round = 0; round < 8; round++) {
      const pages = await Promise.all(
        sellers.flatMap((s) => [
          s.client.gql(`{ myProducts(limit: 5) { totalCount items { id } } }`),
          s.client.gql(`{ myProducts(limit: 5) { totalCount items { id description } } }`),
        ]),
      );
      expect(pages.map((p) => (p.data!.myProducts as { items: Array<{ id: string }> }).items.map((i) => i.id))).toEqual([own[0], own[0], own[1], own[1]]);
    }
    const past = await sellers[0].client.gql(`{ myProducts(limit: 5, offset: 5) { totalCount items { id } } }`);
    expect(past.data!.myProducts).toEqual({ totalCount: 1, items: [] });
  });

  it('refuses bad paging and an anonymous caller', async () => {
    const bad = await seller.client.get('/seller/products/list?limit=0');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('limit must be a number from 1 to 100');
    const neg = await seller.client.get('/seller/products/list?offset=-1');
    expect(neg.body.message).toBe('offset must be a whole number of at least 0');
    expect((await new ApiClient(app.url).get('/seller/products/list')).status).toBe(401);
  });

  it('a page load of /seller/products gets the web app, not JSON', async () => {
    const res = await fetch(`${app.url}/seller/products`, { headers: { accept: 'text/html' } });
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
  });
});

describe('a price range for inquire-first listings (docs/product.md#prices)', () => {
  const RANGE_FIELDS = 'pricePaise priceInInr priceMaxPaise priceMaxInInr purchaseType';

  it('shows a range on REST, GraphQL and in search results; an edit moves or removes it', async () => {
    const p = await createProduct(seller.client, { title: 'Brass door handles, range priced', purchase_type: 'inquire', price: '1200', price_max: '1500.50' });
    expect(p).toMatchObject({ price: '1200.00', price_paise: '120000', price_max: '1500.50', price_max_paise: '150050' });
    const gql = await seller.client.gql(`query($id: ID!) { product(id: $id) { ${RANGE_FIELDS} } }`, { id: p.product_id });
    expect(gql.data!.product).toEqual({ pricePaise: '120000', priceInInr: '1200.00', priceMaxPaise: '150050', priceMaxInInr: '1500.50', purchaseType: 'inquire' });
    await app.drain();
    const found = await seller.client.post('/products/search', { query: 'brass door handles', force_original: true });
    expect(found.body.results.find((r: { product_id: string }) => r.product_id === p.product_id)).toMatchObject({ price_paise: '120000', price_max_paise: '150050' });

    const moved = await seller.client.gql(`mutation($id: ID!) { updateProduct(id: $id, input: { price: "1100", priceMax: "1400" }) { ${RANGE_FIELDS} } }`, { id: p.product_id });
    expect(moved.data!.updateProduct).toMatchObject({ pricePaise: '110000', priceMaxPaise: '140000' });
    const removed = await seller.client.put(`/seller/products/${p.product_id}`, { price_max: null });
    expect(removed.body.product).toMatchObject({ price_paise: '110000', price_max: null, price_max_paise: null });
  });

  it.each([
    ['on a Buy now listing', { purchase_type: 'buy_now', price: '1200', price_max: '1500' }, 'price_max', 'A price range is only for Inquire first listings: Buy now has one price'],
    ['without its lowest price', { purchase_type: 'inquire', price: undefined, price_max: '1500' }, 'price', 'Please enter the lowest price of the range too'],
    ['upside down', { purchase_type: 'inquire', price: '1500', price_max: '1200' }, 'price_max', 'The highest price must be more than the lowest'],
    ['of one price', { purchase_type: 'inquire', price: '1500', price_max: '1500' }, 'price_max', 'The highest price must be more than the lowest'],
    ['past the limit', { purchase_type: 'inquire', price: '1500', price_max: '100000000.01' }, 'price_max', 'Price must be from ₹1 to ₹10,00,00,000'],
  ])('refuses a range %s, naming the field, and writes nothing', async (_name, overrides, field, message) => {
    const res = await expectNothingWritten(() => postCreate(seller.client, productBody(overrides)), 400, message);
    expect((res.body.details as { fields: Record<string, string> }).fields[field]).toBe(message);
  });

  it('refuses turning a ranged listing into Buy now while the range stays; with the range removed it is allowed', async () => {
    const p = await createProduct(seller.client, { title: 'Ranged listing', purchase_type: 'inquire', price: '100', price_max: '200' });
    const before = await app.sql('select * from products where id = $1', [p.product_id]);
    const refused = await seller.client.gql(`mutation($id: ID!) { updateProduct(id: $id, input: { purchaseType: "buy_now" }) { id } }`, { id: p.product_id });
    expectGqlError(refused, 'BAD_USER_INPUT', 'A price range is only for Inquire first listings: Buy now has one price');
    expect(refused.errors![0].extensions).toMatchObject({ details: { fields: { priceMax: 'A price range is only for Inquire first listings: Buy now has one price' } } });
    expect(await app.sql('select * from products where id = $1', [p.product_id])).toEqual(before);
    const allowed = await seller.client.put(`/seller/products/${p.product_id}`, { purchase_type: 'buy_now', price_max: null });
    expect(allowed.status).toBe(200);
    expect(allowed.body.product).toMatchObject({ purchase_type: 'buy_now', price: '100.00', price_max: null });
  });

  it('the database itself keeps a range the right way up', async () => {
    const p = await createProduct(seller.client, { title: 'Checked listing', purchase_type: 'inquire', price: '100' });
    await expect(app.sql('update products set price_max_paise = 5000 where id = $1', [p.product_id])).rejects.toThrow(/products_price_range_check/);
  });
});

describe('categories', () => {
  it("lists the 51 categories with English and Hindi names, the trade's first; listings are offered 50 (docs/product.md#categories)", async () => {
    const gql = await new ApiClient(app.url).gql(`{ productCategories { id name nameHi offered } }`);
    const cats = gql.data!.productCategories as Array<{ id: string; name: string; nameHi: string; offered: boolean }>;
    expect(cats).toHaveLength(51);
    expect(cats.slice(0, 5).map((c) => c.id)).toEqual(['OfficeSupplies', 'IndustrialEquipment', 'BusinessEquipment', 'HomeTools', 'Kitchen']);
    expect(cats.find((c) => c.id === 'Movies')).toMatchObject({ name: 'Movies & TV', offered: true });
    expect(cats.filter((c) => c.offered)).toHaveLength(50);
    expect(cats.filter((c) => !c.offered).map((c) => c.id)).toEqual(['UnisexClothing']);
    expect(cats.every((c) => /[\u0900-\u097F]/.test(c.nameHi))).toBe(true);
  });
});

describe('account deletion', () => {
  it("disables the seller's products, with a product.changed event each", async () => {
    const leaving = await createSeller(app);
    const p = await createProduct(leaving.client, { title: 'Last stock' });
    const before = await changedEvents(p.product_id);
    const res = await leaving.client.post('/auth/delete-account', { password: leaving.password });
    expect(res.status).toBe(200);
    expect((await new ApiClient(app.url).get(`/products/${p.product_id}`)).status).toBe(404);
    const [row] = await app.sql<{ enabled: boolean }>('select enabled from products where id = $1', [p.product_id]);
    expect(row.enabled).toBe(false);
    expect(await changedEvents(p.product_id)).toBe(before + 1);
  });
});
