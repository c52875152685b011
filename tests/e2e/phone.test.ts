import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiClient, waitFor } from '../support/client.js';
import { apiAccount, browserDescribe, type BrowserSession, chooseLanguage, createProductIn, launchBrowser } from './support/browser.js';

const journey = browserDescribe(describe);
const PHONE = { width: 390, height: 844 };

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
});
