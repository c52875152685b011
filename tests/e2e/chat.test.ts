import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAccount, browserDescribe, createProductIn, launchBrowser, type Account, type BrowserSession } from './support/browser.js';

const journey = browserDescribe(describe);

/** An inquire-only product of `seller` with two questions (one yes/no). */
function inquireOnlyProduct(seller: BrowserSession, title: string): Promise<string> {
  return createProductIn(seller, {
    title,
    description: 'Stackable steel seating for canteens and waiting rooms, powder coated, 5 year warranty.',
    category: 'Furniture',
    purchase_type: 'inquire',
    quantity: { min_quantity: 10, max_quantity: 500 },
    custom_questions: {
      questions: [
        { question: 'Do you need delivery?', question_type: 'yes_no', mandatory: true },
        { question: 'Which city?', question_type: 'free_response', mandatory: false },
      ],
    },
  });
}

async function loggedInPage(session: BrowserSession, path: string): Promise<Page> {
  const page = await session.newPage('/');
  await page.evaluate(() => window.localStorage.setItem('bb.loggedIn', '1'));
  await page.goto(path);
  return page;
}

journey('chat journey', () => {
  let seller: BrowserSession;
  let buyer: BrowserSession;
  let voiceBuyer: BrowserSession;
  let sellerAccount: Account;
  let buyerAccount: Account;

  beforeAll(async () => {
    [seller, buyer, voiceBuyer] = await Promise.all([launchBrowser(), launchBrowser(), launchBrowser()]);
    [sellerAccount, buyerAccount] = await Promise.all([apiAccount(seller), apiAccount(buyer)]);
  });

  afterAll(async () => {
    await Promise.all([seller?.close(), buyer?.close(), voiceBuyer?.close()]);
  });

  it('a typed inquiry reaches the seller live; the seller quotes; the buyer accepts; the order reaches /seller/orders live', async () => {
    const productId = await inquireOnlyProduct(seller, 'Steel canteen benches');

    // The seller keeps /chat and /seller/orders open.
    const sellerChat = await loggedInPage(seller, '/chat');
    await sellerChat.getByText(/No conversations yet/).waitFor();
    const sellerOrders = await seller.newPage('/seller/orders');
    await sellerOrders.getByRole('heading', { level: 1, name: 'Seller orders' }).waitFor();

    // The buyer inquires by typing the answers; 'yeah' is a yes.
    const buyerPage = await loggedInPage(buyer, `/product/${productId}`);
    await buyerPage.getByRole('button', { name: 'Inquire' }).click();
    const dialog = buyerPage.getByRole('dialog', { name: 'Inquire about Steel canteen benches' });
    await dialog.getByText('How would you like to inquire about this product?').waitFor();
    await dialog.getByRole('button', { name: 'Type' }).click();
    await dialog.getByText('Question 1 of 2').waitFor();
    await dialog.getByText('Do you need delivery? (Yes/No)').waitFor();
    const reply = dialog.getByRole('textbox', { name: 'Your answer' });
    await reply.fill('perhaps');
    await reply.press('Enter');
    await dialog.getByRole('alert').getByText('Please answer with "Yes" or "No" (or similar like "yeah", "nope", etc.).').waitFor();
    await reply.fill('yeah');
    await reply.press('Enter');
    await dialog.getByText('Question 2 of 2').waitFor();
    await reply.fill('Indore');
    await reply.press('Enter');
    await dialog.getByText('Complete').waitFor();
    await reply.fill('yes');
    await reply.press('Enter');
    await dialog.getByText('Your inquiry has been sent to the seller. Taking you to the chat…').waitFor();
    await buyerPage.waitForURL((url) => url.pathname === '/chat' && url.search.includes('with='), { timeout: 10_000 });

    // The seller's open /chat shows it without a reload.
    const conversation = sellerChat.getByRole('link', { name: new RegExp(`^${buyerAccount.username}, 1 unread message`) });
    await conversation.waitFor();
    expect(await sellerChat.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    await conversation.click();
    const sellerLog = sellerChat.getByRole('log', { name: `Messages with ${buyerAccount.username}` });
    await sellerLog.getByText('Do you need delivery?').waitFor();
    await sellerLog.locator('dd', { hasText: 'Yes' }).waitFor();
    await sellerLog.locator('dd', { hasText: 'Indore' }).waitFor();

    // The seller answers with a quote: 50 chairs at ₹1,150.50.
    await sellerChat.getByRole('button', { name: 'Send a quote' }).click();
    await sellerChat.getByRole('textbox', { name: 'Quantity' }).fill('50');
    await sellerChat.getByRole('textbox', { name: 'Price per piece (₹)' }).fill('1150.50');
    await sellerChat.getByRole('button', { name: 'Send quote' }).click();
    await sellerLog.getByText('50 pieces × ₹1,150.50 / piece = ₹57,525').waitFor();

    // The buyer's open chat shows the quote live; they accept it.
    const buyerLog = buyerPage.getByRole('log', { name: `Messages with ${sellerAccount.username}` });
    await buyerLog.getByText('50 pieces × ₹1,150.50 / piece = ₹57,525').waitFor();
    await buyerLog.getByRole('button', { name: 'Accept and order (₹57,525)' }).click();
    await buyerPage.getByRole('alertdialog', { name: 'Accept this quote and order for ₹57,525?' }).getByRole('button', { name: 'Accept and order' }).click();
    await buyerLog.getByText('Ordered', { exact: true }).waitFor();

    // The card turns 'Ordered' on the seller's side, and the order is on /seller/orders, both live.
    await sellerLog.getByText('Ordered', { exact: true }).waitFor();
    const card = sellerOrders.locator('.order-card', { hasText: 'Steel canteen benches' });
    await card.waitFor();
    await card.getByText('Pending payment').waitFor();
    expect(await sellerOrders.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);

    expect([...seller.errors, ...buyer.errors]).toEqual([]);
  });

  it('a voice inquiry: each question is spoken, the answers are heard (recognition stubbed)', async () => {
    await apiAccount(voiceBuyer);
    const productId = await inquireOnlyProduct(seller, 'Folding banquet tables');
    // Headless Chromium's recognition never hears anything: this one hears the next scripted answer
    // shortly after it starts, and speaking ends at once.
    await voiceBuyer.context.addInitScript(() => {
      const w = window as unknown as Record<string, unknown>;
      const answers = ['yes', 'Bhopal', 'yes'];
      const spoken: string[] = [];
      w.__spoken = spoken;
      class FakeRecognition {
        lang = '';
        continuous = false;
        interimResults = false;
        onresult: ((e: unknown) => void) | null = null;
        onerror: (() => void) | null = null;
        onend: (() => void) | null = null;
        start() {
          const text = answers.shift();
          if (!text) return;
          setTimeout(() => this.onresult?.({ resultIndex: 0, results: [Object.assign([{ transcript: text }], { isFinal: true })] }), 300);
        }
        stop() {}
        abort() {}
      }
      w.SpeechRecognition = FakeRecognition;
      w.webkitSpeechRecognition = FakeRecognition;
      class Utterance {
        lang = '';
        onend: (() => void) | null = null;
        onerror: (() => void) | null = null;
        constructor(public text: string) {}
      }
      w.SpeechSynthesisUtterance = Utterance;
      Object.defineProperty(window, 'speechSynthesis', {
        value: {
          cancel() {},
          speak(u: Utterance) {
            spoken.push(`${u.lang}: ${u.text}`);
            setTimeout(() => u.onend?.(), 50);
          },
        },
      });
    });
    const page = await loggedInPage(voiceBuyer, `/product/${productId}`);
    await page.getByRole('button', { name: 'Inquire' }).click();
    const dialog = page.getByRole('dialog', { name: 'Inquire about Folding banquet tables' });
    await dialog.getByRole('button', { name: 'Voice' }).click();
    await dialog.getByText('Your inquiry has been sent to the seller. Taking you to the chat…').waitFor({ timeout: 20_000 });
    const spoken = (await page.evaluate(() => (window as unknown as { __spoken: string[] }).__spoken)) as string[];
    expect(spoken.slice(0, 2)).toEqual(['en-US: Do you need delivery? (Yes/No)', 'en-US: Which city?']);
    await page.waitForURL((url) => url.pathname === '/chat', { timeout: 10_000 });
    const log = page.getByRole('log', { name: `Messages with ${sellerAccount.username}` });
    await log.locator('dd', { hasText: 'Bhopal' }).waitFor();
    expect(voiceBuyer.errors).toEqual([]);
  });
});
