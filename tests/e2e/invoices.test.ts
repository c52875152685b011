import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfDescribe, pdfFirstPagePng } from '../../server/src/modules/invoices/__tests__/pdf-tools.js';
import { apiAccount, browserDescribe, createProductIn, launchBrowser, type BrowserSession } from './support/browser.js';
import { shot, SHOTS_DIR } from './support/shots.js';

// docs/product.md#gst-invoices: once the seller marks the payment received, the invoice is made (in the buyer's
// language) and both parties' order screens link it; each download gives the same document.
const PHONE = { width: 390, height: 844 };
/** Where the rendered invoice pages go, to be looked at while building. */
const SELLER_GSTIN = '27AAPFU0939F1ZV';
const BUYER_GSTIN = '29AAGCB7383J1Z4';

const journey = pdfDescribe(browserDescribe(describe));

/** Clicks the order card's invoice link and answers the downloaded file's name and bytes. */
async function download(page: Page, title: string, number: string): Promise<{ name: string; bytes: Buffer }> {
  const link = page.locator('.order-card', { hasText: title }).getByRole('link', { name: `Download invoice ${number} (PDF)` });
  await link.waitFor();
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

/** The rendered first page: A4 at 100 dpi (pdfFirstPagePng), ink on it that is neither a speck nor a flood, spread down the page. */
async function checkPage(png: Buffer): Promise<void> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  // A4 is 595.28 x 841.89 pt: 826.8 x 1169.3 px at 100 dpi, which poppler rounds up.
  expect([info.width, info.height]).toEqual([827, 1170]);
  let dark = 0;
  const inkRows = new Set<number>();
  for (let i = 0; i < data.length; i++) {
    if (data[i] < 128) {
      dark++;
      inkRows.add(Math.floor(i / info.width / (info.height / 10)));
    }
  }
  const share = dark / (info.width * info.height);
  expect(share).toBeGreaterThan(0.005);
  expect(share).toBeLessThan(0.3);
  // Text in at least 4 of the page's 10 horizontal bands: the header, the parties, the lines, the totals.
  expect(inkRows.size).toBeGreaterThanOrEqual(4);
}

