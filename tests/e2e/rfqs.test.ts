import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiAccount, browserDescribe, chooseLanguage, createProductIn, launchBrowser, type BrowserSession } from './support/browser.js';
import { shot } from './support/shots.js';
import { fakeSpeech } from './support/speech.js';

const journey = browserDescribe(describe);
const PHONE = { width: 390, height: 844 };

/** A logged-in tab at `path` (the app shows member screens once it knows the session). */
async function openAs(session: BrowserSession, path: string): Promise<Page> {
  const page = await session.newPage('/');
  await page.evaluate(() => window.localStorage.setItem('bb.loggedIn', '1'));
  await page.goto(path);
  return page;
}

/** Nothing on the page is wider than the screen. */
async function fitsTheScreen(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(await page.evaluate(() => window.innerWidth));
}

// docs/product.md#buy-requirements
journey('buy requirements journey (phone)', () => {
  let buyer: BrowserSession;
  let sellerA: BrowserSession;
  let sellerB: BrowserSession;
  let sellerC: BrowserSession;

  beforeAll(async () => {
    [buyer, sellerA, sellerB, sellerC] = await Promise.all([launchBrowser({ viewport: PHONE }), launchBrowser({ viewport: PHONE }), launchBrowser({ viewport: PHONE }), launchBrowser({ viewport: PHONE })]);
    await Promise.all([apiAccount(buyer), apiAccount(sellerA), apiAccount(sellerB), apiAccount(sellerC)]);
    await createProductIn(sellerA, { title: 'Folding treadmill for home gyms', description: 'Treadmills for home and hotel gyms, with delivery and installation.', category: 'FitnessEquipment', purchase_type: 'buy_now', price: '9000.00', quantity: { min_quantity: 1, max_quantity: 100 }, location: { city: 'Indore', state: 'Madhya Pradesh' } });
    await createProductIn(sellerB, { title: 'Motorised treadmill, 2 HP', description: 'Treadmills for home and hotel gyms, with delivery and installation.', category: 'FitnessEquipment', purchase_type: 'buy_now', price: '8500.00', quantity: { min_quantity: 1, max_quantity: 100 }, location: { city: 'Indore', state: 'Madhya Pradesh' } });
    await createProductIn(sellerC, { title: 'Treadmill belt cleaner spray', description: 'Cleaner spray for treadmill belts and kitchen counters.', category: 'Kitchen', purchase_type: 'buy_now', price: '300.00', quantity: { min_quantity: 1, max_quantity: 100 } });
    await buyer.context.addInitScript(fakeSpeech('12 treadmills in Indore under 9500'));
  });

  afterAll(async () => {
    await Promise.all([buyer?.close(), sellerA?.close(), sellerB?.close(), sellerC?.close()]);
  });

  it('the buyer speaks a requirement and edits a chip; two sellers of the goods see it live and quote, a third never sees it; the buyer compares and orders; both see the order', async () => {
    const inboxes = await Promise.all([sellerA, sellerB, sellerC].map((s) => openAs(s, '/seller/rfqs')));
    for (const page of inboxes) await page.getByText('No requirements for your goods yet. New ones appear here as buyers post them.').waitFor();

    // Spoken to the assistant, then posted as a requirement.
    const page = await openAs(buyer, '/');
    // On a phone, home's hero holds Speak (the bar leaves it out).
    await page.getByRole('button', { name: 'Speak', exact: true }).filter({ visible: true }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('12 treadmills in Indore under 9500', { exact: true }).waitFor();
    await dialog.getByRole('link', { name: 'Post this as a requirement: sellers quote you' }).click();
    await page.getByRole('heading', { level: 1, name: 'Post a requirement' }).waitFor();
    const chips = page.getByRole('list', { name: 'Details of your requirement (tap one to change it)' });
    await chips.getByRole('button', { name: 'Change Quantity: 12 pieces' }).waitFor();
    await chips.getByRole('button', { name: 'Change City: Indore' }).waitFor();
    await fitsTheScreen(page);
    await chips.getByRole('button', { name: 'Change Quantity: 12 pieces' }).click();
    await page.getByRole('spinbutton', { name: 'Quantity' }).fill('10');
    await page.getByRole('button', { name: 'Done' }).click();
    await chips.getByRole('button', { name: 'Change Quantity: 10 pieces' }).waitFor();
    await page.getByRole('button', { name: 'Post requirement' }).click();
    await page.getByText('Your requirement is posted. Sellers who sell these goods are being told now.').waitFor();
    await shot(page, 'rfq-draft-posted-390.png', { fullPage: true });

    // The two sellers of treadmills see it arrive without a reload; the kitchen seller never does.
    const [onA, onB, onC] = inboxes;
    for (const inbox of [onA, onB]) await inbox.getByTestId('seller-rfq').filter({ hasText: '12 treadmills in Indore under 9500' }).waitFor();
    await fitsTheScreen(onA);
    const quote = async (inbox: Page, rupees: string, days: string) => {
      const card = inbox.getByTestId('seller-rfq');
      await card.getByRole('button', { name: 'Send a quote' }).click();
      await card.getByLabel('Your price per piece (₹)').fill(rupees);
      await card.getByLabel('Delivery in (days)').fill(days);
      await card.getByRole('button', { name: 'Send quote' }).click();
      await card.getByText(/^You quoted/).waitFor();
    };
    await quote(onA, '9200', '3');
    await quote(onB, '8800', '6');
    await shot(onA, 'rfq-inbox-390.png', { fullPage: true });

    // The buyer compares the quotes live, by total then by delivery, and orders the cheaper one.
    const card = page.getByTestId('my-rfq');
    await expect.poll(() => card.getByTestId('rfq-quote').count(), { timeout: 15_000 }).toBe(2);
    const totals = () => card.getByTestId('rfq-quote').allTextContents();
    expect((await totals())[0]).toContain('₹88,000');
    await card.getByRole('button', { name: 'Delivery' }).click();
    await expect.poll(async () => (await totals())[0]).toContain('₹92,000');
    await card.getByRole('button', { name: 'Total' }).click();
    await fitsTheScreen(page);
    await shot(page, 'rfq-compare-390.png', { fullPage: true });
    await card.getByRole('button', { name: /^Order from .* at ₹88,000$/ }).click();
    await page.getByText(/^Order \S+ placed for ₹88,000/).waitFor();

    // The order is there for both; the other seller is told it was fulfilled.
    await page.getByRole('link', { name: 'See your orders' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your orders' }).waitFor();
    await page.getByText('Motorised treadmill, 2 HP').first().waitFor();
    await onB.goto('/seller/orders');
    await onB.getByText('Motorised treadmill, 2 HP').first().waitFor();
    await onA.getByText('The buyer ordered from another seller.').waitFor();
    expect(await onC.getByTestId('seller-rfq').count()).toBe(0);
    expect([...buyer.errors, ...sellerA.errors, ...sellerB.errors, ...sellerC.errors]).toEqual([]);
  });

  it('in Hindi at 320 px: the seller reads the inbox and the buyer the draft in Hindi', async () => {
    const page = await openAs(buyer, `/rfqs/new?text=${encodeURIComponent('इंदौर में 5 ट्रेडमिल')}`);
    await chooseLanguage(page, 'हिन्दी');
    await page.setViewportSize({ width: 320, height: 700 });
    await page.getByRole('heading', { level: 1, name: 'ज़रूरत पोस्ट करें' }).waitFor();
    const chips = page.getByRole('list', { name: 'आपकी ज़रूरत की जानकारी (बदलने के लिए टैप करें)' });
    await chips.getByRole('button', { name: 'शहर: Indore, बदलें' }).waitFor();
    // A photo from the phone goes with it (private: the seller's inbox shows it).
    const picture = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#4a6d8c' } }).jpeg().toBuffer();
    await page.getByLabel('फ़ोटो जोड़ें').setInputFiles({ name: 'treadmill.jpg', mimeType: 'image/jpeg', buffer: picture });
    await page.getByRole('group', { name: 'फ़ोटो (3 में से 1, चाहें तो)' }).getByRole('img', { name: 'फ़ोटो 1' }).waitFor();
    await fitsTheScreen(page);
    await shot(page, 'rfq-draft-hi-320.png', { fullPage: true });
    await page.getByRole('button', { name: 'ज़रूरत पोस्ट करें' }).click();
    await page.getByText('आपकी ज़रूरत पोस्ट हो गई। इस सामान के सेलर को अभी बताया जा रहा है।').waitFor();

    const inbox = await openAs(sellerA, '/seller/rfqs');
    await chooseLanguage(inbox, 'हिन्दी');
    await inbox.setViewportSize({ width: 320, height: 700 });
    const lead = inbox.getByTestId('seller-rfq').filter({ hasText: 'इंदौर में 5 ट्रेडमिल' });
    await lead.getByRole('button', { name: 'कोटेशन भेजें' }).waitFor();
    const thumb = lead.getByRole('link', { name: 'फ़ोटो 1 खोलें' }).locator('img');
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 15_000 }).toBe(320);
    await fitsTheScreen(inbox);
    await shot(inbox, 'rfq-inbox-hi-320.png', { fullPage: true });
    expect([...buyer.errors, ...sellerA.errors]).toEqual([]);
  });
});
