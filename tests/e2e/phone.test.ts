import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiClient, waitFor } from '../support/client.js';
import { expectAccessible } from './support/axe.js';
import { apiAccount, browserDescribe, type BrowserSession, chooseLanguage, createProductIn, launchBrowser } from './support/browser.js';
import { shot } from './support/shots.js';

const journey = browserDescribe(describe);
const PHONE = { width: 390, height: 844 };
const SMALL = { width: 320, height: 640 };

/** The cards' titles in the order shown. */
const cardTitles = (page: Page) => page.locator('.search-page article').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));

/** Nothing wider than the screen, and every visible button, link and field of the page body at least 44 px tall. */
async function expectFitsAndTouchable(page: Page, width: number, name: string) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}: page width`).toBeLessThanOrEqual(width);
  const small = await page.locator('main').evaluate((main) =>
    [...main.querySelectorAll<HTMLElement>('button, a[href], input, select')]
      .filter((el) => el.offsetParent !== null && !el.closest('.result-card__body'))
      .map((el) => ({ name: el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.height < 43.5 || box.width < 43.5)
      .map(({ name: n, box }) => `${n} ${Math.round(box.width)}x${Math.round(box.height)}`),
  );
  expect(small, `${name}: touch targets under 44 px`).toEqual([]);
}

/**
 * A buyer on a phone (390x844): the search sheet, a category from the home page, result cards as
 * compact rows that are links, the product page's action bar, prices without '.00', Hindi cards.
 */
journey('a buyer on a phone', () => {
  let seller: BrowserSession;
  let buyer: BrowserSession;

  beforeAll(async () => {
    [seller, buyer] = await Promise.all([launchBrowser(), launchBrowser({ viewport: PHONE })]);
    await apiAccount(seller);
    for (const [title, price, productType] of [
      ['Moulded plastic canteen chair', '650.00', 'new'],
      ['Folding steel chair, padded seat', '1249.50', 'new'],
      ['Office visitor chairs, lot of 4', '5400.00', 'used'],
    ] as const) {
      await createProductIn(seller, {
        title,
        description: `${title}. Sturdy, for offices, canteens and waiting rooms; wholesale lots available.`,
        category: 'Furniture',
        product_type: productType,
        purchase_type: 'buy_now',
        price,
        quantity: { min_quantity: 1, max_quantity: 200 },
      });
    }
    // Indexing follows the commit: wait until the three are found.
    const visitor = new ApiClient(inject('baseUrl'));
    await waitFor(async () => (await visitor.post('/products/search', { query: 'chair' })).body.total_count >= 3, 15_000, 'indexing');
  });

  afterAll(async () => {
    await Promise.all([seller?.close(), buyer?.close()]);
  });

  it('searches from a home category in a full-screen sheet: compact rows, the box docked, cards that are links to a product page whose Buy now stays in view', async () => {
    const page = await buyer.newPage('/');
    // One compact header on home: Speak, Type and Photo appear once, in the hero.
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect((await page.getByRole('banner').boundingBox())!.height).toBeLessThan(80);
    expect(await page.getByRole('banner').getByRole('button', { name: 'Type' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Search Furniture' }).click();
    const sheet = page.getByRole('dialog', { name: 'Type to search' });
    const card = sheet.getByRole('article', { name: 'Moulded plastic canteen chair' });
    await card.waitFor();

    // The sheet fills the screen; the message box sits at its bottom, whole and in view.
    const sheetBox = (await sheet.boundingBox())!;
    expect(sheetBox.width).toBeGreaterThanOrEqual(PHONE.width - 1);
    expect(sheetBox.height).toBeGreaterThanOrEqual(PHONE.height - 1);
    const box = (await sheet.getByRole('textbox').boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    expect(box.y).toBeGreaterThan(PHONE.height - 160);

    // A compact row: the picture on the left of the title, the price without '.00'.
    const picture = (await card.locator('img').boundingBox())!;
    const title = (await card.getByText('Moulded plastic canteen chair').boundingBox())!;
    expect(picture.x + picture.width).toBeLessThanOrEqual(title.x);
    expect(Math.abs(picture.y - title.y)).toBeLessThan(40);
    await card.getByText('₹650 / piece', { exact: true }).waitFor();
    await sheet.getByRole('article', { name: 'Folding steel chair, padded seat' }).getByText('₹1,249.50 / piece', { exact: true }).waitFor();
    await card.getByText('Brand-new in factory packaging').waitFor();

    // The card is a link: it opens the product page, where Buy now is in view without scrolling.
    const link = card.getByRole('link', { name: /Moulded plastic canteen chair/ });
    expect(await link.getAttribute('href')).toMatch(/^\/product\/[0-9a-f-]{36}$/);
    await link.click();
    await page.waitForURL(/\/product\//);
    await page.getByRole('heading', { level: 1, name: 'Moulded plastic canteen chair' }).waitFor();
    const buy = (await page.getByRole('button', { name: 'Buy now' }).boundingBox())!;
    expect(buy.y + buy.height).toBeLessThanOrEqual(PHONE.height);
    await page.evaluate(() => window.scrollTo(0, 400));
    const afterScroll = (await page.getByRole('button', { name: 'Buy now' }).boundingBox())!;
    expect(afterScroll.y + afterScroll.height).toBeLessThanOrEqual(PHONE.height);
    expect(buyer.errors).toEqual([]);
  });

  it('shows the cards in Hindi, condition included', async () => {
    const page = await buyer.newPage('/');
    await chooseLanguage(page, 'हिन्दी');
    await page.getByRole('button', { name: 'फ़र्नीचर खोजें' }).click();
    const sheet = page.getByRole('dialog');
    const used = sheet.getByRole('article', { name: 'Office visitor chairs, lot of 4' });
    await used.getByText('सेकंड हैंड - बढ़िया हालत').waitFor();
    await used.getByText('₹5,400 / पीस', { exact: true }).waitFor();
    await sheet.getByRole('article', { name: 'Moulded plastic canteen chair' }).getByText('फ़ैक्टरी पैकिंग में बिल्कुल नया').waitFor();
    expect(buyer.errors).toEqual([]);
  });

  it('keeps a search at its address (/search?q=…): the order beside the chips, reload, Back, a failed request with Try again; at 390 and 320 px', async () => {
    const page = await buyer.newPage('/search?q=chair');
    await chooseLanguage(page, 'English'); // the test before left this browser in Hindi
    await page.getByRole('heading', { level: 1, name: 'Results for “chair”' }).waitFor();
    await page.getByRole('article', { name: 'Office visitor chairs, lot of 4' }).waitFor();
    await page.getByText('That is all: 3 products.').waitFor();
    await shot(page, 'phone-search-page.png', { fullPage: true });
    await expectFitsAndTouchable(page, PHONE.width, 'results 390');

    // The order is a control beside the chips; it goes into the address, and reload keeps it.
    await page.getByRole('combobox', { name: 'Order' }).selectOption('price_asc');
    await page.waitForURL((url) => url.search === '?q=chair&sort=price_asc');
    await expect.poll(() => cardTitles(page)).toEqual(['Moulded plastic canteen chair', 'Folding steel chair, padded seat', 'Office visitor chairs, lot of 4']);
    await page.getByRole('list', { name: 'Filters understood from your words' }).getByText('Cheapest first').waitFor();
    await page.reload();
    await page.getByRole('article', { name: 'Moulded plastic canteen chair' }).waitFor();
    await expect.poll(() => cardTitles(page)).toEqual(['Moulded plastic canteen chair', 'Folding steel chair, padded seat', 'Office visitor chairs, lot of 4']);
    expect(await page.getByRole('combobox', { name: 'Order' }).inputValue()).toBe('price_asc');
    await page.getByRole('combobox', { name: 'Order' }).selectOption('price_desc');
    await page.waitForURL((url) => url.search === '?q=chair&sort=price_desc');
    await expect.poll(() => cardTitles(page)).toEqual(['Office visitor chairs, lot of 4', 'Folding steel chair, padded seat', 'Moulded plastic canteen chair']);
    await page.goBack();
    await page.waitForURL((url) => url.search === '?q=chair&sort=price_asc');
    await expect.poll(() => cardTitles(page)).toEqual(['Moulded plastic canteen chair', 'Folding steel chair, padded seat', 'Office visitor chairs, lot of 4']);

    // A failed request is said as a failure with Try again, never as no results.
    await page.route('**/graphql', (route) => (route.request().postData()?.includes('SearchProducts') ? route.abort('connectionreset') : route.fallback()));
    await page.goto('/search?q=chair&city=Jaipur');
    const failed = page.getByRole('alert').filter({ hasText: 'The search did not go through' });
    await failed.waitFor();
    expect(await page.getByText(/No products match/).count()).toBe(0);
    await shot(page, 'phone-search-failed.png');
    await expectAccessible(page, 'results page, failed request');
    await page.unroute('**/graphql');
    await failed.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('article', { name: 'Moulded plastic canteen chair' }).waitFor();

    // At 320 px, in Hindi too: nothing wider than the screen, every control big enough to tap.
    await page.setViewportSize(SMALL);
    await page.goto('/search?q=chair');
    await page.getByRole('article', { name: 'Moulded plastic canteen chair' }).waitFor();
    await shot(page, 'phone320-search-page.png', { fullPage: true });
    await expectFitsAndTouchable(page, SMALL.width, 'results 320');
    await chooseLanguage(page, 'हिन्दी');
    await page.getByRole('heading', { level: 1, name: '“कुर्सी” के नतीजे' }).waitFor();
    await page.getByText('बस इतने ही: 3 प्रोडक्ट।').waitFor();
    await shot(page, 'phone320-search-page-hi.png', { fullPage: true });
    await expectFitsAndTouchable(page, SMALL.width, 'results 320 hi');
    await expectAccessible(page, 'results page 320, hi');
    await chooseLanguage(page, 'English');
    await page.setViewportSize(PHONE);
    expect(buyer.errors.filter((e) => !e.includes('ERR_CONNECTION_RESET') && !e.includes('Failed to fetch'))).toEqual([]);
    buyer.errors.length = 0;
  });
});
