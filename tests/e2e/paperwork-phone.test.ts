import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { pdfDescribe, pdfText } from '../../server/src/modules/invoices/__tests__/pdf-tools.js';
import { axeViolations } from './support/axe.js';
import { apiAccount, browserDescribe, launchBrowser, type BrowserSession } from './support/browser.js';
import { shot as pageShot } from './support/shots.js';

// Issue 27 on a phone (docs/product.md#price-bands, #paying-by-upi, #gst-invoices). Screenshots in $E2E_SHOTS_DIR.
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
  await pageShot(page.locator('#product-bands'), `paper-${lang}-bands-group.png`);
  // The same chips on the other phone width (390 and 320 px), then back.
  const size = page.viewportSize()!;
  const other = size.width === 320 ? 390 : 320;
  await page.setViewportSize({ width: other, height: size.height });
  expect(await fitsTheScreen(page)).toBe(true);
  await pageShot(page.locator('#product-bands'), `paper-${lang}-${other}-bands-group.png`);
  await page.setViewportSize(size);
}

/** The words the issue's journey reads and clicks, in each language (the app's own texts). */
const JOURNEY = {
  en: {
    business: 'Business (as a seller)', legalName: 'Legal name', tradeName: 'Trade name (optional)', gstin: 'GSTIN (optional)', line1: 'Address', city: 'City',
    state: 'State', pincode: 'PIN code', upi: 'UPI ID (optional), like shop@okhdfc', prefix: 'Invoice number prefix', includesGst: 'My prices include GST',
    saveBusiness: 'Save business details', businessSaved: 'Business details saved.', ladder: '100 se upar 45, 500 se upar 40, 1000 se upar 36, thoda kam bhi ho jayega',
    noOrders: 'No orders yet. Orders from buyers appear here as they come in.', bands: 'Bulk prices', quantity: 'Quantity', more: 'More',
    band: (range: string, price: string) => new RegExp(`${range} pieces?(?: or more)?\\s+₹${price} / piece · Your price`),
    total: (price: string, total: string) => `₹${price} / piece · Total: ₹${total}`,
    type: 'Type', textbox: 'What you need', ask: 'how much for 1000?', answer: '1,000 pcs: ₹36 / pc (the price from 1,000 pcs), ₹36,000 + 18% GST ₹6,480 = ₹42,480 in all.',
    figures: 'Price for this quantity', figuresText: /Plus 18% GST\s+₹6,480\s+Total\s+₹42,480/, close: 'Close search', buyNow: 'Buy now', placeOrder: 'Place order',
    sellerNamed: /^Seller: Sharma Steel & Co ·/, upiLink: /^Pay ₹([\d,.]+) by UPI for order (\S+)$/, qr: 'QR code to pay ₹23,600 to Sharma Steel & Co by UPI', sellerUnpaid: 'Pending payment',
    utr: 'UPI transaction reference (UTR, 12 digits)', confirm: (id: string) => `Confirm payment for order ${id}`, utrInvalid: 'The UTR must be the 12 digits of the UPI transaction reference',
    screenshot: 'Or add a screenshot of the payment', screenshotChosen: 'Your payment screenshot: gpay.png', screenshotLink: 'Payment screenshot', screenshotOpen: (id: string) => `Open the payment screenshot of order ${id}`,
    buyerSent: 'Payment sent: the seller is checking', placed: (id: string) => `Order ${id} placed.`, sellerSent: 'Payment sent: check it',
    received: (id: string) => `Payment received for order ${id}`, sellerConfirmed: 'Confirmed: to deliver', buyerConfirmed: 'Confirmed', invoice: 'Download invoice SS/26-27/1 (PDF)',
    invoiceText: ['Tax Invoice', 'Twenty Three Thousand Six Hundred Rupees'],
  },
  hi: {
    business: 'बिज़नेस (सेलर के रूप में)', legalName: 'कानूनी नाम', tradeName: 'दुकान का नाम (ज़रूरी नहीं)', gstin: 'GSTIN (ज़रूरी नहीं)', line1: 'पता', city: 'शहर',
    state: 'राज्य', pincode: 'पिन कोड', upi: 'UPI आईडी (ज़रूरी नहीं), जैसे shop@okhdfc', prefix: 'इनवॉइस नंबर की शुरुआत', includesGst: 'मेरे दामों में GST शामिल है',
    saveBusiness: 'बिज़नेस की जानकारी सेव करें', businessSaved: 'बिज़नेस की जानकारी सेव हो गई।', ladder: '100 पीस से ऊपर 45 रुपये, 500 से ऊपर 40, 1000 से ऊपर 36, थोड़ा कम भी हो जाएगा',
    noOrders: 'अभी कोई ऑर्डर नहीं है। ख़रीदारों के ऑर्डर आते ही यहाँ दिखेंगे।', bands: 'थोक दाम', quantity: 'मात्रा', more: 'बढ़ाएँ',
    band: (range: string, price: string) => new RegExp(`${range} पीस(?: या ज़्यादा)?\\s+₹${price} / पीस · आपका दाम`),
    total: (price: string, total: string) => `₹${price} / पीस · कुल: ₹${total}`,
    type: 'लिखें', textbox: 'आपको क्या चाहिए', ask: '1000 पीस का क्या रेट', answer: '1,000 पीस: ₹36 / पीस (1,000 पीस से यही दाम), ₹36,000 + 18% GST ₹6,480 = कुल ₹42,480।',
    figures: 'इस मात्रा का दाम', figuresText: /18% GST अलग से\s+₹6,480\s+कुल\s+₹42,480/, close: 'खोज बंद करें', buyNow: 'अभी ख़रीदें', placeOrder: 'ऑर्डर करें',
    sellerNamed: /^सेलर: Sharma Steel & Co ·/, upiLink: /^ऑर्डर (\S+) के लिए UPI से ₹([\d,.]+) का पेमेंट करें$/, qr: 'Sharma Steel & Co को UPI से ₹23,600 देने का QR कोड', sellerUnpaid: 'पेमेंट बाकी',
    utr: 'UPI ट्रांज़ैक्शन रेफ़रेंस (UTR, 12 अंक)', confirm: (id: string) => `ऑर्डर ${id} का पेमेंट कन्फ़र्म करें`, utrInvalid: 'UTR में UPI ट्रांज़ैक्शन रेफ़रेंस के 12 अंक होने चाहिए',
    screenshot: 'या पेमेंट का स्क्रीनशॉट जोड़ें', screenshotChosen: 'आपके पेमेंट का स्क्रीनशॉट: gpay.png', screenshotLink: 'पेमेंट का स्क्रीनशॉट', screenshotOpen: (id: string) => `ऑर्डर ${id} के पेमेंट का स्क्रीनशॉट खोलें`,
    buyerSent: 'पेमेंट भेजा: सेलर जाँच रहा है', placed: (id: string) => `ऑर्डर ${id} हो गया।`, sellerSent: 'पेमेंट भेजा गया: जाँच करें',
    received: (id: string) => `ऑर्डर ${id} का पेमेंट मिल गया`, sellerConfirmed: 'कन्फ़र्म: डिलीवर करना है', buyerConfirmed: 'कन्फ़र्म हो गया', invoice: 'इनवॉइस SS/26-27/1 डाउनलोड करें (PDF)',
    invoiceText: [] as string[],
  },
} as const;

