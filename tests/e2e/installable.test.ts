import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.js';
import { apiAccount, browserDescribe, launchBrowser, type BrowserSession } from './support/browser.js';
import { shot } from './support/shots.js';

/**
 * The installable app on a phone (docs/product.md#installable-app): the manifest and the service worker are
 * served, the browser's own installability check passes, the precache holds only the build's public files (no
 * GraphQL or REST answer, even after a signed-in user's queries), and a page load without network shows the
 * offline page in the remembered language, which opens the page again once the network is back.
 */
const journey = browserDescribe(describe);
const PHONE = { width: 390, height: 844 };
const SMALL = { width: 320, height: 640 };

interface WebManifest {
  name: string;
  short_name: string;
  start_url: string;
  theme_color: string;
  display: string;
  icons: { src: string; sizes: string; purpose?: string }[];
}

/** Every URL in every cache of the page's origin. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });

journey('the installable app on a phone', () => {
  let session: BrowserSession;
  let page: Page;

  beforeAll(async () => {
    // A browser of its own: Chrome offers to install only from a profile on disk, never from a private context.
    session = await launchBrowser({ viewport: PHONE, ownBrowser: true });
    page = await session.newPage('/');
  });
  afterAll(() => session?.close());

  it('serves a manifest with a Hindi short name, maskable icons and a start URL', async () => {
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
    const res = await page.context().request.get('/manifest.webmanifest');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await res.json()) as WebManifest;
    expect(manifest).toMatchObject({ name: 'Bol Bazaar', short_name: 'बोल बाज़ार', theme_color: '#0f5132', display: 'standalone' });
    expect(manifest.start_url).toMatch(/^\//);
    const icons = manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`);
    expect(icons).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable']));
    for (const icon of manifest.icons) {
      const png = await page.context().request.get(icon.src);
      expect(png.status(), icon.src).toBe(200);
      expect(png.headers()['content-type']).toBe('image/png');
    }
  });

  it('registers the service worker, which the browser finds installable', async () => {
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${session.baseUrl}/`);
    const sw = await page.context().request.get('/sw.js');
    expect(sw.headers()['cache-control']).toBe('no-cache');
    // The browser's own check (what makes it offer "Install app"): no errors.
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
    await cdp.detach();
  });

  it('caches only the public files of the build, never an answer of the API', async () => {
    // A signed-in user's page asks GraphQL and REST for private data.
    await apiAccount(session);
    await page.goto('/orders');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    const urls = await cachedUrls(page);
    expect(urls).toContain('/offline.html');
    expect(urls.some((u) => u.startsWith('/assets/app-'))).toBe(true);
    const notBuildFiles = urls.filter((u) => !/^\/(assets\/[\w.-]+|icons\/[\w.-]+\.png|offline\.(html|js)|manifest\.webmanifest)$/.test(u));
    expect(notBuildFiles).toEqual([]);
    expect(urls.filter((u) => /^\/(graphql|orders|uploads|invoices|chat|auth|seller)/.test(u))).toEqual([]);
  });

  it('shows the offline page in the remembered language when the network is gone, and comes back with it', async () => {
    const context = page.context();
    await context.setOffline(true);
    try {
      await page.goto('/orders');
      await page.getByRole('heading', { name: 'You are offline' }).waitFor();
      await expectAccessible(page, 'offline page');
      await shot(page, 'offline-390-en.png');
      await page.evaluate(() => localStorage.setItem('bb.language', 'hi'));
      await page.reload();
      await page.getByRole('heading', { name: 'आप ऑफ़लाइन हैं' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');
      await shot(page, 'offline-390-hi.png');
      await page.setViewportSize(SMALL);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SMALL.width);
      await shot(page, 'offline-320-hi.png');
      await page.getByRole('button', { name: 'फिर से कोशिश करें' }).focus();
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('फिर से कोशिश करें');
    } finally {
      await context.setOffline(false);
    }
    // Back online: the page opens again by itself.
    await page.getByRole('banner').waitFor();
    expect(page.url()).toBe(`${session.baseUrl}/orders`);
    await page.evaluate(() => localStorage.setItem('bb.language', 'en'));
    await page.setViewportSize(PHONE);
    expect(session.errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|net::ERR/.test(e))).toEqual([]);
  });

  it('offers to install after a first order, at the end of the screen, until Not now', async () => {
    // A first order on this device, before this page load: the browser's install prompt becomes the hint.
    await page.evaluate(() => localStorage.setItem('bb.installHint.ordered', String(Date.now() - 1000)));
    await page.goto('/orders');
    const hint = page.getByRole('complementary', { name: /Get Bol Bazaar on your phone/ });
    await hint.waitFor();
    await hint.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, 'install hint');
    await shot(page, 'install-hint-390-en.png');
    await page.setViewportSize(SMALL);
    await page.evaluate(() => localStorage.setItem('bb.language', 'hi'));
    await page.reload();
    const hindi = page.getByRole('complementary', { name: /बोल बाज़ार अपने फ़ोन पर रखें/ });
    await hindi.waitFor();
    await hindi.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SMALL.width);
    await shot(page, 'install-hint-320-hi.png');
    await hindi.getByRole('button', { name: 'अभी नहीं' }).click();
    await hindi.waitFor({ state: 'detached' });
    await page.evaluate(() => localStorage.setItem('bb.language', 'en'));
    await page.reload();
    await page.getByRole('banner').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('complementary', { name: /Get Bol Bazaar on your phone/ }).count()).toBe(0);
    await page.setViewportSize(PHONE);
  });
});
