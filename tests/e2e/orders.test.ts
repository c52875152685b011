import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAccount, browserDescribe, launchBrowser, type BrowserSession } from './support/browser.js';

const journey = browserDescribe(describe);

journey('orders journey', () => {
  let seller: BrowserSession;
  let buyer: BrowserSession;

  beforeAll(async () => {
    seller = await launchBrowser();
    buyer = await launchBrowser();
  });

  afterAll(async () => {
    await seller?.close();
    await buyer?.close();
  });

  it('the seller watches /seller/orders while a buyer buys, confirms payment with a UTR, the seller marks it received and delivers, all live', async () => {
    await apiAccount(seller);
    await apiAccount(buyer);
    const thumbnail = await sharp({ create: { width: 480, height: 360, channels: 3, background: '#2980b9' } }).jpeg().toBuffer();
    const created = await seller.context.request.post('/seller/products/create', {
      headers: { origin: seller.baseUrl },
      multipart: {
        product: JSON.stringify({
          title: 'Copper water jugs, 1 litre',
          description: 'Hammered copper jugs, 1 litre, lacquered inside. Wholesale lots for hotels and gifting.',
          category: 'Kitchen',
          purchase_type: 'buy_now',
          price: '850.00',
          quantity: { min_quantity: 2, max_quantity: 10 },
        }),
        thumbnail: { name: 'jug.jpg', mimeType: 'image/jpeg', buffer: thumbnail },
      },
    });
    expect(created.status()).toBe(201);
    const productId = ((await created.json()) as { product_id: string }).product_id;

    // The seller keeps their orders page open.
    const sellerPage = await seller.newPage('/');
    await sellerPage.evaluate(() => window.localStorage.setItem('bb.loggedIn', '1'));
    await sellerPage.goto('/seller/orders');
    await sellerPage.getByRole('heading', { level: 1, name: 'Seller orders' }).waitFor();
    await sellerPage.getByText('No orders yet. Orders from buyers appear here as they come in.').waitFor();

    // The buyer buys 3 from the product page: the stepper starts at the minimum order (2).
    const buyerPage = await buyer.newPage('/');
    await buyerPage.evaluate(() => window.localStorage.setItem('bb.loggedIn', '1'));
    await buyerPage.goto(`/product/${productId}`);
    const quantity = buyerPage.getByRole('spinbutton', { name: 'Quantity' });
    await expect.poll(() => quantity.inputValue()).toBe('2');
    await buyerPage.getByRole('button', { name: 'More' }).click();
    await buyerPage.getByText('Total: ₹2,550').waitFor();
    await buyerPage.getByRole('button', { name: 'Buy now' }).click();
    const dialog = buyerPage.getByRole('dialog', { name: 'Confirm your order' });
    await dialog.getByText('Buy 3 pieces of Copper water jugs, 1 litre for ₹2,550?').waitFor();
    await dialog.getByRole('button', { name: 'Place order' }).click();
    await buyerPage.waitForURL((url) => url.pathname === '/orders');
    await buyerPage.getByText(/^Order [0-9a-f]{8} placed\. Pay ₹2,550 by \d{1,2} [A-Z][a-z]{2}, \d{1,2}:\d\d\s?[ap]m\.$/).waitFor();
    const buyerCard = buyerPage.locator('.order-card', { hasText: 'Copper water jugs' });
    await buyerCard.getByText('Pending payment').waitFor();

    // The order appears on the seller's page without a reload, highlighted.
    const sellerCard = sellerPage.locator('.order-card', { hasText: 'Copper water jugs' });
    await sellerCard.waitFor();
    await sellerCard.getByText('New', { exact: true }).waitFor();
    await sellerCard.getByText('Pending payment').waitFor();
    expect(await sellerPage.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);

    // The seller has no payment details: the buyer is told to ask in chat.
    await buyerCard.getByText('The seller has not given payment details. Ask the seller in chat how to pay.').waitFor();
    // The buyer confirms payment with the UTR; the seller sees it to check, then marks it received.
    await buyerCard.getByLabel('UPI transaction reference (UTR, 12 digits)').fill('4123 4567 8901');
    await buyerCard.getByRole('button', { name: /^Confirm payment for order / }).click();
    await buyerCard.getByText('Payment sent: the seller is checking').waitFor();
    await sellerCard.getByText('Payment sent: check it').waitFor();
    await sellerCard.getByText('UTR: 412345678901').waitFor();
    await sellerCard.getByRole('button', { name: /^Payment received for order / }).click();
    await sellerCard.getByText('Confirmed: to deliver').waitFor();
    await buyerCard.getByText('Confirmed', { exact: true }).waitFor();

    // The seller marks it delivered; the buyer sees 'Delivered' without a reload.
    await sellerCard.getByRole('button', { name: /^Confirm delivery of order / }).click();
    await sellerPage.getByRole('alertdialog', { name: /^Confirm delivery of order [0-9a-f]{8}\?$/ }).getByRole('button', { name: 'Yes, delivered' }).click();
    await sellerCard.getByText('Delivered', { exact: true }).waitFor();
    await buyerCard.getByText('Delivered', { exact: true }).waitFor();

    // The product page now offers 7 (10 - 3).
    await buyerPage.goto(`/product/${productId}`);
    await buyerPage.getByRole('button', { name: 'More' }).waitFor();
    await expect.poll(() => buyerPage.getByRole('spinbutton', { name: 'Quantity' }).getAttribute('max')).toBe('7');

    expect([...seller.errors, ...buyer.errors]).toEqual([]);
  });
});
