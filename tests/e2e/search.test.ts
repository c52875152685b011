import { inject } from 'vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { renderProductPicture } from '../../server/src/modules/search/seed/demo-pictures.js';
import { makeImage } from '../factories/images.js';
import { createForm, productBody } from '../factories/products.js';
import { buyersCopy } from '../factories/search.js';
import { ApiClient, waitFor } from '../support/client.js';
import { browserDescribe, launchBrowser, newAccount, readLatestCode, topBar, type BrowserSession } from './support/browser.js';
import { fakeSpeech } from './support/speech.js';

const journey = browserDescribe(describe);

/** A seller account made over the REST shim (register, emailed code, login). */
async function restSeller(): Promise<ApiClient> {
  const client = new ApiClient(inject('baseUrl'));
  const account = newAccount();
  expect((await client.post('/auth/register', account)).status).toBe(201);
  const code = await readLatestCode(account.email);
  expect((await client.post('/auth/verify-email-otp', { email: account.email, otp: code })).status).toBe(200);
  const login = await client.post('/auth/login', { username: account.username, password: account.password });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return client;
}

async function list(client: ApiClient, fields: Record<string, unknown>, picture: Buffer, type = 'image/jpeg') {
  const res = await client.request('POST', '/seller/products/create', createForm(productBody(fields), { thumbnail: { name: 'p', data: picture, type } }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.product.product_id as string;
}

/** Every result card shown is a used product priced at most `max` rupees. */
async function expectEveryCard(cards: Locator, max: number) {
  const texts = await cards.allTextContents();
  expect(texts.length).toBeGreaterThan(0);
  for (const text of texts) {
    expect(text).toContain('Used - excellent condition');
    const price = /₹([\d,]+(?:\.\d{2})?)/.exec(text);
    expect(price, text).not.toBeNull();
    expect(Number(price![1].replace(/,/g, '')), text).toBeLessThanOrEqual(max);
  }
}

journey('search journey', () => {
  let browser: BrowserSession;
  let chairId: string;
  let chairPicture: Buffer;

  beforeAll(async () => {
    const seller = await restSeller();
    const grey = await makeImage({ color: '#7f8c8d' });
    for (let i = 0; i < 12; i += 1) {
      await list(seller, { title: `Refurbished ThinkPad laptop T${480 + i}`, product_type: 'used', category: 'Computers', price: `${18000 + i * 500}.00`, tags: ['laptop'], location: { city: 'Pune', state: 'Maharashtra' } }, grey);
    }
    await list(seller, { title: 'Gaming laptop, new', product_type: 'new', category: 'Computers', price: '75000.00' }, grey);
    chairPicture = await renderProductPicture('Ergonomic mesh office chair', 'Furniture');
    chairId = await list(seller, { title: 'Ergonomic mesh office chair', category: 'Furniture', price: '6499.00' }, chairPicture, 'image/png');
    // Indexing happens after the commit: wait until the last product is searchable.
    const visitor = new ApiClient(inject('baseUrl'));
    await waitFor(async () => (await visitor.post('/products/search', { query: 'ergonomic chair' })).body.results?.[0]?.product_id === chairId, 15_000, 'indexing');
    await waitFor(async () => (await visitor.post('/products/search', { query: 'used laptop under 30000' })).body.total_count >= 12, 15_000, 'indexing');
    browser = await launchBrowser();
    await browser.context.addInitScript(fakeSpeech('used laptop under 30000'));
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('speaks "used laptop under 30000": chips and matching products, more on scrolling', async () => {
    const page = await browser.newPage('/');
    await topBar(page).getByRole('button', { name: 'Speak' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('used laptop under 30000', { exact: true }).waitFor();
    const chips = dialog.getByRole('list', { name: 'Filters understood from your words' });
    await chips.waitFor();
    await expect.poll(() => chips.getByRole('listitem').allTextContents()).toEqual(['Computers & Laptops×', 'Under ₹30,000×', 'Used×']);
    const cards = dialog.getByRole('article');
    await expect.poll(() => cards.count()).toBe(10);
    await expectEveryCard(cards, 30_000);
    // Infinite scroll: the next page comes when the end of the list is near.
    await dialog.getByTestId('load-more-sentinel').scrollIntoViewIfNeeded();
    await expect.poll(() => cards.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(12);
    await expectEveryCard(cards, 30_000);
    // The assistant refines on the next message.
    await dialog.getByRole('textbox', { name: 'What you need' }).fill('under 20000');
    await dialog.getByRole('textbox', { name: 'What you need' }).press('Enter');
    await dialog.getByText(/products? shown$/).waitFor();
    await expect.poll(() => chips.getByRole('listitem').allTextContents()).toContain('Under ₹20,000×');
    await expect.poll(() => cards.count()).toBe(5);
    await expectEveryCard(cards, 20_000);
    expect(browser.errors).toEqual([]);
  });

  it('a photo of a listed product finds it first', async () => {
    const page = await browser.newPage('/');
    await topBar(page).getByRole('button', { name: 'Photo' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('image-search-input').setInputFiles({ name: 'chair.jpg', mimeType: 'image/jpeg', buffer: await buyersCopy(chairPicture, 1) });
    await dialog.getByRole('img', { name: 'Photo 1' }).waitFor();
    await dialog.getByRole('button', { name: 'Search', exact: true }).click();
    await dialog.getByRole('heading', { name: /^Found \d+ products? matching your images$/ }).waitFor();
    await expect.poll(() => dialog.getByRole('article').first().getAttribute('aria-label')).toBe('Ergonomic mesh office chair');
    await dialog.getByRole('article').first().getByRole('button', { name: /Ergonomic mesh office chair/ }).click();
    await page.waitForURL((url) => url.pathname === `/product/${chairId}`);
    expect(browser.errors).toEqual([]);
  });
});
