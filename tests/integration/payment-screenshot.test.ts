import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageOfSize, makeImage, MB } from '../factories/images.js';
import { blob, createProduct } from '../factories/products.js';
import { createSeller, type Seller } from '../factories/users.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { ApiClient } from '../support/client.js';

// docs/product.md#paying: 'Confirm payment' with the UTR or a screenshot of the payment, shown to the seller.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

async function order(s: Seller, b: Seller): Promise<string> {
  const p = await createProduct(s.client, { price: '17400.00', quantity: { min_quantity: 1, max_quantity: 100 } });
  const res = await b.client.post('/products/buy-now', { product_id: p.product_id, quantity: 1 });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.order_id as string;
}

const form = (fields: Record<string, string>, shots: Array<{ data: Buffer; name: string; type?: string }> = []) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  for (const s of shots) f.append('screenshot', blob(s.data, s.type ?? 'image/png'), s.name);
  return f;
};
const confirm = (who: Seller | ApiClient, body: FormData, headers: Record<string, string> = {}) =>
  ('client' in who ? who.client : who).request('POST', '/orders/confirm', body, headers);
/** An order's row without the worker's bookkeeping (purchase_recorded, set whenever its job runs). */
const row = async (id: string) => {
  const { purchase_recorded: _recorded, ...rest } = (await app.sql<Record<string, string | null>>('select * from orders where id = $1', [id]))[0];
  return rest;
};
/** The pictures under the private orders folder of the disk storage. */
const storedFiles = async () => (await readdir(path.join(app.config.UPLOAD_DIR, 'private', 'orders'), { recursive: true }).catch(() => [])).filter((f) => f.endsWith('.webp')).sort();
const get = (who: Seller | null, url: string) => fetch(app.url + url, { headers: who ? { cookie: who.client.cookie! } : {} });

