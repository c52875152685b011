import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAccount, browserDescribe, launchBrowser, type BrowserSession } from './support/browser.js';
import { shot } from './support/shots.js';

/**
 * The conversation's details on a small phone (docs/product.md#chat, issue 26): a long name ends in an ellipsis on one
 * line without widening the page, and a newly sent picture is scrolled into view once it has loaded, also after
 * the reader had scrolled up to older messages.
 */
const journey = browserDescribe(describe);
const SMALL = { width: 320, height: 640 };

const userId = async (session: BrowserSession) => ((await (await session.context.request.get('/auth/user')).json()) as { user: { uid: string } }).user.uid;

journey('chat details on a small phone', () => {
  let seller: BrowserSession;
  let buyer: BrowserSession;
  let sellerId: string;
  let page: Page;
  // The longest name there can be (30 characters), in one word.
  const longName = `kk${Date.now()}`.padEnd(30, 'x');

  beforeAll(async () => {
    [seller, buyer] = await Promise.all([launchBrowser(), launchBrowser({ viewport: SMALL })]);
    await Promise.all([apiAccount(seller), apiAccount(buyer)]);
    const renamed = await seller.context.request.put('/auth/settings', { data: { username: longName }, headers: { origin: seller.baseUrl } });
    expect(renamed.status(), await renamed.text()).toBe(200);
    sellerId = await userId(seller);
    const buyerId = await userId(buyer);
    // A conversation longer than the screen.
    for (let i = 1; i <= 24; i++) {
      const sent = await seller.context.request.post(`/chat/${buyerId}/messages`, { data: { content: `Line ${i} of our price list` }, headers: { origin: seller.baseUrl } });
      expect(sent.status()).toBe(201);
    }
    page = await buyer.newPage('/');
    await page.evaluate(() => window.localStorage.setItem('bb.loggedIn', '1'));
    await page.goto(`/chat?with=${sellerId}`);
    await page.getByRole('log').getByText('Line 24 of our price list').waitFor();
  });
  afterAll(async () => {
    await Promise.all([seller?.close(), buyer?.close()]);
  });

  it('ends a long name in an ellipsis on one line, the whole of it in the title', async () => {
    const name = page.locator('.message-window__name-text');
    await expect.poll(() => name.textContent()).toBe(longName);
    const shown = await name.evaluate((el) => ({ cut: el.scrollWidth > el.clientWidth, overflow: getComputedStyle(el).textOverflow, lines: Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)), title: el.getAttribute('title') }));
    expect(shown).toEqual({ cut: true, overflow: 'ellipsis', lines: 1, title: longName });
    const wide = await page.evaluate((w) => [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > w + 1).map((el) => `${el.tagName}.${el.className}`).slice(0, 8), SMALL.width);
    expect(wide).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SMALL.width);
    await shot(page, 'chat-long-name-320.png');
  });

  it('scrolls a newly sent picture into view once it has loaded, after the reader scrolled up', async () => {
    const log = page.getByRole('log');
    await log.evaluate((el) => {
      el.scrollTop = 0;
      el.dispatchEvent(new Event('scroll'));
    });
    const picture = await sharp({ create: { width: 600, height: 900, channels: 3, background: '#2e86c1' } }).jpeg().toBuffer();
    await page.locator('#chat-attach').setInputFiles({ name: 'godown-stock.jpg', mimeType: 'image/jpeg', buffer: picture });
    const image = log.locator('img').last();
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalHeight > 0), { timeout: 15_000 }).toBe(true);
    // The picture's bottom is inside the visible part of the messages.
    await expect
      .poll(() =>
        log.evaluate((el) => {
          const img = [...el.querySelectorAll('img')].at(-1)!.getBoundingClientRect();
          const box = el.getBoundingClientRect();
          return img.bottom <= box.bottom + 1 && img.bottom > box.top;
        }),
      )
      .toBe(true);
    await shot(page, 'chat-sent-picture-320.png');
    expect(buyer.errors).toEqual([]);
  });
});
