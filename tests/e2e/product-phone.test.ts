import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAccount, browserDescribe, type BrowserSession, chooseLanguage, launchBrowser } from './support/browser.js';
import { shot } from './support/shots.js';

const journey = browserDescribe(describe);
const PHONE = { width: 390, height: 844 };
const SMALL = { width: 320, height: 640 };
const TITLE = 'Stainless steel tiffin box, 3 tiers, with insulated carry bag';

const WORDS = {
  English: { price: '₹1,450 / piece', buy: 'Buy now', inquire: 'Inquire', slideshow: /^(Pause|Play) slideshow$/, quantity: 'Quantity', more: 'More', total: '₹1,450 / piece · Total: ₹15,950', back: 'Back' },
  हिन्दी: { price: '₹1,450 / पीस', buy: 'अभी ख़रीदें', inquire: 'पूछताछ करें', slideshow: /^स्लाइडशो (रोकें|चलाएँ)$/, quantity: 'मात्रा', more: 'बढ़ाएँ', total: '₹1,450 / पीस · कुल: ₹15,950', back: 'वापस' },
} as const;
type Language = keyof typeof WORDS;

/** A picture of one colour, as a seller's upload. */
const picture = (background: string) => sharp({ create: { width: 480, height: 360, channels: 3, background } }).jpeg().toBuffer();

/**
 * The first screen of the product page at `viewport`, scrolled to the top: the buy bar is one row at the bottom
 * of the screen, the unit price is whole above it, the slideshow's pause control is a 44 px target and small.
 */
async function expectFirstScreen(page: Page, language: Language, viewport: { width: number; height: number }) {
  const words = WORDS[language];
  const name = `${language} ${viewport.width}x${viewport.height}`;
  const box = async (locator: Locator) => {
    const found = await locator.boundingBox();
    expect(found, `${name}: ${String(locator)} is shown`).not.toBeNull();
    return found!;
  };
  expect(await page.evaluate(() => window.scrollY), `${name}: at the top`).toBe(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}: page width`).toBeLessThanOrEqual(viewport.width);

  // One row: Buy now and Inquire side by side, the bar no taller than a button and its padding, on the screen's bottom.
  const bar = page.locator('.product-page__bar');
  const barBox = await box(bar);
  const buy = await box(bar.getByRole('button', { name: words.buy, exact: true }));
  const inquire = await box(bar.getByRole('button', { name: words.inquire, exact: true }));
  expect(Math.abs(buy.y - inquire.y), `${name}: Buy now and Inquire on one row`).toBeLessThan(1);
  expect(buy.x + buy.width, `${name}: Buy now before Inquire`).toBeLessThanOrEqual(inquire.x);
  expect(barBox.height, `${name}: bar height`).toBeLessThanOrEqual(Math.max(buy.height, inquire.height) + 17);
  expect(Math.abs(barBox.y + barBox.height - viewport.height), `${name}: bar on the screen's bottom`).toBeLessThan(1);

  // The unit price is whole on the first screen, below the top bar and above the buy bar.
  const price = page.locator('.product-page__price');
  expect(await price.textContent()).toBe(words.price);
  const priceBox = await box(price);
  const banner = await box(page.getByRole('banner'));
  expect(priceBox.y, `${name}: price below the top bar`).toBeGreaterThanOrEqual(banner.y + banner.height);
  expect(priceBox.y + priceBox.height, `${name}: price above the buy bar`).toBeLessThanOrEqual(barBox.y);

  // The pause control: a 44 px target, and not the biggest control on the screen (smaller than Buy now).
  const pause = await box(page.getByRole('button', { name: words.slideshow }));
  expect(Math.min(pause.width, pause.height), `${name}: pause target`).toBeGreaterThanOrEqual(43.5);
  expect(Math.max(pause.width, pause.height), `${name}: pause size`).toBeLessThanOrEqual(56);
  expect(pause.width * pause.height, `${name}: pause smaller than Buy now`).toBeLessThan(buy.width * buy.height);
}

/**
 * A buyer on a phone opens a product (two pictures, a minimum order of 10): at 390x844 and 320 px, in English and in
 * Hindi, the buy bar is one row with the unit price above it on the first screen, and the slideshow's pause is small.
 */
journey('the product page on a phone', () => {
  let seller: BrowserSession;
  let buyer: BrowserSession;
  let productId: string;

  beforeAll(async () => {
    [seller, buyer] = await Promise.all([launchBrowser(), launchBrowser({ viewport: PHONE })]);
    await Promise.all([apiAccount(seller), apiAccount(buyer)]);
    const product = {
      title: TITLE,
      description: 'Three food-grade steel tiers with a locking handle, in an insulated bag. For canteens and offices.',
      category: 'Kitchen',
      product_type: 'new',
      purchase_type: 'buy_now',
      price: '1450.00',
      quantity: { min_quantity: 10, max_quantity: 500 },
    };
    const created = await seller.context.request.post('/seller/products/create', {
      headers: { origin: seller.baseUrl },
      multipart: {
        product: JSON.stringify(product),
        thumbnail: { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await picture('#2e86c1') },
        gallery: { name: 'open.jpg', mimeType: 'image/jpeg', buffer: await picture('#ca6f1e') },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    productId = ((await created.json()) as { product_id: string }).product_id;
  });

  afterAll(async () => {
    await Promise.all([seller?.close(), buyer?.close()]);
  });

  for (const language of ['English', 'हिन्दी'] as const) {
    it(`keeps the unit price above a one-row buy bar on the first screen, with a small pause control, at 390 and 320 px (${language})`, async () => {
      const words = WORDS[language];
      const page = await buyer.newPage(`/product/${productId}`);
      await chooseLanguage(page, language);
      for (const viewport of [PHONE, SMALL]) {
        await page.setViewportSize(viewport);
        await page.goto(`/product/${productId}`);
        await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
        await page.getByRole('spinbutton').waitFor();
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        const tag = `${viewport.width}-${language === 'English' ? 'en' : 'hi'}`;
        await shot(page, `product-phone-${tag}.png`);
        await expectFirstScreen(page, language, viewport);

        // Scrolled, the bar is still whole on the screen (it sticks to the bottom until its own place in the page).
        await page.evaluate(() => window.scrollTo(0, 500));
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
        const bar = (await page.locator('.product-page__bar').boundingBox())!;
        expect(bar.y, `${tag}: bar after scrolling`).toBeGreaterThanOrEqual(0);
        expect(bar.y + bar.height, `${tag}: bar after scrolling`).toBeLessThanOrEqual(viewport.height + 0.5);
        await shot(page, `product-phone-${tag}-scrolled.png`);
      }
      await page.getByRole('group', { name: words.quantity }).getByRole('button', { name: words.more, exact: true }).click();
      await page.getByText(words.total, { exact: true }).waitFor();
      await page.locator('.product-page__bar').getByRole('button', { name: words.buy, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await dialog.getByRole('button', { name: words.back, exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.setViewportSize(PHONE);
      expect(buyer.errors).toEqual([]);
    });
  }
});
