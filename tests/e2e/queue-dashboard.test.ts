import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runOperatorCommand } from '../support/operators.js';
import { apiAccount, browserDescribe, launchBrowser, type BrowserSession } from './support/browser.js';

/**
 * The queue dashboard (Bull Board at /operator/queues) in Chromium: an operator reaches it from the console's
 * 'Job queues' link and it draws its queues under the app's Content-Security-Policy (any violation, CSP
 * console message or page error fails); a signed-in user who is no operator gets no board.
 */
const journey = browserDescribe(describe);

journey('the queue dashboard in a real browser', () => {
  let operator: BrowserSession;
  let someone: BrowserSession;
  beforeAll(async () => {
    [operator, someone] = await Promise.all([launchBrowser(), launchBrowser()]);
    const [account] = await Promise.all([apiAccount(operator), apiAccount(someone)]);
    const store = inject('appStore');
    const made = await runOperatorCommand({ databaseUrl: store.databaseUrl, config: { REDIS_PREFIX: store.redisPrefix } }, ['add', account.email]);
    expect(made.code, made.out).toBe(0);
  }, 120_000);
  afterAll(() => Promise.all([operator, someone].map((s) => s?.close())));

  const watchCsp = async (page: Page, seen: string[]) => {
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) seen.push(m.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => console.error(`Refused to: ${e.effectiveDirective} ${e.blockedURI}`));
    });
  };

  it("an operator opens it from the console; it draws every queue with no CSP violation", async () => {
    const csp: string[] = [];
    const page = await operator.newPage('/about');
    await watchCsp(page, csp);
    await page.goto('/operator');
    await page.getByRole('link', { name: 'Job queues' }).click();
    await page.waitForURL(/\/operator\/queues/);
    // The board's own page, its queues listed by name.
    await expect(page.title()).resolves.toBe('Bol Bazaar queues');
    await page.getByText('order-expiry', { exact: false }).first().waitFor({ timeout: 30_000 });
    await page.getByText('search-index', { exact: false }).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(csp).toEqual([]);
    expect(operator.errors).toEqual([]);
  }, 90_000);

  it('anyone else gets no board', async () => {
    const page = await someone.newPage('/about');
    const res = await page.goto('/operator/queues');
    expect(res?.status()).toBe(404);
    expect(await page.title()).not.toBe('Bol Bazaar queues');
  }, 60_000);
});
