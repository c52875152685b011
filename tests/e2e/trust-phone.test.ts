import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { runOperatorCommand } from '../support/operators.js';
import { apiAccount, browserDescribe, type BrowserSession, createProductIn, launchBrowser } from './support/browser.js';
import { shot as pageShot } from './support/shots.js';

const journey = browserDescribe(describe);

/** The web app's own texts (the journey reads what a buyer reads, in the page's language). */
const json = (file: string) => JSON.parse(readFileSync(path.resolve('client/src/locales', file), 'utf8'));
const TEXTS = {
  en: { moderation: json('en/moderation.json'), reviews: json('en/common-screens.json').reviews, seller: json('en/seller.json') },
  hi: { moderation: json('hi/moderation.json'), reviews: json('hi/common.json').reviews, seller: json('hi/seller.json') },
};
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => String(values[k]));

async function post(session: BrowserSession, route: string, data: unknown, headers: Record<string, string> = {}) {
  const res = await session.context.request.post(route, { data, headers: { origin: session.baseUrl, ...headers } });
  if (!res.ok()) throw new Error(`${route}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

async function language(session: BrowserSession, page: Page, lang: 'en' | 'hi') {
  await session.context.addCookies([{ name: 'bb_lang', value: lang, url: session.baseUrl }]);
  await page.evaluate((l) => window.localStorage.setItem('bb.language', l), lang);
}

/** Nothing on the page is wider than the screen. */
const fitsTheScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/**
 * Trust and safety on a phone (docs/product.md#seller-profiles, #reviews, #safety): a buyer opens the seller's
 * profile from a product page and reads the badges, reviews the delivered order, reports a message; an operator
 * suspends the sender from the console; the sender's open app is logged out and the visitor's view of the seller
 * is gone. At 390 px in English, then at 320 px in Hindi. Screenshots in $E2E_SHOTS_DIR.
 */
journey('trust and safety on a phone', () => {
  const sessions: BrowserSession[] = [];
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((s) => s.close()));
  });

  for (const [lang, width] of [['en', 390], ['hi', 320]] as const) {
    it(`profile from a product page, review after delivery, report, suspension, logged out (${lang}, ${width} px)`, async () => {
      const t = TEXTS[lang];
      const shot = (page: Page, name: string) => pageShot(page, `trust-${lang}-${width}-${name}.png`, { fullPage: true });
      const viewport = { width, height: 740 };
      const [buyer, seller, operator, visitor] = await Promise.all([1, 2, 3, 4].map(() => launchBrowser({ viewport })));
      sessions.push(buyer, seller, operator, visitor);
      const [, sellerAccount, operatorAccount] = await Promise.all([apiAccount(buyer), apiAccount(seller), apiAccount(operator)]);
      const store = inject('appStore');
      const made = await runOperatorCommand({ databaseUrl: store.databaseUrl, config: { REDIS_PREFIX: store.redisPrefix } }, ['add', operatorAccount.email]);
      expect(made.code, made.out).toBe(0);
      const productId = await createProductIn(seller, {
        title: 'Brass diya set, 12 pieces',
        description: 'Hand-polished brass diyas for shops and temples; wholesale lots.',
        category: 'Kitchen',
        purchase_type: 'buy_now',
        price: '1450.00',
        quantity: { min_quantity: 1, max_quantity: 100 },
      });
      // A delivered order, so the buyer may review it (its steps have their own journeys).
      const sellerId = ((await (await seller.context.request.get('/auth/user')).json()) as { user: { uid: string } }).user.uid;
      const bought = await post(buyer, '/products/buy-now', { product_id: productId, quantity: 2 }, { 'idempotency-key': `trust-${lang}-${productId}` });
      const orderId = ((bought.order as { order_id?: string } | undefined)?.order_id ?? bought.order_id) as string;
      await post(buyer, '/orders/confirm', { order_id: orderId, utr: '412345678901' });
      await post(seller, `/sellers/orders/${orderId}/payment-received`, {});
      await post(seller, '/sellers/orders/confirm-delivery', { order_id: orderId });

      // 1. The product page links the seller's profile; the profile shows the badges.
      const page = await buyer.newPage('/about');
      await language(buyer, page, lang);
      await page.evaluate(() => window.localStorage.setItem('bb.loggedIn', '1'));
      await page.goto(`/product/${productId}`);
      await page.locator(`main a[href="/sellers/${sellerAccount.username}"]`).first().click();
      await page.waitForURL(`**/sellers/${sellerAccount.username}`);
      await expect.poll(() => page.locator('.seller-badges').first().isVisible()).toBe(true);
      expect(await fitsTheScreen(page)).toBe(true);
      await shot(page, '1-profile');

      // 2. The review of the delivered order.
      await page.goto('/orders');
      await page.getByRole('button', { name: new RegExp(`^${fill(t.reviews.writeLabel, { id: 'X' }).replace(/\(X\)$/, '').trim()}`) }).first().click();
      await page.getByRole('radio', { name: fill(t.reviews.star_other, { count: 5 }) }).check();
      await page.getByLabel(t.reviews.text).fill(lang === 'en' ? 'Well packed, as described.' : 'अच्छी पैकिंग, जैसा बताया वैसा।');
      await page.getByRole('button', { name: t.reviews.submit }).click();
      await expect.poll(() => page.getByRole('status').filter({ hasText: t.reviews.thanks }).count()).toBe(1);
      expect(await fitsTheScreen(page)).toBe(true);
      await shot(page, '2-reviewed');

      // 3. The seller writes; the buyer reports the message.
      const buyerId = ((await (await buyer.context.request.get('/auth/user')).json()) as { user: { uid: string } }).user.uid;
      await post(seller, `/chat/${buyerId}/messages`, { content: 'Pay 50% advance to my personal account first.' });
      await page.goto(`/chat?with=${sellerId}`);
      const reportMessage = page.getByRole('button', { name: t.moderation.report.open.message, exact: true }).last();
      await reportMessage.waitFor();
      await page.locator('.message-window__header .seller-badges').waitFor();
      expect(await fitsTheScreen(page)).toBe(true);
      await shot(page, '3-chat');
      await reportMessage.click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('radio', { name: t.moderation.reasons.fraud }).check();
      await dialog.getByRole('button', { name: t.moderation.report.send }).click();
      await expect.poll(() => dialog.getByRole('status').textContent()).toBe(t.moderation.report.thanks);
      await shot(page, '4-reported');

      // 4. The operator suspends the sender; the sender's open app is logged out at once.
      const sellerPage = await seller.newPage('/about');
      await language(seller, sellerPage, lang);
      await sellerPage.evaluate(() => window.localStorage.setItem('bb.loggedIn', '1'));
      await sellerPage.goto('/dashboard');
      await sellerPage.getByRole('heading', { level: 1 }).first().waitFor();
      const console_ = await operator.newPage('/about');
      await language(operator, console_, lang);
      await console_.evaluate(() => window.localStorage.setItem('bb.loggedIn', '1'));
      await console_.goto('/operator');
      const report = console_.locator('.op-reports > li').filter({ hasText: sellerAccount.username }).first();
      const why = lang === 'en' ? 'Asks for advance to a personal account' : 'निजी खाते में एडवांस माँगा';
      await report.getByLabel(t.moderation.console.note).fill(why);
      await report.getByRole('button', { name: fill(t.moderation.console.suspend, { username: sellerAccount.username }) }).click();
      // The action is in the audit log, with why.
      await expect.poll(() => console_.locator('.op-log').getByText(why).count()).toBe(1);
      expect(await fitsTheScreen(console_)).toBe(true);
      await shot(console_, '5-console');
      await expect.poll(async () => (await seller.context.request.get('/auth/user')).status()).toBe(401);
      await sellerPage.goto('/dashboard');
      await sellerPage.waitForURL('**/login**');
      await sellerPage.getByRole('heading', { level: 1 }).waitFor();
      await shot(sellerPage, '6-sender-logged-out');

      // 5. A visitor no longer finds the seller nor the listing.
      const view = await visitor.newPage('/about');
      await language(visitor, view, lang);
      await view.goto(`/sellers/${sellerAccount.username}`);
      await view.getByRole('heading', { level: 1, name: t.seller.profile.notFound }).waitFor();
      expect(await view.locator('.seller-badges').count()).toBe(0);
      await shot(view, '7-visitor-profile');
      const listing = await visitor.context.request.get(`/product/${productId}`, { headers: { accept: 'text/html' } });
      expect(listing.status()).toBe(404);
      const errors = [...buyer.errors, ...operator.errors, ...visitor.errors].filter((e) => !/status of 40[14]/.test(e));
      expect(errors).toEqual([]);
    });
  }
});
