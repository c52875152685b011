import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { pdfDescribe, pdfText } from '../../server/src/modules/invoices/__tests__/pdf-tools.js';
import { axeViolations } from './support/axe.js';
import { apiAccount, browserDescribe, launchBrowser, type BrowserSession } from './support/browser.js';

// Issue 27 on a phone (docs/product.md#price-bands, #paying-by-upi, #gst-invoices). Screenshots in $E2E_SHOTS_DIR.
const SHOTS = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'bolbazaar-shots');
const journey = pdfDescribe(browserDescribe(describe));
const SELLER_GSTIN = '27AAPFU0939F1ZV';

async function language(session: BrowserSession, page: Page, lang: 'en' | 'hi') {
  await session.context.addCookies([{ name: 'bb_lang', value: lang, url: session.baseUrl }]);
  await page.evaluate((l) => window.localStorage.setItem('bb.language', l), lang);
}

/** Nothing on the page is wider than the screen. */
const fitsTheScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

const thumbnail = async () => ({
  name: 'tiffin.jpg',
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 480, height: 360, channels: 3, background: '#7f8c8d' } }).jpeg().toBuffer(),
});

const FORM = {
  en: {
    heading: 'Sell a product', title: 'Title *', description: 'Description *', how: 'How buyers order', quantity: 'Quantity available *',
    picture: /Main picture \*/, line: 'Prices by quantity, in one line', made: '3 bands made. Check them below.', unread: 'Not understood (not added):',
    band: (n: number, part: 'q' | 'p') => `Band ${n}: ${part === 'q' ? 'From quantity' : '₹ per piece'}`, min: 'Minimum order quantity *', create: 'Create product',
    created: 'Product created successfully',
  },
  hi: {
    heading: 'प्रोडक्ट जोड़ें', title: 'प्रोडक्ट का नाम *', description: 'विवरण *', how: 'ख़रीदार कैसे ऑर्डर करें', quantity: 'उपलब्ध मात्रा *',
    picture: /मुख्य फ़ोटो \*/, line: 'मात्रा के हिसाब से दाम, एक लाइन में', made: '3 स्लैब बने। नीचे जाँच लें।', unread: 'समझ नहीं आया (जोड़ा नहीं):',
    band: (n: number, part: 'q' | 'p') => `स्लैब ${n}: ${part === 'q' ? 'कम से कम मात्रा' : '₹ प्रति पीस'}`, min: 'कम से कम ऑर्डर मात्रा *', create: 'प्रोडक्ट जोड़ें',
    created: 'प्रोडक्ट जुड़ गया',
  },
} as const;

/**
 * The seller types the price ladder in one line in the product form and gets chips (docs/product.md#price-bands);
 * the line is sent to the server's reader, the chips are changed, and the listing is created with them.
 */
async function sellWithLadder(page: Page, lang: 'en' | 'hi', line: string, shot: (name: string) => Promise<unknown>): Promise<void> {
  const f = FORM[lang];
  await page.getByRole('heading', { level: 1, name: f.heading }).waitFor();
  await page.getByLabel(f.title).fill(lang === 'en' ? 'Steel tiffin box, 3 tier' : 'स्टील टिफ़िन डिब्बा, 3 खाने');
  await page.getByLabel(f.description).fill('Food grade stainless steel, three tiers with a lid lock; packed 50 to a carton.');
  await page.getByLabel(f.how).selectOption('buy_now');
  await page.getByLabel(f.quantity).fill('5000');
  await page.getByLabel(f.picture).setInputFiles(await thumbnail());
  const input = page.getByLabel(f.line);
  await input.fill(line);
  await input.press('Enter');
  await page.getByText(f.made).waitFor({ timeout: 30_000 });
  expect(await page.getByLabel(f.min).inputValue()).toBe('100');
  expect(await page.getByLabel(f.band(2, 'q')).inputValue()).toBe('500');
  expect(await page.getByLabel(f.band(3, 'p')).inputValue()).toBe('36');
  await page.getByText(f.unread).waitFor();
  expect(await fitsTheScreen(page)).toBe(true);
  const found = await axeViolations(page);
  expect(found.join('\n'), 'axe-core violations').toBe('');
  await page.locator('#product-bands').scrollIntoViewIfNeeded();
  await shot('1-bands');
  await page.locator('#product-bands').screenshot({ path: path.join(SHOTS, `paper-${lang}-bands-group.png`) });
  // The same chips on the other phone width (390 and 320 px), then back.
  const size = page.viewportSize()!;
  const other = size.width === 320 ? 390 : 320;
  await page.setViewportSize({ width: other, height: size.height });
  expect(await fitsTheScreen(page)).toBe(true);
  await page.locator('#product-bands').screenshot({ path: path.join(SHOTS, `paper-${lang}-${other}-bands-group.png`) });
  await page.setViewportSize(size);
}