describe('confirming a payment with a screenshot', () => {
  it('stores it re-encoded without metadata and shows it to the two parties only, over REST and GraphQL', async () => {
    const [s, b, stranger] = await Promise.all([createSeller(app), createSeller(app), createSeller(app)]);
    const id = await order(s, b);
    // A phone's picture may carry its place and device in its EXIF: it must not reach the seller.
    const located = await sharp({ create: { width: 720, height: 1600, channels: 3, background: '#1f6f4a' } })
      .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '19/1 4/1 0/1' } })
      .jpeg()
      .toBuffer();
    const res = await confirm(b, form({ order_id: id }, [{ data: located, name: 'gpay.jpg', type: 'image/jpeg' }]));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const url = `/orders/${id}/payment-screenshot`;
    expect(res.body.order).toMatchObject({ status: 'payment_sent', payment_utr: null, payment_screenshot_url: url, actions: [] });

    for (const who of [b, s]) {
      for (const [u, width] of [[url, 720], [`${url}/preview`, 320]] as const) {
        const got = await get(who, u);
        expect([got.status, got.headers.get('content-type'), got.headers.get('cache-control')]).toEqual([200, 'image/webp', 'private, no-cache']);
        const meta = await sharp(Buffer.from(await got.arrayBuffer())).metadata();
        expect([meta.format, meta.width, meta.exif]).toEqual(['webp', width, undefined]);
      }
    }
    expect((await get(stranger, url)).status).toBe(404);
    expect((await get(null, url)).status).toBe(401);
    const [{ key }] = await app.sql<{ key: string }>('select payment_screenshot_key as key from orders where id = $1', [id]);
    expect(key).toMatch(new RegExp(`^private/orders/${id}/`));
    expect((await fetch(`${app.url}/uploads/${key}-lg.webp`)).status).toBe(404);

    // The seller's list and GraphQL name the same address; an order without one says so with a 404.
    const list = await s.client.get('/sellers/orders/list');
    expect(list.body.orders.find((o: { order_id: string }) => o.order_id === id)).toMatchObject({ payment_screenshot_url: url, status: 'payment_sent' });
    const gql = await s.client.gql<{ order: { paymentScreenshotUrl: string; actions: string[] } }>('query($id: ID!) { order(id: $id) { paymentScreenshotUrl actions } }', { id });
    expect(gql.data?.order).toEqual({ paymentScreenshotUrl: url, actions: ['payment_received', 'payment_not_received'] });
    // The seller's email says a screenshot came with the payment.
    await app.drain();
    const [mail] = await app.sql<{ body: string }>(`select body from dev_outbox_messages where recipient = $1 and subject = $2`, [s.email, `Order ${id.slice(-8)}: the buyer says they paid`]);
    expect(mail?.body).toContain('They added a screenshot of the payment: open it from the order.');
    const plain = await order(s, b);
    expect((await b.client.post('/orders/confirm', { order_id: plain, utr: '412345678901' })).body.order.payment_screenshot_url).toBeNull();
    const none = await b.client.get(`/orders/${plain}/payment-screenshot`);
    expect([none.status, none.body.message]).toEqual([404, 'This order has no payment screenshot']);
  });

  it('refuses a file that is no picture (415), one of 5 MB or more (413), neither UTR nor screenshot (400), another party (403/404), a visitor (401) and a paid order (409), keeping nothing', async () => {
    const [s, b, stranger] = await Promise.all([createSeller(app), createSeller(app), createSeller(app)]);
    const id = await order(s, b);
    const shot = { data: await makeImage({ format: 'png', width: 360, height: 800 }), name: 'shot.png' };
    const before = await row(id);
    const files = await storedFiles();
    const refusals: Array<[Seller | ApiClient, FormData, number, string, Record<string, string>?]> = [
      [b, form({ order_id: id }, [{ data: Buffer.from('%PDF-1.7 not a picture at all'), name: 'receipt.png' }]), 415, 'The payment screenshot must be a JPEG, PNG, GIF or WebP picture'],
      [b, form({ order_id: id }, [{ data: Buffer.from('words, not a picture'), name: 'r.jpg' }]), 415, 'पेमेंट का स्क्रीनशॉट JPEG, PNG, GIF या WebP फ़ोटो होना चाहिए', { 'accept-language': 'hi' }],
      [b, form({ order_id: id }, [{ data: await imageOfSize(5 * MB), name: 'big.png' }]), 413, 'The payment screenshot must be smaller than 5 MB'],
      [b, form({ order_id: id }, [{ data: await imageOfSize(5 * MB), name: 'big.png' }]), 413, 'पेमेंट का स्क्रीनशॉट 5 MB से छोटा होना चाहिए', { 'accept-language': 'hi' }],
      [b, form({ order_id: id }), 400, 'Give the UTR or a screenshot of the payment'],
      [b, form({ order_id: id }), 400, 'पेमेंट का UTR या स्क्रीनशॉट दें', { 'accept-language': 'hi' }],
      [b, form({ order_id: id }, [shot, shot]), 400, 'Send one screenshot of the payment'],
      [b, form({ order_id: id, utr: '12345' }, [shot]), 400, 'The UTR must be the 12 digits of the UPI transaction reference'],
      [b, form({ order_id: 'not-an-order' }, [shot]), 400, 'Please choose a valid order'],
      [b, form({ order_id: id }, [{ data: (await makeImage({ width: 400, height: 300 })).subarray(0, 300), name: 'cut.jpg', type: 'image/jpeg' }]), 400, 'The image "cut.jpg" could not be read'],
      [s, form({ order_id: id }, [shot]), 403, 'Only the buyer can confirm payment'],
      [stranger, form({ order_id: id }, [shot]), 404, 'Order not found'],
      [new ApiClient(app.url), form({ order_id: id }, [shot]), 401, 'Please log in to continue'],
    ];
    for (const [who, body, status, message, headers] of refusals) {
      const res = await confirm(who, body, headers);
      expect([res.status, res.body.message], message).toEqual([status, expect.stringContaining(message)]);
    }
    expect(await row(id)).toEqual(before);
    expect(await storedFiles()).toEqual(files);

    // A paid order takes no screenshot any more; a cancelled one neither.
    expect((await b.client.post('/orders/confirm', { order_id: id, utr: '412345678901' })).status).toBe(200);
    expect((await s.client.post(`/sellers/orders/${id}/payment-received`, {})).status).toBe(200);
    await app.drain(); // the invoice, made by its job, names itself on the order
    const paid = await row(id);
    const late = await confirm(b, form({ order_id: id }, [shot]));
    expect([late.status, late.body.message]).toEqual([409, 'This order can no longer be changed']);
    const cancelled = await order(s, b);
    expect((await b.client.post('/orders/cancel', { order_id: cancelled })).status).toBe(200);
    expect((await confirm(b, form({ order_id: cancelled }, [shot]))).status).toBe(409);
    expect(await row(id)).toEqual(paid);
    expect(await storedFiles()).toEqual(files);
  });

  it('a repeat keeps nothing new; after "not received" a new confirmation replaces the screenshot and removes the old one', async () => {
    const [s, b] = await Promise.all([createSeller(app), createSeller(app)]);
    const id = await order(s, b);
    const picture = async (color: string) => ({ name: 'shot.png', data: await makeImage({ format: 'png', width: 300, height: 600, color }) });
    const first = await confirm(b, form({ order_id: id, utr: '4123 4567 8901' }, [await picture('#224488')]));
    expect(first.body.order).toMatchObject({ status: 'payment_sent', payment_utr: '412345678901', payment_screenshot_url: `/orders/${id}/payment-screenshot` });
    const mine = (await storedFiles()).filter((f) => f.startsWith(id));
    expect(mine).toHaveLength(3);
    // A double tap: answered with the order as it is, its picture not stored again.
    const again = await confirm(b, form({ order_id: id }, [await picture('#884422')]));
    expect([again.status, again.body.order.status]).toEqual([200, 'payment_sent']);
    expect((await storedFiles()).filter((f) => f.startsWith(id))).toEqual(mine);

    expect((await s.client.post(`/sellers/orders/${id}/payment-not-received`, {})).status).toBe(200);
    // Kept while the order waits again, for the history; replaced by the next confirmation.
    expect((await get(s, `/orders/${id}/payment-screenshot`)).status).toBe(200);
    const second = await confirm(b, form({ order_id: id }, [await picture('#448822')]));
    expect(second.body.order).toMatchObject({ status: 'payment_sent', payment_utr: null });
    const now = (await storedFiles()).filter((f) => f.startsWith(id));
    expect(now).toHaveLength(3);
    expect(now.some((f) => mine.includes(f))).toBe(false);
    const seen = await sharp(Buffer.from(await (await get(s, `/orders/${id}/payment-screenshot`)).arrayBuffer())).stats();
    // The new picture (a lossy webp of #448822), not the first one (#224488).
    seen.channels.slice(0, 3).forEach((c, i) => expect(Math.abs(c.mean - [0x44, 0x88, 0x22][i])).toBeLessThan(8));

    // Not received again; a confirmation with the UTR only clears the screenshot (and its pictures).
    expect((await s.client.post(`/sellers/orders/${id}/payment-not-received`, {})).status).toBe(200);
    const third = await b.client.post('/orders/confirm', { order_id: id, utr: '412345678902' });
    expect(third.body.order).toMatchObject({ status: 'payment_sent', payment_utr: '412345678902', payment_screenshot_url: null });
    expect((await storedFiles()).filter((f) => f.startsWith(id))).toEqual([]);
  });
});
