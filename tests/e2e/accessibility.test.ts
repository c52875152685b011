import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { runOperatorCommand } from '../support/operators.js';
import { axeViolations } from './support/axe.js';
import { apiAccount, browserDescribe, type BrowserSession, createProductIn, launchBrowser } from './support/browser.js';
import { shot, SHOTS_DIR } from './support/shots.js';

const journey = browserDescribe(describe);
const PHONE = { width: 390, height: 844 };
const LANGUAGES = ['en', 'hi'] as const;
type Language = (typeof LANGUAGES)[number];

/** Texts the walk waits for, in the page's language. */
const T = {
  en: { menu: 'Open menu', buy: 'Buy now', inquire: 'Inquire', decline: /^Decline order /, goBack: 'Go back', review: /^Review this order \(/, report: 'Report this product' },
  hi: {
    menu: 'मेनू खोलें',
    buy: 'अभी ख़रीदें',
    inquire: 'पूछताछ करें',
    decline: /^ऑर्डर .* के लिए मना करें$/,
    goBack: 'वापस जाएँ',
    review: /^इस ऑर्डर का रिव्यू लिखें \(/,
    report: 'इस प्रोडक्ट की रिपोर्ट करें',
  },
};

/** The browser profile's language for the next pages: as the switch leaves it (storage and the server's cookie). */
async function useLanguage(session: BrowserSession, page: Page, language: Language) {
  await session.context.addCookies([{ name: 'bb_lang', value: language, url: session.baseUrl }]);
  await page.evaluate((l) => window.localStorage.setItem('bb.language', l), language);
}

async function userId(session: BrowserSession): Promise<string> {
  const res = await session.context.request.get('/auth/user');
  return ((await res.json()) as { user: { uid: string } }).user.uid;
}

async function post(session: BrowserSession, path: string, data: unknown, headers: Record<string, string> = {}) {
  const res = await session.context.request.post(path, { data, headers: { origin: session.baseUrl, ...headers } });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown> & { order?: { order_id?: string; id?: string } };
}

/**
 * Every journey's key states checked by axe-core (WCAG 2.2 A and AA and axe's best practices) on a phone, in
 * English and in Hindi: a visitor's home, sign-in, sign-up, search results, the assistant, a product page and the
 * not-found page; a buyer's dashboard, buy and inquiry dialogs, orders, chat and settings; a seller's form, products,
 * orders (every status badge, the decline dialog) and chat with a quote; a seller's profile, the report and review
 * forms, the requirements screens and the operator console. Every state must have no violations.
 */
journey('accessibility of every journey (axe-core), English and Hindi', () => {
  let visitor: BrowserSession;
  let buyer: BrowserSession;
  let seller: BrowserSession;
  let buyNow: string;
  let inquire: string;
  let sellerId: string;
  let buyerId: string;
  let sellerName: string;
  let found: string[] = [];

  /**
   * Waits for the state (its heading, or `ready`), then notes what axe finds, a page wider than the phone, and
   * in Hindi a Latin am/pm (times say सुबह/दोपहर/शाम/रात: lib/dates.ts); each test expects nothing noted.
   */
  async function check(page: Page, state: string, ready?: Locator) {
    await (ready ?? page.getByRole('heading', { level: 1 }).first()).waitFor();
    for (const line of await axeViolations(page)) found.push(`${state}: ${line}`);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > PHONE.width) found.push(`${state}: the page is ${width} px wide`);
    if (state.endsWith(' hi')) {
      const latin = /(?<![A-Za-z])(?:am|pm)(?![A-Za-z])/i.exec(await page.locator('body').innerText());
      if (latin) found.push(`${state}: '${latin[0]}' in a Hindi page`);
    }
    // With E2E_SHOTS_DIR set, a whole-page screenshot of every state (`a11y-390-<state>.png`) to be looked at.
    if (SHOTS_DIR) await shot(page, `a11y-390-${state.replace(/[^\w-]+/g, '-')}.png`, { fullPage: true });
  }

  beforeEach(() => {
    found = [];
    for (const session of [visitor, buyer, seller]) session.errors.length = 0;
  });

  afterEach(() => {
    expect(found.join('\n'), 'axe-core violations').toBe('');
    // The not-found page is answered with a 404, which the browser reports as a failed load.
    const errors = [...visitor.errors, ...buyer.errors, ...seller.errors].filter((e) => !/status of 404 .*\/no-such-page\)$/.test(e));
    expect(errors).toEqual([]);
  });

  beforeAll(async () => {
    [visitor, buyer, seller] = await Promise.all([PHONE, PHONE, PHONE].map((viewport) => launchBrowser({ viewport })));
    const [, sellerAccount] = await Promise.all([apiAccount(buyer), apiAccount(seller)]);
    sellerName = sellerAccount.username;
    [sellerId, buyerId] = await Promise.all([userId(seller), userId(buyer)]);
    // The seller is also an operator (made by the server's command, as always), for the console.
    const store = inject('appStore');
    const made = await runOperatorCommand({ databaseUrl: store.databaseUrl, config: { REDIS_PREFIX: store.redisPrefix } }, ['add', sellerAccount.email]);
    if (made.code !== 0) throw new Error(`operator add: ${made.out}`);
    buyNow = await createProductIn(seller, {
      title: 'Steel office almirah, 4 shelves',
      description: 'Steel almirah with 4 shelves and a locker. Wholesale lots for offices, hostels and shops.',
      category: 'Furniture',
      product_type: 'new',
      purchase_type: 'buy_now',
      price: '8500.00',
      quantity: { min_quantity: 1, max_quantity: 40 },
    });
    inquire = await createProductIn(seller, {
      title: 'Stainless steel tiffin boxes, 3 tier',
      description: 'Three-tier stainless steel tiffin boxes with a carry handle, for canteens and caterers; bulk lots.',
      category: 'Kitchen',
      purchase_type: 'inquire',
      quantity: { min_quantity: 10, max_quantity: 500 },
      custom_questions: { questions: [{ question: 'Do you need delivery?', question_type: 'yes_no', mandatory: true }] },
    }, '#16a085');
    // Orders in every status a card shows: waiting for payment, payment sent, to deliver, delivered, declined.
    const order = async (key: string) => {
      const body = await post(buyer, '/products/buy-now', { product_id: buyNow, quantity: 1 }, { 'idempotency-key': `a11y-${key}-${buyNow}` });
      return (body.order?.order_id ?? body.order?.id ?? (body as { order_id?: string }).order_id) as string;
    };
    const [, sent, paid, delivered, declined] = await Promise.all(['unpaid', 'sent', 'paid', 'delivered', 'declined'].map(order));
    for (const id of [sent, paid, delivered]) await post(buyer, '/orders/confirm', { order_id: id });
    for (const id of [paid, delivered]) await post(seller, `/sellers/orders/${id}/payment-received`, {});
    await post(seller, '/sellers/orders/confirm-delivery', { order_id: delivered });
    await post(seller, '/sellers/orders/decline', { order_id: declined });
    // A conversation with a message each way and a quote.
    await post(buyer, `/chat/${sellerId}/messages`, { content: 'Namaste, do you deliver to Indore?' });
    await post(seller, `/chat/${buyerId}/messages`, { content: 'Yes, within a week.' });
    await post(seller, `/chat/${buyerId}/quotes`, { product_id: inquire, quantity: 50, unit_price_paise: 115050 });
    // An open report for the console, and a requirement for the buyer's list.
    await post(buyer, '/reports', { target_type: 'product', target_id: inquire, reason: 'wrong_category' });
    await post(buyer, '/rfqs', { text: 'Steel almirahs for a hostel, 40 pieces', category: 'Furniture', quantity: 40, city: 'Indore', state: 'Madhya Pradesh' });
  });

  afterAll(async () => {
    await Promise.all([visitor?.close(), buyer?.close(), seller?.close()]);
  });

  for (const language of LANGUAGES) {
    const t = T[language];

    it(`a visitor: home, the assistant, search results, a product, a seller's profile, sign-in, sign-up, about, not found (${language})`, async () => {
      const page = await visitor.newPage('/about');
      await useLanguage(visitor, page, language);
      await page.goto('/');
      await check(page, `home ${language}`);
      await page.locator('.search-bar__field').click();
      await check(page, `assistant ${language}`, page.getByRole('dialog').first());
      await page.goto('/search?q=almirah');
      await check(page, `results ${language}`, page.getByRole('article').first());
      await page.goto(`/product/${buyNow}`);
      await check(page, `product ${language}`);
      await page.getByRole('button', { name: t.menu }).click();
      await check(page, `menu ${language}`, page.getByRole('dialog').first());
      await page.goto(`/sellers/${sellerName}`);
      await check(page, `seller profile ${language}`);
      for (const path of ['/login', '/signup', '/about', '/no-such-page']) {
        await page.goto(path);
        await check(page, `${path} ${language}`);
      }
    });

    it(`a buyer: dashboard, buy, inquiry and report dialogs, orders with the review form, requirements, chat, settings (${language})`, async () => {
      const page = await buyer.newPage('/about');
      await useLanguage(buyer, page, language);
      await page.evaluate(() => window.localStorage.setItem('bb.loggedIn', '1'));
      await page.goto('/dashboard');
      await check(page, `dashboard ${language}`);
      await page.goto(`/product/${buyNow}`);
      await page.getByRole('button', { name: t.buy }).click();
      await check(page, `buy dialog ${language}`, page.getByRole('dialog').first());
      await page.goto(`/product/${inquire}`);
      await check(page, `inquire product ${language}`);
      await page.getByRole('button', { name: t.inquire }).click();
      await check(page, `inquiry dialog ${language}`, page.getByRole('dialog').first());
      await page.getByRole('dialog').getByRole('button').first().waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: t.report }).click();
      await check(page, `report dialog ${language}`, page.getByRole('dialog').first());
      await page.goto('/orders');
      await check(page, `orders ${language}`, page.locator('.order-card').first());
      await page.getByRole('button', { name: t.review }).first().click();
      await check(page, `review form ${language}`, page.locator('.review-panel').first());
      await page.goto('/rfqs');
      await check(page, `requirements ${language}`);
      await page.goto('/rfqs/new');
      await check(page, `new requirement ${language}`);
      await page.goto(`/chat?with=${sellerId}`);
      await check(page, `chat ${language}`, page.getByRole('log'));
      await page.goto('/settings');
      await check(page, `settings ${language}`);
      // Every section one column on a phone: its fields as wide as the section (a section's hint once made a second
      // column that squeezed the business and billing fields to 170 px).
      const squeezed = await page.locator('.settings-section .field__input:not([type="time"])').evaluateAll((inputs) =>
        inputs.filter((input) => (input as HTMLElement).offsetParent !== null && input.getBoundingClientRect().width < 250).map((input) => input.id),
      );
      if (squeezed.length) found.push(`settings ${language}: fields squeezed to under 250 px: ${squeezed.join(', ')}`);
    });

    it(`a seller: the product form, products, orders with the decline dialog, chat with a quote, requirements inbox, operator console (${language})`, async () => {
      const page = await seller.newPage('/about');
      await useLanguage(seller, page, language);
      await page.evaluate(() => window.localStorage.setItem('bb.loggedIn', '1'));
      await page.goto('/sell');
      await check(page, `sell ${language}`);
      await page.goto(`/seller/products/edit/${buyNow}`);
      await check(page, `edit ${language}`);
      await page.goto('/seller/products');
      await check(page, `seller products ${language}`, page.locator('.seller-row').first());
      await page.goto('/seller/orders');
      await check(page, `seller orders ${language}`, page.locator('.order-card').first());
      await page.getByRole('button', { name: t.decline }).first().click();
      await check(page, `decline dialog ${language}`, page.getByRole('alertdialog'));
      await page.getByRole('alertdialog').getByRole('button', { name: t.goBack }).click();
      await page.goto(`/chat?with=${buyerId}`);
      await check(page, `seller chat ${language}`, page.getByRole('log'));
      await page.goto('/chat');
      await check(page, `conversations ${language}`);
      await page.goto('/seller/rfqs');
      await check(page, `requirements inbox ${language}`);
      await page.goto('/operator');
      await check(page, `operator console ${language}`, page.getByRole('heading', { level: 1 }));
    });
  }
});
