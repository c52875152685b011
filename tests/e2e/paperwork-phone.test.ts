import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.js';
import { apiAccount, browserDescribe, launchBrowser, type BrowserSession } from './support/browser.js';

// Issue 27 on a phone (docs/product.md#price-bands, #paying-by-upi, #gst-invoices). Screenshots in $E2E_SHOTS_DIR.
const SHOTS = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'bolbazaar-shots');
const journey = browserDescribe(describe);

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
});
