import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAccount, browserDescribe, chooseLanguage, createProductIn, launchBrowser, type BrowserSession } from './support/browser.js';
import { shot } from './support/shots.js';

/**
 * A weak network on a phone (docs/product.md#offline-and-weak-networks): the chat composer keeps its draft per
 * conversation across a reload; a message sent without network waits on the device ('Waiting for network') and is
 * sent once the browser is back online, exactly once on the other side (its client message id); an inquiry
 * answered without network waits the same way and reaches the seller once.
 */
const journey = browserDescribe(describe);
const PHONE = { width: 390, height: 844 };

const userId = async (session: BrowserSession) => ((await (await session.context.request.get('/auth/user')).json()) as { user: { uid: string } }).user.uid;

journey('chat on a weak network', () => {
  let seller: BrowserSession;
  let buyer: BrowserSession;
  let sellerId: string;
  let buyerId: string;
  let page: Page;

  beforeAll(async () => {
    [seller, buyer] = await Promise.all([launchBrowser(), launchBrowser({ viewport: PHONE })]);
    await Promise.all([apiAccount(seller), apiAccount(buyer)]);
    [sellerId, buyerId] = await Promise.all([userId(seller), userId(buyer)]);
    // The conversation exists (the seller wrote first), so the buyer's screen opens it.
    const hello = await seller.context.request.post(`/chat/${buyerId}/messages`, { data: { content: 'Namaste, how can I help?' }, headers: { origin: seller.baseUrl } });
    expect(hello.status()).toBe(201);
    page = await buyer.newPage('/');
    await page.evaluate(() => window.localStorage.setItem('bb.loggedIn', '1'));
    await page.goto(`/chat?with=${sellerId}`);
    await page.getByText('Namaste, how can I help?').last().waitFor();
  });
  afterAll(async () => {
    await Promise.all([seller?.close(), buyer?.close()]);
  });

  const box = () => page.getByRole('textbox', { name: 'Message' });
  const sellerSees = async (content: string) => {
    const res = await seller.context.request.get(`/chat/${buyerId}/messages`);
    return ((await res.json()) as { messages: Array<{ content: string }> }).messages.filter((m) => m.content === content).length;
  };

  it('keeps the draft of a conversation across a reload', async () => {
    // The conversation fits the phone's width (a long name with its badges wraps).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await box().fill('Do you have 40 in stock?');
    await page.reload();
    await page.getByText('Namaste, how can I help?').last().waitFor();
    await expect.poll(() => box().inputValue()).toBe('Do you have 40 in stock?');
    await box().fill('');
  });

  it('queues a message sent offline and sends it once when back online', async () => {
    await page.context().setOffline(true);
    try {
      // Every screen says it is offline.
      await page.getByRole('status').filter({ hasText: 'You are offline.' }).waitFor();
      await box().fill('Please send the GST bill with the goods');
      await box().press('Enter');
      const queued = page.getByRole('list', { name: 'Messages waiting to be sent' });
      await queued.getByText('Please send the GST bill with the goods').waitFor();
      await queued.getByText('Waiting for network').waitFor();
      expect(await box().inputValue()).toBe('');
      await shot(page, 'chat-offline-390-en.png');
      expect(await sellerSees('Please send the GST bill with the goods')).toBe(0);
    } finally {
      await page.context().setOffline(false);
    }
    await page.getByRole('list', { name: 'Messages waiting to be sent' }).waitFor({ state: 'detached' });
    expect(await page.getByText('You are offline.').count()).toBe(0);
    await expect.poll(() => sellerSees('Please send the GST bill with the goods'), { timeout: 10_000 }).toBe(1);
    // Once: a moment later there is still one.
    await page.waitForTimeout(500);
    expect(await sellerSees('Please send the GST bill with the goods')).toBe(1);
    await page.getByText('Please send the GST bill with the goods').last().waitFor();
  });

  it('keeps an inquiry answered offline on the phone and sends it once when back online', async () => {
    const productId = await createProductIn(seller, {
      title: 'Steel lunch boxes, 3 tier',
      description: 'Food-grade steel tiffin boxes with a carry handle, for canteens and offices.',
      category: 'Kitchen',
      purchase_type: 'inquire',
      quantity: { min_quantity: 20, max_quantity: 2000 },
      custom_questions: { questions: [{ question: 'Which city?', question_type: 'free_response', mandatory: true }] },
    });
    const inquiries = async () => {
      const res = await seller.context.request.get(`/chat/${buyerId}/messages?limit=50`);
      return ((await res.json()) as { messages: Array<{ kind: string; content: string }> }).messages.filter((m) => m.kind === 'inquiry' && m.content.includes('Steel lunch boxes')).length;
    };
    await page.goto(`/product/${productId}`);
    await page.getByRole('button', { name: 'Inquire' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Inquire about Steel lunch boxes, 3 tier' });
    await dialog.getByRole('button', { name: 'Type' }).click();
    const reply = dialog.getByRole('textbox', { name: 'Your answer' });
    await reply.fill('Nagpur');
    await reply.press('Enter');
    await dialog.getByText('Complete').waitFor();
    await page.context().setOffline(true);
    try {
      await dialog.getByRole('button', { name: 'Send to seller' }).click();
      await dialog.getByRole('status').filter({ hasText: 'You are offline. Your inquiry is kept on this phone and will be sent to the seller when you are back online.' }).waitFor();
      await shot(page, 'inquiry-offline-390-en.png');
      expect(await inquiries()).toBe(0);
    } finally {
      await page.context().setOffline(false);
    }
    await dialog.getByText('Your inquiry has been sent to the seller. Taking you to the chat…').waitFor({ timeout: 15_000 });
    await page.waitForURL((url) => url.pathname === '/chat' && url.search.includes(sellerId), { timeout: 10_000 });
    await expect.poll(inquiries, { timeout: 10_000 }).toBe(1);
    // Once, also after the chat's own queue had its turn.
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    await page.waitForTimeout(500);
    expect(await inquiries()).toBe(1);
    expect(await page.getByRole('list', { name: 'Messages waiting to be sent' }).count()).toBe(0);
  });

  it('says so in Hindi', async () => {
    await chooseLanguage(page, 'हिन्दी');
    await page.context().setOffline(true);
    try {
      await box().or(page.getByRole('textbox', { name: 'मैसेज' })).first().fill('कल तक भेज दीजिए');
      await page.keyboard.press('Enter');
      await page.getByText('नेटवर्क का इंतज़ार है').waitFor();
      await shot(page, 'chat-offline-390-hi.png');
    } finally {
      await page.context().setOffline(false);
    }
    await expect.poll(() => sellerSees('कल तक भेज दीजिए'), { timeout: 10_000 }).toBe(1);
    await chooseLanguage(page, 'English');
    expect(buyer.errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|net::ERR|Failed to fetch|WebSocket/.test(e))).toEqual([]);
  });
});
