import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { makeImage } from '../factories/images.js';
import { productBody } from '../factories/products.js';
import { browserDescribe, launchBrowser, newAccount, readLatestCode, type BrowserSession } from './support/browser.js';

/**
 * The security headers the server sends (helmet: Content-Security-Policy, X-Frame-Options, nosniff)
 * must not break the web app or GraphiQL: every page is loaded in Chromium, logged out and logged in,
 * and any `securitypolicyviolation` event or CSP console message fails the test.
 */
const journey = browserDescribe(describe);

interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

/** Records the page's CSP violations in `window.__csp` from before any of its scripts run. */
async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: Violation[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__csp.push({ directive: e.effectiveDirective, blocked: e.blockedURI, source: `${e.sourceFile}:${e.lineNumber}` });
    });
  });
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { __csp: Violation[] }).__csp);

journey('Content-Security-Policy in a real browser', () => {
  let browser: BrowserSession;
  let page: Page;
  const cspConsole: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage('about:blank');
    await watchCsp(page);
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) cspConsole.push(m.text());
    });
  });
  afterAll(() => browser?.close());

  async function visit(path: string, ready: () => Promise<unknown>) {
    const res = await page.goto(path);
    expect(res?.headers()['content-security-policy'], path).toMatch(/frame-ancestors 'none'/);
    await ready();
    // Lazy chunks, images and workers have had their chance to load.
    await page.waitForLoadState('networkidle');
    expect(await violations(page), path).toEqual([]);
  }

  it('the app shell pages, logged out', async () => {
    await visit('/', () => page.getByRole('banner').waitFor());
    await visit('/login', () => page.getByRole('button', { name: 'Log in' }).waitFor());
    await visit('/signup', () => page.getByRole('button', { name: 'Sign up' }).waitFor());
    await visit('/about', () => page.getByRole('banner').waitFor());
    await visit('/no-such-page', () => page.getByRole('banner').waitFor());
    // An unknown page answers 404 (docs/architecture.md#rendered-pages), which the browser notes in its console.
    const notFound = browser.errors.findIndex((e) => e.includes('status of 404') && e.includes('/no-such-page'));
    expect(notFound).toBeGreaterThanOrEqual(0);
    browser.errors.splice(notFound, 1);
    expect(cspConsole).toEqual([]);
  });

  it('the seller pages, logged in', async () => {
    const account = newAccount();
    const api = page.context().request;
    const origin = { origin: browser.baseUrl };
    expect((await api.post('/auth/register', { data: account, headers: origin })).status()).toBe(201);
    const otp = await readLatestCode(account.email);
    expect((await api.post('/auth/verify-email-otp', { data: { email: account.email, otp }, headers: origin })).status()).toBe(200);
    expect((await api.post('/auth/login', { data: { username: account.username, password: account.password }, headers: origin })).status()).toBe(200);

    // A product with a picture: its page shows images served by /uploads.
    const created = await api.post('/seller/products/create', {
      headers: origin,
      multipart: {
        product: JSON.stringify(productBody({ title: 'CSP check laptop' })),
        thumbnail: { name: 'thumb.jpg', mimeType: 'image/jpeg', buffer: await makeImage() },
      },
    });
    expect(created.status()).toBe(201);
    const productId = ((await created.json()) as { product_id: string }).product_id;
    await visit(`/product/${productId}`, () => page.locator('img[src*="/uploads/"]').first().waitFor());
    expect(await page.locator('img[src*="/uploads/"]').first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    await visit('/dashboard', () => page.getByRole('heading', { level: 1 }).first().waitFor());
    await visit('/seller/products/create', () => page.getByRole('heading', { level: 1 }).first().waitFor());
    await visit('/seller/products', () => page.getByRole('heading', { level: 1 }).first().waitFor());
    await visit('/settings', () => page.getByRole('heading', { level: 1 }).first().waitFor());
    await visit('/orders', () => page.getByRole('heading', { level: 1 }).first().waitFor());
    await visit('/seller/orders', () => page.getByRole('heading', { level: 1 }).first().waitFor());
    await visit('/chat', () => page.getByRole('banner').waitFor());
    expect(cspConsole).toEqual([]);
  });

  it('GraphiQL renders, runs a query and opens its WebSocket under the policy', async () => {
    await visit('/graphql', () => page.locator('.graphiql-container').waitFor());
    // Monaco starts its editor and language workers: the editor accepts a query and the run button answers.
    await page.locator('.graphiql-query-editor .monaco-editor').first().waitFor();
    await page.locator('.graphiql-query-editor .monaco-editor').first().click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('{ __typename');
    // The editor closes the brace itself (its auto-closing pairs); close it only if it did not.
    if (!(await page.locator('.graphiql-query-editor .view-lines').innerText()).includes('}')) await page.keyboard.type(' }');
    await page.keyboard.press('Escape'); // the completion list
    await page.keyboard.press('Control+Enter'); // GraphiQL's run shortcut
    await page.locator('.graphiql-response').getByText('"__typename": "Query"').waitFor();
    // The subscriptions' socket (same origin, ws:) is allowed by connect-src 'self'.
    const socket = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const ws = new WebSocket(location.origin.replace(/^http/, 'ws') + '/graphql', 'graphql-transport-ws');
          ws.onopen = () => {
            ws.close();
            resolve('open');
          };
          ws.onerror = () => resolve('error');
        }),
    );
    expect(socket).toBe('open');
    await page.waitForLoadState('networkidle');
    expect(await violations(page)).toEqual([]);
    expect(cspConsole).toEqual([]);
    expect(browser.errors).toEqual([]);
  });
});
