import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAccount, browserDescribe, type BrowserSession, chooseLanguage, createProductIn, launchBrowser, topBar } from './support/browser.js';
import { shot } from './support/shots.js';

const journey = browserDescribe(describe);
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 800 };

/** The visible buttons and links of the top bar, with their boxes. */
async function headerControls(page: Page) {
  const bar = topBar(page);
  const controls = bar.locator('button:visible, a:visible');
  const boxes = [];
  for (const control of await controls.all()) {
    const box = await control.boundingBox();
    if (box && box.width > 1 && box.height > 1) boxes.push({ name: (await control.getAttribute('aria-label')) ?? (await control.innerText()), ...box });
  }
  return boxes;
}

/**
 * The header on every page: one compact row on a phone (390x844), every control in reach and nothing
 * wider than the screen; the full bar on a desktop (1366x800). Screenshots are saved for a person to see.
 */
journey('the top bar on a phone and on a desktop', () => {
  let phone: BrowserSession;
  let phoneVisitor: BrowserSession;
  let desktop: BrowserSession;
  let productId: string;

  beforeAll(async () => {
    [phone, phoneVisitor, desktop] = await Promise.all([launchBrowser({ viewport: PHONE }), launchBrowser({ viewport: PHONE }), launchBrowser({ viewport: DESKTOP })]);
    await Promise.all([apiAccount(phone), apiAccount(desktop)]);
    productId = await createProductIn(phone, {
      title: 'Steel almirah, 4 shelves',
      description: 'Godrej-style steel almirah with 4 shelves and a locker. Wholesale lots for offices and hostels.',
      category: 'Furniture',
      product_type: 'new',
      purchase_type: 'buy_now',
      price: '8500.00',
      quantity: { min_quantity: 2, max_quantity: 40 },
    });
  });

  afterAll(async () => {
    await Promise.all([phone?.close(), phoneVisitor?.close(), desktop?.close()]);
  });

  const pages = () => [
    ['home', '/'],
    ['dashboard', '/dashboard'],
    ['sell', '/sell'],
    ['product', `/product/${productId}`],
    ['edit', `/seller/products/edit/${productId}`],
    ['seller-products', '/seller/products'],
    ['orders', '/orders'],
    ['chat', '/chat'],
    ['settings', '/settings'],
  ];

  async function expectOneRow(page: Page, name: string, width = PHONE.width) {
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await shot(page, `phone-${name}.png`);
    const bar = (await topBar(page).boundingBox())!;
    expect(bar.height, `${name}: header height`).toBeLessThanOrEqual(64);
    const controls = await headerControls(page);
    expect(controls.length, `${name}: header controls`).toBeGreaterThanOrEqual(3);
    for (const control of controls) {
      // In the one row, whole, on the screen, and big enough to tap.
      expect(control.y, `${name}: ${control.name}`).toBeGreaterThanOrEqual(bar.y);
      expect(control.y + control.height, `${name}: ${control.name}`).toBeLessThanOrEqual(bar.y + bar.height);
      expect(control.x + control.width, `${name}: ${control.name}`).toBeLessThanOrEqual(width);
      // A touch target at least 44 x 44 px.
      expect(control.height, `${name}: ${control.name} height`).toBeGreaterThanOrEqual(44);
      expect(control.width, `${name}: ${control.name} width`).toBeGreaterThanOrEqual(44);
    }
    // Side by side, none over another.
    const row = [...controls].sort((a, b) => a.x - b.x);
    for (let i = 1; i < row.length; i++) expect(row[i - 1].x + row[i - 1].width, `${name}: ${row[i - 1].name} overlaps ${row[i].name}`).toBeLessThanOrEqual(row[i].x + 0.5);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}: page width`).toBeLessThanOrEqual(width);
  }

  it('is one compact row on every page of a logged-in user, with search, chat and the menu in reach', async () => {
    const page = await phone.newPage('/');
    for (const [name, url] of pages()) {
      await page.goto(url);
      await expectOneRow(page, name);
    }
    // A seller with an order waiting: the badge (a parcel with the count) joins the row, at 390 and at 360 px.
    const buy = await desktop.context.request.post('/products/buy-now', {
      headers: { origin: desktop.baseUrl, 'idempotency-key': `header-${productId}` },
      data: { product_id: productId, quantity: 2 },
    });
    expect(buy.status()).toBe(201);
    await page.goto('/sell');
    await topBar(page).getByRole('link', { name: '1 order waiting for you' }).waitFor();
    await expectOneRow(page, 'sell-with-order');
    await page.setViewportSize({ width: 360, height: 780 });
    for (const [name, url] of [['sell-360', '/sell'], ['product-360', `/product/${productId}`]]) {
      await page.goto(url);
      await topBar(page).getByRole('link', { name: '1 order waiting for you' }).waitFor();
      await expectOneRow(page, name, 360);
    }
    await page.setViewportSize(PHONE);
    // The ways into search stay on every page but home (whose hero has them), named for a screen reader.
    await page.goto('/dashboard');
    await topBar(page).getByRole('button', { name: 'Type' }).click();
    await page.getByRole('dialog', { name: 'Type to search' }).waitFor();
    await page.keyboard.press('Escape');
    await topBar(page).getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').first().waitFor();
    expect(phone.errors).toEqual([]);
  });

  // English at 320 px, Hindi at 360 and 390 px: on every page one row, nothing over anything, 44 px controls.
  for (const [language, width] of [['English', 320], ['हिन्दी', 360], ['हिन्दी', 390]] as const) {
    it(`never crowds in ${language} at ${width} px, on every page, with the language switch in the menu`, async () => {
      const page = await phone.newPage('/');
      await page.setViewportSize({ width, height: 720 });
      await chooseLanguage(page, language);
      // On a phone the language switch is the menu's, not the bar's.
      expect(await topBar(page).getByRole('button', { name: language }).isVisible()).toBe(false);
      for (const [name, url] of pages()) {
        await page.goto(url);
        await expectOneRow(page, `${name}-${width}${language === 'English' ? '' : '-hi'}`, width);
      }
      // The greeting with the longest username there can be (30 characters, one word) wraps inside the screen.
      await page.goto('/dashboard');
      await page.getByRole('heading', { level: 1 }).evaluate((h, name) => (h.textContent = `Welcome, ${name}`), 'w'.repeat(30));
      expect(await page.evaluate(() => document.documentElement.scrollWidth), 'dashboard with a 30-letter username').toBeLessThanOrEqual(width);
      await chooseLanguage(page, 'English');
      await page.close();
      expect(phone.errors).toEqual([]);
    });
  }

  it('is one row for a visitor, in English and in Hindi', async () => {
    const page = await phoneVisitor.newPage('/login');
    await expectOneRow(page, 'login');
    await page.goto(`/product/${productId}`);
    await expectOneRow(page, 'product-visitor');
    await chooseLanguage(page, 'हिन्दी');
    await page.getByRole('heading', { level: 1, name: 'Steel almirah, 4 shelves' }).waitFor();
    await expectOneRow(page, 'product-visitor-hi');
    await page.goto('/login');
    await expectOneRow(page, 'login-hi');
    await page.setViewportSize({ width: 360, height: 720 });
    await expectOneRow(page, 'login-360-hi', 360);
    await chooseLanguage(page, 'English');
    await page.setViewportSize({ width: 320, height: 640 });
    for (const [name, url] of [['login-320', '/login'], ['home-320', '/'], ['product-visitor-320', `/product/${productId}`]]) {
      await page.goto(url);
      await expectOneRow(page, name, 320);
    }
    expect(phoneVisitor.errors).toEqual([]);
  });

  it('keeps the full bar with labels on a desktop', async () => {
    const page = await desktop.newPage('/');
    for (const [name, url] of pages()) {
      await page.goto(url);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await shot(page, `desktop-${name}.png`);
      const bar = (await topBar(page).boundingBox())!;
      expect(bar.height, name).toBeLessThanOrEqual(72);
      if (name !== 'home') await topBar(page).getByRole('button', { name: 'Type' }).getByText('Type').waitFor();
    }
    await topBar(page).getByRole('link', { name: 'Dashboard' }).getByText('Dashboard').waitFor();
    expect(desktop.errors).toEqual([]);
  });
});