journey('paperwork and money on a phone (issue 27)', () => {
  const sessions: BrowserSession[] = [];
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((s) => s.close()));
  });

  it('the bulk prices of the product form in Hindi at 320 px: a said-style line read into chips, the listing created with them', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const seller = await launchBrowser({ viewport: { width: 320, height: 740 } });
    sessions.push(seller);
    await apiAccount(seller);
    const page = await seller.newPage('/about');
    await language(seller, page, 'hi');
    await page.goto('/sell');
    const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, `paper-hi-320-${name}.png`), fullPage: true });
    await sellWithLadder(page, 'hi', '100 पीस से ऊपर 45 रुपये, 500 से ऊपर 40, 1000 से ऊपर 36, थोड़ा कम भी हो जाएगा', shot);
    await page.getByRole('button', { name: FORM.hi.create }).click();
    await page.getByRole('status').getByText(FORM.hi.created).waitFor({ timeout: 60_000 });
    await page.waitForURL('**/product/*', { timeout: 30_000 });
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const stored = ((await (await seller.context.request.get(`/products/${id}`)).json()) as { product: { price_tiers: unknown } }).product;
    expect(stored.price_tiers).toEqual([
      { min_quantity: 100, unit_price_paise: '4500' },
      { min_quantity: 500, unit_price_paise: '4000' },
      { min_quantity: 1000, unit_price_paise: '3600' },
    ]);
  });

  it('the issue on a phone (390 px): business details, a 3-band ladder typed, the band following the quantity, UPI, UTR, payment received live, both invoices', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const viewport = { width: 390, height: 844 };
    const [seller, buyer] = await Promise.all([launchBrowser({ viewport }), launchBrowser({ viewport })]);
    sessions.push(seller, buyer);
    await Promise.all([apiAccount(seller), apiAccount(buyer)]);
    const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `paper-en-390-${name}.png`), fullPage: true });

    // 1. The seller's business details, in settings.
    const sellerPage = await seller.newPage('/');
    await sellerPage.evaluate(() => window.localStorage.setItem('bb.loggedIn', '1'));
    await sellerPage.goto('/settings');
    const business = sellerPage.getByRole('region', { name: 'Business (as a seller)' });
    await business.getByLabel('Legal name').fill('Sharma Steel Traders Pvt Ltd');
    await business.getByLabel('Trade name (optional)').fill('Sharma Steel & Co');
    await business.getByLabel('GSTIN (optional)').fill(SELLER_GSTIN);
    await business.getByLabel('Address').fill('12, Lohar Chawl, Kalbadevi');
    await business.getByLabel('City').fill('Mumbai');
    await business.getByLabel('State').selectOption('27');
    await business.getByLabel('PIN code').fill('400002');
    await business.getByLabel('UPI ID (optional), like shop@okhdfc').fill('sharma.steel@okhdfc');
    await business.getByLabel('Invoice number prefix').fill('SS/26-27/');
    // Prices stated without GST: 18 % is added to orders and invoices.
    await business.getByLabel('My prices include GST').setChecked(false);
    await business.getByRole('button', { name: 'Save business details' }).click();
    await business.getByText('Business details saved.').waitFor({ timeout: 30_000 });
    expect(await fitsTheScreen(sellerPage)).toBe(true);
    await shot(sellerPage, '0-business');

    // 2. The listing, its ladder typed in one line.
    await sellerPage.goto('/sell');
    await sellWithLadder(sellerPage, 'en', '100 se upar 45, 500 se upar 40, 1000 se upar 36, thoda kam bhi ho jayega', (name) => shot(sellerPage, name));
    await sellerPage.getByRole('button', { name: FORM.en.create }).click();
    await sellerPage.waitForURL('**/product/*', { timeout: 60_000 });
    const productId = new URL(sellerPage.url()).pathname.split('/').pop()!;
    await sellerPage.goto('/seller/orders');
    await sellerPage.getByText('No orders yet. Orders from buyers appear here as they come in.').waitFor();

    // 3. The buyer changes the quantity and watches the band change.
    const buyerPage = await buyer.newPage('/');
    await buyerPage.evaluate(() => window.localStorage.setItem('bb.loggedIn', '1'));
    await buyerPage.goto(`/product/${productId}`);
    const bands = buyerPage.getByRole('table', { name: 'Bulk prices' });
    await bands.waitFor();
    const activeBand = () => bands.locator('tr[aria-current="true"]').innerText();
    const quantity = buyerPage.getByRole('spinbutton', { name: 'Quantity' });
    expect(await quantity.inputValue()).toBe('100');
    expect(await activeBand()).toMatch(/100–499 pieces\s+₹45 \/ piece · Your price/);
    await quantity.fill('499');
    await buyerPage.getByText('₹45 / piece · Total: ₹22,455').waitFor();
    await quantity.fill('500');
    await buyerPage.getByText('₹40 / piece · Total: ₹20,000').waitFor();
    expect(await activeBand()).toMatch(/500–999 pieces\s+₹40 \/ piece · Your price/);
    await buyerPage.getByRole('button', { name: 'More' }).click();
    await buyerPage.getByText('₹40 / piece · Total: ₹20,040').waitFor();
    await quantity.fill('1000');
    expect(await activeBand()).toMatch(/1,000 pieces or more\s+₹36 \/ piece · Your price/);
    await quantity.fill('500');
    await buyerPage.getByText('₹40 / piece · Total: ₹20,000').waitFor();
    expect(await fitsTheScreen(buyerPage)).toBe(true);
    await shot(buyerPage, '2-band-500');

    // The assistant opened on the product page answers 'how much for 1000?' with the band's price.
    await buyerPage.getByRole('banner').getByRole('button', { name: 'Type' }).click();
    const assistant = buyerPage.getByRole('dialog');
    await assistant.getByRole('textbox', { name: 'What you need' }).fill('how much for 1000?');
    await assistant.getByRole('textbox', { name: 'What you need' }).press('Enter');
    // The seller's prices exclude GST: the answer adds it, as the order will.
    await assistant.getByText('1,000 pcs: ₹36 / pc (the price from 1,000 pcs), ₹36,000 + 18% GST ₹6,480 = ₹42,480 in all.').waitFor({ timeout: 30_000 });
    expect(await assistant.getByRole('group', { name: 'Price for this quantity' }).innerText()).toMatch(/Plus 18% GST\s+₹6,480\s+Total\s+₹42,480/);
    await shot(buyerPage, '2b-assistant-price');
    expect((await axeViolations(buyerPage)).join('\n'), 'axe-core violations').toBe('');
    await assistant.getByRole('button', { name: 'Close search' }).click();
    await assistant.waitFor({ state: 'hidden' });

    // 4. Buys, and pays by the UPI button: the link names the seller's UPI ID, name, the amount with GST, INR and the order.
    await buyerPage.getByRole('button', { name: 'Buy now' }).click();
    await buyerPage.getByRole('dialog').getByRole('button', { name: 'Place order' }).click();
    await buyerPage.waitForURL('**/orders', { timeout: 30_000 });
    const upi = buyerPage.getByRole('link', { name: /^Pay ₹[\d,.]+ by UPI for order / });
    await upi.waitFor({ timeout: 30_000 });
    const upiLabel = (await upi.getAttribute('aria-label'))!;
    expect(upiLabel).toMatch(/^Pay ₹23,600 by UPI for order /);
    const orderRef = upiLabel.replace(/^.* for order /, '');
    const link = new URL((await upi.getAttribute('href'))!);
    expect(link.protocol).toBe('upi:');
    expect(Object.fromEntries(link.searchParams)).toEqual({ pa: 'sharma.steel@okhdfc', pn: 'Sharma Steel & Co', am: '23600.00', cu: 'INR', tn: `Order ${orderRef}` });
    // The name's '&' is escaped in the link, not a parameter of its own.
    expect(link.search).toContain('pn=Sharma%20Steel%20%26%20Co');
    await buyerPage.getByRole('img', { name: 'QR code to pay ₹23,600 to Sharma Steel & Co by UPI' }).waitFor();
    await shot(buyerPage, '3-pay');

    // 5. The UTR: a wrong one is refused at the field; the seller sees the right one live.
    const sellerCard = sellerPage.locator('.order-card', { hasText: orderRef });
    await sellerCard.getByText('Pending payment').waitFor({ timeout: 30_000 });
    const utr = buyerPage.getByLabel('UPI transaction reference (UTR, 12 digits)');
    await utr.fill('41234567');
    await buyerPage.getByRole('button', { name: `Confirm payment for order ${orderRef}` }).click();
    await buyerPage.getByRole('alert').getByText('The UTR must be the 12 digits of the UPI transaction reference').waitFor();
    await utr.fill('4123 4567 8901');
    await buyerPage.getByRole('button', { name: `Confirm payment for order ${orderRef}` }).click();
    const buyerCard = buyerPage.locator('.order-card', { hasText: orderRef });
    await buyerCard.getByText('Payment sent: the seller is checking').waitFor({ timeout: 30_000 });
    // The 'placed: pay by …' notice goes once the order is paid.
    expect(await buyerPage.getByText(`Order ${orderRef} placed.`, { exact: false }).count()).toBe(0);
    await sellerCard.getByText('UTR: 412345678901').waitFor({ timeout: 30_000 });
    await sellerCard.getByText('Payment sent: check it').waitFor();
    await shot(sellerPage, '4-seller-checks');

    // 6. The seller marks the payment received: the buyer's screen follows live, and both get the invoice link.
    await sellerPage.getByRole('button', { name: `Payment received for order ${orderRef}` }).click();
    await sellerCard.getByText('Confirmed: to deliver').waitFor({ timeout: 30_000 });
    await buyerCard.getByText('Confirmed', { exact: true }).waitFor({ timeout: 30_000 });
    const invoiceLink = (page: Page) => page.locator('.order-card', { hasText: orderRef }).getByRole('link', { name: 'Download invoice SS/26-27/1 (PDF)' });
    const download = async (page: Page) => {
      await invoiceLink(page).waitFor({ timeout: 60_000 });
      const [file] = await Promise.all([page.waitForEvent('download'), invoiceLink(page).click()]);
      return readFile(await file.path());
    };
    const [forBuyer, forSeller] = [await download(buyerPage), await download(sellerPage)];
    expect(forSeller.equals(forBuyer)).toBe(true);
    await shot(buyerPage, '5-buyer-confirmed');
    await shot(sellerPage, '6-seller-invoice');
    const text = await pdfText(forBuyer);
    for (const part of ['Tax Invoice', 'SS/26-27/1', SELLER_GSTIN, 'Sharma Steel Traders Pvt Ltd', '500', '20,000.00', 'CGST', 'SGST', '1,800.00', '23,600.00', 'Twenty Three Thousand Six Hundred Rupees'])
      expect(text, part).toContain(part);
    expect(text).not.toContain('IGST');
    expect([...seller.errors, ...buyer.errors]).toEqual([]);
  });
});
