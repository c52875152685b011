import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAccount, browserDescribe, launchBrowser, type BrowserSession } from './support/browser.js';

const journey = browserDescribe(describe);

/** A small JPEG of one colour, as a file the page can upload. */
async function photo(name: string, color: string) {
  const buffer = await sharp({ create: { width: 480, height: 360, channels: 3, background: color } }).jpeg().toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/** The small-picture URLs of the edit page's gallery, in order. */
const editGallery = (page: Page) => page.getByTestId('product-gallery-item').locator('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')));

journey('catalogue journey', () => {
  let seller: BrowserSession;
  let visitor: BrowserSession;

  beforeAll(async () => {
    seller = await launchBrowser();
    visitor = await launchBrowser();
  });

  afterAll(async () => {
    await seller?.close();
    await visitor?.close();
  });

  it('a seller creates a product with a thumbnail and two gallery images, reorders the gallery, generates questions; a visitor opens the product page', async () => {
    // The account through the API (signing up in the form is the verification journey's).
    await apiAccount(seller);
    const page = await seller.newPage('/');
    await page.evaluate(() => window.localStorage.setItem('bb.loggedIn', '1'));

    // Create: every required field, Buy now with a price, three pictures, AI questions.
    await page.goto('/sell');
    await page.getByRole('heading', { level: 1, name: 'Sell a product' }).waitFor();
    await page.getByLabel('Title *').fill('Steel water bottles, 750 ml');
    await page.getByLabel('Description *').fill('Food grade steel bottles, 750 ml. Custom logo printing on bulk orders, GST invoice.');
    await page.getByLabel('Category *').selectOption('Kitchen');
    await page.getByLabel('How buyers order').selectOption('buy_now');
    await page.getByLabel('Price per piece (₹) *').fill('499.50');
    await page.getByLabel('Quantity available *').fill('20');
    await page.getByLabel('Tags').fill('steel, bottle, bulk');
    await page.getByLabel('Main picture *').setInputFiles(await photo('thumb.jpg', '#c0392b'));
    await page.getByLabel('More pictures and files (up to 5)').setInputFiles([await photo('first.jpg', '#2980b9'), await photo('second.jpg', '#27ae60')]);

    await page.getByRole('button', { name: 'Suggest questions with AI' }).click();
    await page.getByText(/^Generated \d+ questions$/).waitFor();
    await expect.poll(() => page.getByLabel(/^Question \d+$/).count()).toBeGreaterThanOrEqual(4);
    await expect.poll(() => page.getByLabel('Question 1').inputValue()).toBe('How many units do you need?');

    await page.getByRole('button', { name: 'Create product' }).click();
    await page.getByText('Product created successfully').waitFor();
    // The product page opens 2 s later.
    await page.waitForURL(/\/product\/[0-9a-f-]{36}$/, { timeout: 10_000 });
    const productId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('heading', { level: 1, name: 'Steel water bottles, 750 ml' }).waitFor();

    // Edit: drag the second gallery picture in front of the first; the order is saved at once.
    await page.getByRole('link', { name: 'Edit product' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit product' }).waitFor();
    await page.getByTestId('product-gallery-item').nth(1).waitFor();
    const [first, second] = await editGallery(page);
    await page.getByTestId('product-gallery-item').nth(1).dragTo(page.getByTestId('product-gallery-item').nth(0));
    await page.getByText('Gallery order updated successfully').waitFor();
    expect(await editGallery(page)).toEqual([second, first]);
    await page.reload();
    await page.getByTestId('product-gallery-item').nth(1).waitFor();
    expect(await editGallery(page)).toEqual([second, first]);
    // The questions the form saved with the product are there.
    await expect.poll(() => page.getByLabel('Question 1').inputValue()).toBe('How many units do you need?');
    // The edit form keeps the minimum order quantity too.
    await page.getByLabel('Minimum order quantity *').fill('5');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Product updated successfully!').waitFor();

    // A visitor (no account) opens the product page.
    const view = await visitor.newPage(`/product/${productId}`);
    await view.getByRole('heading', { level: 1, name: 'Steel water bottles, 750 ml' }).waitFor();
    await view.getByText('₹499.50 / piece').waitFor();
    await view.getByText('Brand New').waitFor();
    await view.getByText('Available: up to 20 pieces').waitFor();
    await view.getByText('Minimum order: 5 pieces').waitFor();
    await view.getByText(/Food grade steel bottles/).waitFor();
    const slideshow = view.getByRole('region', { name: 'Product images' });
    const hero = slideshow.getByRole('img', { name: 'Steel water bottles, 750 ml, image 1 of 3' });
    await hero.waitFor();
    await expect.poll(() => hero.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    // Thumbnail first, then the gallery in the seller's new order.
    const thumbs = await slideshow.locator('.product-slideshow__thumbs img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')));
    expect(thumbs.slice(1)).toEqual([second, first]);
    await slideshow.getByRole('button', { name: 'Show image 3 of 3' }).click();
    await slideshow.getByRole('img', { name: 'Steel water bottles, 750 ml, image 3 of 3' }).waitFor();
    await slideshow.getByRole('button', { name: 'Play slideshow' }).waitFor();

    // Buying needs an account.
    await view.getByRole('button', { name: 'Buy now' }).click();
    await view.waitForURL((url) => url.pathname === '/login');

    expect(seller.errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
  });
});
