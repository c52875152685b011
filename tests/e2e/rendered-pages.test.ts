import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAccount, browserDescribe, launchBrowser, type BrowserSession } from './support/browser.js';

const journey = browserDescribe(describe);

/**
 * Runs before the page's own scripts: when the parser is done (readyState 'interactive', before any deferred
 * script runs) it notes every node the server sent in #root and the markup, so the test can tell whether
 * hydration kept those very nodes and changed nothing. It also records what the share sheet is given.
 */
function watchHydration() {
  const w = window as unknown as { __ssr?: { nodes: WeakSet<Node>; count: number; html: string }; __shared?: unknown };
  document.addEventListener('readystatechange', () => {
    if (document.readyState !== 'interactive') return;
    const root = document.getElementById('root')!;
    const nodes = new WeakSet<Node>();
    const walker = document.createTreeWalker(root);
    let count = 0;
    for (let n: Node | null = walker.currentNode; n; n = walker.nextNode()) {
      nodes.add(n);
      count += 1;
    }
    w.__ssr = { nodes, count, html: root.innerHTML };
  });
  Object.defineProperty(navigator, 'share', {
    configurable: true,
    value: async (data: unknown) => {
      w.__shared = data;
    },
  });
}

/** Whether the markup the server sent is still there, node for node and character for character. */
const unchanged = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __ssr?: { nodes: WeakSet<Node>; count: number; html: string } };
    const root = document.getElementById('root')!;
    if (!w.__ssr) return { sameHtml: false, replaced: -1, count: 0, before: 0 };
    const walker = document.createTreeWalker(root);
    let replaced = 0;
    let count = 0;
    for (let n: Node | null = walker.currentNode; n; n = walker.nextNode()) {
      count += 1;
      if (!w.__ssr.nodes.has(n)) replaced += 1;
    }
    return { sameHtml: root.innerHTML === w.__ssr.html, replaced, count, before: w.__ssr.count };
  });

/**
 * Whether React has taken over the page's `h1` (the node carries React's own fiber key once hydrated): the
 * test's only look at React's internals, to know when to compare the markup without guessing a delay.
 */
const hydrated = (page: Page) => page.evaluate(() => Object.keys(document.querySelector('#root h1') ?? {}).some((k) => k.startsWith('__reactFiber')));

journey('rendered pages: the app takes over without changing them', () => {
  let seller: BrowserSession;
  let visitor: BrowserSession;
  let productId: string;
  const warnings: string[] = [];

  beforeAll(async () => {
    seller = await launchBrowser();
    await apiAccount(seller);
    const thumbnail = await sharp({ create: { width: 900, height: 700, channels: 3, background: '#2c3e50' } }).jpeg().toBuffer();
    const created = await seller.context.request.post('/seller/products/create', {
      headers: { origin: seller.baseUrl },
      multipart: {
        product: JSON.stringify({
          title: 'Stainless steel water bottles, 1 litre',
          description: 'Food grade steel, leak proof lid. Logo printing on orders of 100 or more.',
          product_type: 'new',
          purchase_type: 'buy_now',
          condition: 'new',
          category: 'Kitchen',
          price: '349.00',
          quantity: { min_quantity: 10, max_quantity: 500 },
          tags: ['bottle', 'steel'],
          custom_questions: { questions: [] },
        }),
        thumbnail: { name: 'bottle.jpg', mimeType: 'image/jpeg', buffer: thumbnail },
      },
    });
    expect(created.status()).toBe(201);
    productId = ((await created.json()) as { product: { product_id: string } }).product.product_id;
    visitor = await launchBrowser({ viewport: { width: 390, height: 844 } });
    await visitor.context.addInitScript(watchHydration);
  });

  afterAll(async () => {
    await seller?.close();
    await visitor?.close();
  });

  /** GraphQL requests each page made (a rendered page's data comes with it). */
  const graphql: string[] = [];
  const open = async (path: string) => {
    const page = await visitor.context.newPage();
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/graphql') graphql.push(`${path}: ${r.postData() ?? ''}`.slice(0, 200));
    });
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(`${path}: ${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => warnings.push(`${path}: pageerror: ${error.message}`));
    await page.goto(path);
    return page;
  };

  it('a product page: hydrated in place (no node replaced, no markup changed, no warning), then it works', async () => {
    const page = await open(`/product/${productId}`);
    // The server's page is there before any script: title, price with its unit, the picture.
    const sent = await page.evaluate(() => (window as unknown as { __ssr?: { html: string } }).__ssr?.html ?? '');
    expect(sent).toContain('₹349 / piece');
    expect(sent).toContain('<img ');
    await expect.poll(() => hydrated(page), { timeout: 20_000 }).toBe(true);
    await page.waitForLoadState('networkidle');
    const state = await unchanged(page);
    expect(state).toMatchObject({ sameHtml: true, replaced: 0 });
    expect(state.count).toBe(state.before);
    // The data came with the page: nothing was asked of the API to show it.
    expect(graphql).toEqual([]);
    // It works: Share hands the device's share sheet the title, the price with its unit and the link.
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    expect(await page.evaluate(() => (window as unknown as { __shared?: unknown }).__shared)).toEqual({
      title: 'Stainless steel water bottles, 1 litre',
      text: 'Stainless steel water bottles, 1 litre: ₹349 / piece',
      url: `${visitor.baseUrl}/product/${productId}`,
    });
    expect(warnings).toEqual([]);
    await page.close();
  });

  it('a Hindi link hydrates in Hindi (and shares a Hindi link); home hydrates in place too, with its products', async () => {
    // Home's popular and new products come from the search index, a moment after the listing.
    const homeHtml = async () => (await (await visitor.context.request.get('/', { headers: { accept: 'text/html' } })).text()).includes('Stainless steel water bottles, 1 litre');
    await expect.poll(homeHtml, { timeout: 20_000 }).toBe(true);
    for (const [path, text] of [
      [`/product/${productId}?lang=hi`, '₹349 / पीस'],
      ['/', 'The voice platform for business goods'],
    ] as const) {
      const page = await open(path);
      await expect.poll(() => hydrated(page), { timeout: 20_000 }).toBe(true);
      await page.waitForLoadState('networkidle');
      const state = await unchanged(page);
      expect(state, path).toMatchObject({ sameHtml: true, replaced: 0 });
      expect(await page.locator('#root').innerText(), path).toContain(text);
      if (path.startsWith('/product/')) {
        await page.getByRole('button', { name: 'शेयर करें', exact: true }).click();
        expect(await page.evaluate(() => (window as unknown as { __shared?: unknown }).__shared)).toMatchObject({ text: 'Stainless steel water bottles, 1 litre: ₹349 / पीस', url: `${visitor.baseUrl}/product/${productId}?lang=hi` });
      } else {
        // The products were in the page the server sent (title, price with its unit and minimum), and they stay.
        const sent = await page.evaluate(() => (window as unknown as { __ssr?: { html: string } }).__ssr?.html ?? '');
        expect(sent).toContain('Stainless steel water bottles, 1 litre');
        expect(sent).toContain('₹349 / piece · min. 10');
        await page.getByRole('link', { name: /Stainless steel water bottles, 1 litre/ }).first().waitFor();
        // Home's search box opens the assistant.
        await page.getByRole('button', { name: /search by typing/i }).first().click();
        await page.getByRole('dialog').first().waitFor();
      }
      await page.close();
    }
    expect(graphql.filter((g) => !g.includes('search') && !g.includes('Search'))).toEqual([]);
    expect(warnings).toEqual([]);
  });
});
