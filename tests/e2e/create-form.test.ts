import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAccount, browserDescribe, type BrowserSession, chooseLanguage, createProductIn, launchBrowser } from './support/browser.js';
import { shot } from './support/shots.js';

const journey = browserDescribe(describe);
const PHONE = { width: 390, height: 844 };

const jpeg = async (name: string, colour: string) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 320, height: 240, channels: 3, background: colour } }).jpeg().toBuffer(),
});

const activeId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

/** Drops files on an element as a browser does: dragenter, dragover, drop with a DataTransfer holding them. */
async function dropFiles(page: Page, testId: string, files: Array<{ name: string; mimeType: string; buffer: Buffer }>) {
  const dataTransfer = await page.evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const f of list) transfer.items.add(new File([new Uint8Array(f.bytes)], f.name, { type: f.mimeType }));
    return transfer;
  }, files.map((f) => ({ name: f.name, mimeType: f.mimeType, bytes: [...f.buffer] })));
  const zone = page.getByTestId(testId);
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

/**
 * A seller on a phone fills in the create form: errors next to their fields with focus on the first,
 * cleared as fixed; pictures dropped or chosen, previewed, reordered and removed before the upload.
 */
journey('the create form in a browser', () => {
  let seller: BrowserSession;

  beforeAll(async () => {
    seller = await launchBrowser({ viewport: PHONE });
    await apiAccount(seller);
  });
  afterAll(async () => {
    await seller?.close();
  });

  it('marks every missing field, focuses the first, takes dropped and chosen pictures, and creates the product', async () => {
    // Logged in through the API, so this browser has no stored flag yet: /sell waits for the server's
    // answer and opens (it used to go to /login, then on to /dashboard).
    const page = await seller.newPage('/sell');
    await page.getByRole('heading', { level: 1, name: 'Sell a product' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/sell');
    await page.getByRole('button', { name: 'Create product' }).click();
    await page.getByRole('alert').getByText('Please fill in all required fields').waitFor();
    expect(await activeId(page)).toBe('product-title');
    const title = page.getByLabel('Title *');
    expect(await title.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#product-title-error').innerText()).toBe('Please enter a title');
    const thumbnail = page.locator('#product-thumbnail');
    expect(await thumbnail.getAttribute('aria-invalid')).toBe('true');
    // The focused field is in view (the browser scrolled to it).
    expect(await title.isVisible()).toBe(true);

    await title.fill('Steel almirah, 4 shelves');
    expect(await title.getAttribute('aria-invalid')).toBeNull();
    await page.getByLabel('Description *').fill('Godrej-style steel almirah with 4 shelves and a locker.');
    await page.getByLabel('Quantity available *').fill('40');

    // Three pictures dropped on the main picture's zone: the first is the main one, two join the gallery.
    await dropFiles(page, 'product-thumbnail-drop-zone', [await jpeg('front.jpg', '#c0392b'), await jpeg('side.jpg', '#2980b9'), await jpeg('back.jpg', '#27ae60')]);
    await page.getByRole('list', { name: 'Chosen main picture' }).getByRole('img', { name: 'front.jpg' }).waitFor();
    expect(await thumbnail.getAttribute('aria-invalid')).toBeNull();
    // One more chosen with the gallery's chooser.
    await page.getByLabel('More pictures and files (up to 5)').setInputFiles([await jpeg('inside.jpg', '#8e44ad')]);
    const gallery = page.getByRole('list', { name: 'Chosen pictures' });
    const order = () => gallery.getByRole('img').evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).alt));
    expect(await order()).toEqual(['side.jpg', 'back.jpg', 'inside.jpg']);
    // The previews are real pictures (object URLs the page's CSP allows).
    await expect.poll(() => gallery.getByRole('img').first().evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(320);
    await page.getByRole('button', { name: 'Move inside.jpg earlier' }).click();
    expect(await order()).toEqual(['side.jpg', 'inside.jpg', 'back.jpg']);
    await page.getByRole('button', { name: 'Remove back.jpg' }).click();
    expect(await order()).toEqual(['side.jpg', 'inside.jpg']);
    await gallery.scrollIntoViewIfNeeded();
    await shot(page, 'phone-create-pictures.png');

    await page.getByRole('button', { name: 'Create product' }).click();
    // Said beside the button, in view at the bottom of the screen (it was 1,400 px below on a phone).
    const created = page.getByRole('status').getByText('Product created successfully');
    await created.waitFor();
    const createdBox = (await created.boundingBox())!;
    expect(createdBox.y + createdBox.height).toBeLessThanOrEqual(PHONE.height);
    await page.waitForURL(/\/product\/[0-9a-f-]{36}$/, { timeout: 10_000 });
    const id = page.url().split('/').pop()!;
    const stored = await seller.context.request.get(`/seller/products/${id}`, { headers: { accept: 'application/json' } });
    const body = (await stored.json()) as { product?: { gallery?: unknown[] }; gallery?: unknown[] };
    expect((body.product ?? body).gallery).toHaveLength(2);
    expect(seller.errors).toEqual([]);
  });

  it('is used with the keyboard: Tab reaches the chooser, its button shows the focus, a bad file is named next to it', async () => {
    const page = await seller.newPage('/sell');
    await page.getByLabel('Condition *').focus();
    await page.keyboard.press('Tab');
    expect(await activeId(page)).toBe('product-thumbnail');
    const button = page.getByTestId('product-thumbnail-drop-zone').locator('.drop-zone__button');
    expect(await button.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
    await page.locator('#product-thumbnail').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await page.getByText('File type "text/plain" is not allowed').waitFor();
    expect(await page.locator('#product-thumbnail').getAttribute('aria-describedby')).toContain('product-thumbnail-error');
    await page.getByTestId('product-thumbnail-drop-zone').scrollIntoViewIfNeeded();
    await shot(page, 'phone-create-error.png');
    // In Hindi: the zones' words and the chooser's name.
    await chooseLanguage(page, 'हिन्दी');
    await page.getByRole('heading', { level: 1, name: 'प्रोडक्ट जोड़ें' }).waitFor();
    await page.getByTestId('product-gallery-drop-zone').getByText('फ़ोटो यहाँ खींचकर छोड़ें, या').waitFor();
    await page.getByLabel('और फ़ोटो और फ़ाइलें (ज़्यादा से ज़्यादा 5)').setInputFiles([await jpeg('a.jpg', '#16a085'), await jpeg('b.jpg', '#d35400')]);
    await page.getByRole('button', { name: 'b.jpg को पहले रखें' }).waitFor();
    await page.getByTestId('product-gallery-drop-zone').scrollIntoViewIfNeeded();
    await shot(page, 'phone-create-hi.png');
    // Back to English: the choice is kept in this browser profile, which the next journey shares.
    await chooseLanguage(page, 'English');
    await page.getByRole('heading', { level: 1, name: 'Sell a product' }).waitFor();
    expect(seller.errors).toEqual([]);
  });

  it('edit page: one Save changes keeps the fields and the questions; leaving or closing with unsaved changes asks first', async () => {
    const id = await createProductIn(seller, {
      title: 'Cotton bedsheets, double',
      description: 'Pure cotton double bedsheets with two pillow covers. Hotel and hostel orders welcome.',
      category: 'Other',
      purchase_type: 'inquire',
      custom_questions: { questions: [{ question: 'How many sets do you need?', question_type: 'free_response', mandatory: true }] },
    });
    const page = await seller.newPage(`/seller/products/edit/${id}`);
    const title = page.getByLabel('Title *');
    await title.waitFor();
    expect(await page.getByRole('button', { name: 'Save questions' }).count()).toBe(0);

    // Only a question edited: leaving through a link asks first.
    await page.getByLabel('Question 1').fill('How many sets do you need? (10 or more)');
    await page.getByText('Some changes are not saved yet.').waitFor();
    await page.getByRole('link', { name: 'View product page' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await dialog.getByRole('button', { name: 'Stay and save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(page.url()).toContain(`/seller/products/edit/${id}`);

    // One save for both: the title and the question are stored together.
    await title.fill('Cotton bedsheets, double, 144 TC');
    // On a phone the one Save changes stays in view at the bottom while the form is long.
    const save = page.getByRole('button', { name: 'Save changes' });
    const box = (await save.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    await shot(page, 'phone-edit-unsaved.png');
    await save.click();
    await page.getByText('Product updated successfully!').waitFor();
    expect(await page.getByText('Some changes are not saved yet.').count()).toBe(0);
    const stored = await seller.context.request.get(`/seller/products/${id}`, { headers: { accept: 'application/json' } });
    const body = JSON.stringify(await stored.json());
    expect(body).toContain('Cotton bedsheets, double, 144 TC');
    expect(body).toContain('How many sets do you need? (10 or more)');

    // Saved: a link leaves without asking. Unsaved again: closing the tab gets the browser's own question.
    // Typed, as a person does (the browser asks only on a page the user has interacted with).
    await page.getByLabel('Question 1').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Which colours?');
    expect(await page.evaluate(() => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    })).toBe(true);
    let asked = '';
    page.once('dialog', (d) => {
      asked = d.type();
      void d.dismiss();
    });
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => asked).toBe('beforeunload');
    expect(seller.errors).toEqual([]);
  });
});