journey('invoices on the order screens (phone)', () => {
  let seller: BrowserSession;
  let buyer: BrowserSession;

  beforeAll(async () => {
    [seller, buyer] = await Promise.all([launchBrowser({ viewport: PHONE }), launchBrowser({ viewport: PHONE })]);
  });

  afterAll(async () => {
    await seller?.close();
    await buyer?.close();
  });

  it('buyer and seller download the same invoice PDF from their order screens; English and Hindi first pages render', async () => {
    await Promise.all([apiAccount(seller), apiAccount(buyer)]);
    const sellerApi = seller.context.request;
    const buyerApi = buyer.context.request;
    const fromSeller = { origin: seller.baseUrl };
    const fromBuyer = { origin: buyer.baseUrl };
    const business = await sellerApi.put('/sellers/business', {
      headers: fromSeller,
      data: {
        legal_name: 'Sharma Steel Traders Pvt Ltd',
        trade_name: 'शर्मा स्टील',
        gstin: SELLER_GSTIN,
        address: { line1: '12, Lohar Chawl, Kalbadevi', city: 'Mumbai', state: 'Maharashtra', pincode: '400002' },
        upi_vpa: 'sharma.steel@okhdfc',
        invoice_prefix: 'SS/26-27/',
        prices_include_gst: false,
      },
    });
    expect(business.status(), await business.text()).toBe(200);
    const product = (title: string, unit: string, hsn: string, rate: number, price: string) =>
      createProductIn(seller, {
        title,
        description: 'Stainless steel kitchenware for hotels, canteens and shops, packed in cartons of mixed sizes.',
        category: 'Kitchen',
        purchase_type: 'buy_now',
        price,
        unit,
        hsn_code: hsn,
        gst_rate: rate,
        quantity: { min_quantity: 1, max_quantity: 1000 },
      });
    const tiffin = await product('Steel tiffin box, 3 tier', 'piece', '73239390', 12, '240.00');
    const utensils = await product('स्टील के बर्तन का सेट (5 पीस)', 'set', '7323', 18, '450.50');

    const sellerPage = await seller.newPage('/');
    await sellerPage.evaluate(() => window.localStorage.setItem('bb.loggedIn', '1'));
    await sellerPage.goto('/seller/orders');
    await sellerPage.getByRole('heading', { level: 1, name: 'Seller orders' }).waitFor();
    const buyerPage = await buyer.newPage('/');
    await buyerPage.evaluate(() => window.localStorage.setItem('bb.loggedIn', '1'));
    await buyerPage.goto('/orders');
    await buyerPage.getByRole('heading', { level: 1, name: 'Your orders' }).waitFor();
    await buyerPage.getByText('You have not ordered anything yet.').waitFor();
    await sellerPage.getByText('No orders yet. Orders from buyers appear here as they come in.').waitFor();
    for (const page of [buyerPage, sellerPage]) await page.evaluate(() => ((window as unknown as { openedOnce?: boolean }).openedOnce = true));

    /** Bought, paid with a UTR and marked received through the API; the screens are what is under test. */
    const paidOrder = async (productId: string, quantity: number) => {
      const bought = await buyerApi.post('/products/buy-now', { headers: fromBuyer, data: { product_id: productId, quantity } });
      expect(bought.status(), await bought.text()).toBe(201);
      const orderId = ((await bought.json()) as { order_id: string }).order_id;
      expect((await buyerApi.post('/orders/confirm', { headers: fromBuyer, data: { order_id: orderId, utr: '412345678901' } })).status()).toBe(200);
      expect((await sellerApi.post(`/sellers/orders/${orderId}/payment-received`, { headers: fromSeller, data: {} })).status()).toBe(200);
    };
    const billing = async (legalName: string, address: Record<string, string>) => {
      const saved = await buyerApi.put('/account/business', { headers: fromBuyer, data: { legal_name: legalName, gstin: BUYER_GSTIN, billing_address: address } });
      expect(saved.status(), await saved.text()).toBe(200);
    };
    const language = async (code: 'en' | 'hi') => {
      expect((await buyerApi.put('/auth/settings', { headers: fromBuyer, data: { language: code } })).status()).toBe(200);
    };

    const cases = [
      { lang: 'en' as const, title: 'Steel tiffin box, 3 tier', productId: tiffin, quantity: 500, number: 'SS/26-27/1', buyerName: 'Gupta Kirana Store', address: { line1: 'Shop 4, Gandhi Bazaar', city: 'Bengaluru', state: 'Karnataka', pincode: '560004' } },
      { lang: 'hi' as const, title: 'स्टील के बर्तन का सेट', productId: utensils, quantity: 120, number: 'SS/26-27/2', buyerName: 'गुप्ता किराना स्टोर', address: { line1: 'दुकान 4, गांधी बाज़ार', city: 'बेंगलुरु', state: 'Karnataka', pincode: '560004' } },
    ];
    for (const c of cases) {
      // The invoice is in the buyer's language and names the buyer's billing details, as they are when it is made.
      await language(c.lang);
      await billing(c.buyerName, c.address);
      await paidOrder(c.productId, c.quantity);
      // The link appears on both open screens without a reload; both downloads are the one stored document.
      const forBuyer = await download(buyerPage, c.title, c.number);
      const forSeller = await download(sellerPage, c.title, c.number);
      const fileName = `invoice-${c.number.replaceAll('/', '-')}.pdf`;
      expect([forBuyer.name, forSeller.name]).toEqual([fileName, fileName]);
      expect(forBuyer.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(forSeller.bytes.equals(forBuyer.bytes)).toBe(true);
      const png = await pdfFirstPagePng(forBuyer.bytes);
      if (SHOTS_DIR) {
        await mkdir(SHOTS_DIR, { recursive: true });
        await writeFile(path.join(SHOTS_DIR, `invoice-${c.lang}.png`), png);
      }
      await checkPage(png);
    }
    await shot(buyerPage, 'phone-orders-invoice-buyer.png', { fullPage: true });
    await shot(sellerPage, 'phone-orders-invoice-seller.png', { fullPage: true });
    // Both screens heard of the orders and their invoices live: neither document was replaced.
    for (const page of [buyerPage, sellerPage]) expect(await page.evaluate(() => (window as unknown as { openedOnce?: boolean }).openedOnce)).toBe(true);
    expect([...seller.errors, ...buyer.errors]).toEqual([]);
  });
});