/**
 * The issue's journey on a phone, in one language: the seller's business details and a 3-band ladder typed in one
 * line; the buyer changes the quantity and watches the band change, asks the assistant a quantity's price, buys,
 * pays by the UPI button (its link checked), gives the UTR and a screenshot of the payment; the seller opens the
 * screenshot and marks the payment received, live on the buyer's screen; both download the invoice (its text read
 * with pdftotext). Screenshots in $E2E_SHOTS_DIR.
 */
async function issueJourney(sessions: BrowserSession[], lang: 'en' | 'hi', width: number): Promise<void> {
  const T = JOURNEY[lang];
  const viewport = { width, height: 844 };
  const [seller, buyer] = await Promise.all([launchBrowser({ viewport }), launchBrowser({ viewport })]);
  sessions.push(seller, buyer);
  await Promise.all([apiAccount(seller), apiAccount(buyer)]);
  // The invoice is in the buyer's own language (their setting).
  expect((await buyer.context.request.put('/auth/settings', { headers: { origin: buyer.baseUrl }, data: { language: lang } })).status()).toBe(200);
  const shot = (page: Page, name: string) => pageShot(page, `paper-${lang}-${width}-${name}.png`, { fullPage: true });
  const exact = { exact: true };

  // 1. The seller's business details, in settings.
  const sellerPage = await seller.newPage('/');
  await language(seller, sellerPage, lang);
  await sellerPage.evaluate(() => window.localStorage.setItem('bb.loggedIn', '1'));
  await sellerPage.goto('/settings');
  const business = sellerPage.getByRole('region', { name: T.business });
  await business.getByLabel(T.legalName, exact).fill('Sharma Steel Traders Pvt Ltd');
  await business.getByLabel(T.tradeName, exact).fill('Sharma Steel & Co');
  await business.getByLabel(T.gstin, exact).fill(SELLER_GSTIN);
  await business.getByLabel(T.line1, exact).fill('12, Lohar Chawl, Kalbadevi');
  await business.getByLabel(T.city, exact).fill('Mumbai');
  await business.getByLabel(T.state, exact).selectOption('27');
  await business.getByLabel(T.pincode, exact).fill('400002');
  await business.getByLabel(T.upi, exact).fill('sharma.steel@okhdfc');
  await business.getByLabel(T.prefix, exact).fill('SS/26-27/');
  // Prices stated without GST: 18 % is added to orders and invoices.
  await business.getByLabel(T.includesGst, exact).setChecked(false);
  await business.getByRole('button', { name: T.saveBusiness }).click();
  await business.getByText(T.businessSaved).waitFor({ timeout: 30_000 });
  expect(await fitsTheScreen(sellerPage)).toBe(true);
  await shot(sellerPage, '0-business');

  // 2. The listing, its ladder typed in one line.
  await sellerPage.goto('/sell');
  await sellWithLadder(sellerPage, lang, T.ladder, (name) => shot(sellerPage, name));
  await sellerPage.getByRole('button', { name: FORM[lang].create }).click();
  await sellerPage.waitForURL('**/product/*', { timeout: 60_000 });
  const productId = new URL(sellerPage.url()).pathname.split('/').pop()!;
  await sellerPage.goto('/seller/orders');
  await sellerPage.getByText(T.noOrders).waitFor();

  // 3. The buyer changes the quantity and watches the band change.
  const buyerPage = await buyer.newPage('/');
  await language(buyer, buyerPage, lang);
  await buyerPage.evaluate(() => window.localStorage.setItem('bb.loggedIn', '1'));
  await buyerPage.goto(`/product/${productId}`);
  const bands = buyerPage.getByRole('table', { name: T.bands });
  await bands.waitFor();
  const activeBand = () => bands.locator('tr[aria-current="true"]').innerText();
  const quantity = buyerPage.getByRole('spinbutton', { name: T.quantity });
  expect(await quantity.inputValue()).toBe('100');
  expect(await activeBand()).toMatch(T.band('100–499', '45'));
  await quantity.fill('499');
  await buyerPage.getByText(T.total('45', '22,455')).waitFor();
  await quantity.fill('500');
  await buyerPage.getByText(T.total('40', '20,000')).waitFor();
  expect(await activeBand()).toMatch(T.band('500–999', '40'));
  await buyerPage.getByRole('button', { name: T.more }).click();
  await buyerPage.getByText(T.total('40', '20,040')).waitFor();
  await quantity.fill('1000');
  expect(await activeBand()).toMatch(T.band('1,000', '36'));
  await quantity.fill('500');
  await buyerPage.getByText(T.total('40', '20,000')).waitFor();
  expect(await fitsTheScreen(buyerPage)).toBe(true);
  await shot(buyerPage, '2-band-500');

  // The assistant opened on the product page answers a quantity's price: the seller's prices exclude GST, so the
  // answer adds it, as the order will.
  await buyerPage.getByRole('banner').getByRole('button', { name: T.type }).click();
  const assistant = buyerPage.getByRole('dialog');
  await assistant.getByRole('textbox', { name: T.textbox }).fill(T.ask);
  await assistant.getByRole('textbox', { name: T.textbox }).press('Enter');
  await assistant.getByText(T.answer).waitFor({ timeout: 30_000 });
  expect(await assistant.getByRole('group', { name: T.figures }).innerText()).toMatch(T.figuresText);
  expect(await fitsTheScreen(buyerPage)).toBe(true);
  await shot(buyerPage, '2b-assistant-price');
  expect((await axeViolations(buyerPage)).join('\n'), 'axe-core violations').toBe('');
  await assistant.getByRole('button', { name: T.close }).click();
  await assistant.waitFor({ state: 'hidden' });

  // 4. Buys, and pays by the UPI button: the link names the seller's UPI ID, name, the amount with GST, INR and the order.
  await buyerPage.getByRole('button', { name: T.buyNow }).click();
  await buyerPage.getByRole('dialog').getByRole('button', { name: T.placeOrder }).click();
  await buyerPage.waitForURL('**/orders', { timeout: 30_000 });
  const upi = buyerPage.getByRole('link', { name: T.upiLink });
  await upi.waitFor({ timeout: 30_000 });
  const [, first, second] = T.upiLink.exec((await upi.getAttribute('aria-label'))!)!;
  const [amount, orderRef] = lang === 'en' ? [first, second] : [second, first];
  expect(amount).toBe('23,600');
  const link = new URL((await upi.getAttribute('href'))!);
  expect(link.protocol).toBe('upi:');
  expect(Object.fromEntries(link.searchParams)).toEqual({ pa: 'sharma.steel@okhdfc', pn: 'Sharma Steel & Co', am: '23600.00', cu: 'INR', tn: `Order ${orderRef}` });
  // The name's '&' is escaped in the link, not a parameter of its own.
  expect(link.search).toContain('pn=Sharma%20Steel%20%26%20Co');
  await buyerPage.getByRole('img', { name: T.qr }).waitFor();
  // The order card names the seller by the trade name, as the payee line does.
  await buyerPage.locator('.order-card', { hasText: orderRef }).getByText(T.sellerNamed).waitFor();
  expect(await fitsTheScreen(buyerPage)).toBe(true);
  await shot(buyerPage, '3-pay');

  // 5. The UTR: a wrong one is refused at the field; the seller sees the right one live.
  const sellerCard = sellerPage.locator('.order-card', { hasText: orderRef });
  await sellerCard.getByText(T.sellerUnpaid).waitFor({ timeout: 30_000 });
  const utr = buyerPage.getByLabel(T.utr);
  // The UTR field stays inside its order card, at 320 px too.
  const [field, card] = [await utr.boundingBox(), await buyerPage.locator('.order-card', { hasText: orderRef }).boundingBox()];
  expect(field!.x + field!.width).toBeLessThanOrEqual(card!.x + card!.width);
  await utr.fill('41234567');
  await buyerPage.getByRole('button', { name: T.confirm(orderRef) }).click();
  await buyerPage.getByRole('alert').getByText(T.utrInvalid).waitFor();
  await utr.fill('4123 4567 8901');
  // With a screenshot of the payment too. A file that is no picture is refused on the phone, its long name (as
  // phones name files) inside the screen; then the picture: previewed inside the card, sent with the UTR.
  const longName = 'Screenshot_2026-11-28-11-34-00-123_com.phonepe.app.pdf';
  await buyerPage.getByLabel(T.screenshot).setInputFiles({ name: longName, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7') });
  await buyerPage.getByRole('alert').getByText(longName, { exact: false }).waitFor();
  expect(await fitsTheScreen(buyerPage)).toBe(true);
  await shot(buyerPage, '3a-not-a-picture');
  await buyerPage.getByLabel(T.screenshot).setInputFiles({
    name: 'gpay.png',
    mimeType: 'image/png',
    buffer: await sharp({ create: { width: 540, height: 1200, channels: 3, background: '#e8f5e9' } }).png().toBuffer(),
  });
  const preview = buyerPage.getByRole('img', { name: T.screenshotChosen });
  await preview.waitFor();
  const [shotBox, cardBox] = [await preview.boundingBox(), await buyerPage.locator('.order-card', { hasText: orderRef }).boundingBox()];
  expect(shotBox!.x + shotBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);
  expect(await fitsTheScreen(buyerPage)).toBe(true);
  await shot(buyerPage, '3b-screenshot');
  await buyerPage.getByRole('button', { name: T.confirm(orderRef) }).click();
  const buyerCard = buyerPage.locator('.order-card', { hasText: orderRef });
  await buyerCard.getByText(T.buyerSent).waitFor({ timeout: 30_000 });
  // The 'placed: pay by …' notice goes once the order is paid.
  expect(await buyerPage.getByText(T.placed(orderRef), { exact: false }).count()).toBe(0);
  await sellerCard.getByText('UTR: 412345678901').waitFor({ timeout: 30_000 });
  await sellerCard.getByText(T.sellerSent).waitFor();
  const screenshotLink = sellerCard.getByRole('link', { name: T.screenshotOpen(orderRef) });
  expect(await screenshotLink.innerText()).toBe(T.screenshotLink);
  const picture = await seller.context.request.get((await screenshotLink.getAttribute('href'))!);
  expect([picture.status(), picture.headers()['content-type']]).toEqual([200, 'image/webp']);
  expect((await sharp(await picture.body()).metadata()).width).toBe(540);
  expect(await fitsTheScreen(sellerPage)).toBe(true);
  await shot(sellerPage, '4-seller-checks');

  // 6. The seller marks the payment received: the buyer's screen follows live, and both get the invoice link.
  await sellerPage.getByRole('button', { name: T.received(orderRef) }).click();
  await sellerCard.getByText(T.sellerConfirmed).waitFor({ timeout: 30_000 });
  await buyerCard.getByText(T.buyerConfirmed, { exact: true }).waitFor({ timeout: 30_000 });
  const invoiceLink = (page: Page) => page.locator('.order-card', { hasText: orderRef }).getByRole('link', { name: T.invoice });
  const download = async (page: Page) => {
    await invoiceLink(page).waitFor({ timeout: 60_000 });
    const [file] = await Promise.all([page.waitForEvent('download'), invoiceLink(page).click()]);
    return readFile(await file.path());
  };
  const [forBuyer, forSeller] = [await download(buyerPage), await download(sellerPage)];
  expect(forSeller.equals(forBuyer)).toBe(true);
  expect(await fitsTheScreen(buyerPage)).toBe(true);
  await shot(buyerPage, '5-buyer-confirmed');
  await shot(sellerPage, '6-seller-invoice');
  // The invoice in the buyer's language: its figures, GSTIN and tax lines (Latin in both, as on every bill).
  const text = await pdfText(forBuyer);
  for (const part of ['SS/26-27/1', SELLER_GSTIN, 'Sharma Steel Traders Pvt Ltd', '500', '20,000.00', 'CGST', 'SGST', '1,800.00', '23,600.00', ...T.invoiceText]) expect(text, part).toContain(part);
  expect(text).not.toContain('IGST');
  expect([...seller.errors, ...buyer.errors]).toEqual([]);
}

journey('paperwork and money on a phone (issue 27)', () => {
  const sessions: BrowserSession[] = [];
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((s) => s.close()));
  });

  it('the bulk prices of the product form in Hindi at 320 px: a said-style line read into chips, the listing created with them', async () => {
    const seller = await launchBrowser({ viewport: { width: 320, height: 740 } });
    sessions.push(seller);
    await apiAccount(seller);
    const page = await seller.newPage('/about');
    await language(seller, page, 'hi');
    await page.goto('/sell');
    const shot = (name: string) => pageShot(page, `paper-hi-320-${name}.png`, { fullPage: true });
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

  for (const [lang, width] of [['en', 390], ['hi', 320]] as const) {
    it(`the issue on a phone (${lang}, ${width} px): business details, a 3-band ladder typed, the band following the quantity, the assistant's price, UPI, UTR and screenshot, payment received live, both invoices`, async () => {
      await issueJourney(sessions, lang, width);
    });
  }
});
