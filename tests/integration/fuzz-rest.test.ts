import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { ApiClient } from '../support/client.js';
import { registerAndLogin } from '../support/accounts.js';
import { createProduct, jpeg } from '../factories/products.js';
import { abortedRequest, alive, encodeSegment, fuzz, hostileBody, hostileJson, hostileSegment, rawRequest, rowCounts, type RawBody } from '../support/fuzz.js';

/**
 * Property-based fuzzing of every REST route (docs/faults.md): hostile path parameters, query
 * strings, bodies, content types and encodings, and truncated or abandoned multipart uploads, as an
 * anonymous visitor and as a logged-in seller. Every answer is below 500, the server stays up, and a
 * refused request (4xx) leaves every table's row count as it was. Seeds: tests/support/fuzz.ts.
 */

interface Route {
  method: string;
  path: string;
  /** Body fields the route reads (hostile values are put under these names). */
  fields?: string[];
  query?: string[];
}

const PRODUCT_FIELDS = ['title', 'description', 'product_type', 'purchase_type', 'condition', 'category', 'tags', 'price', 'quantity', 'custom_questions', 'location', 'contact', 'enabled'];
const ROUTES: Route[] = [
  { method: 'GET', path: '/' },
  { method: 'POST', path: '/auth/register', fields: ['email', 'username', 'password', 'confirm_password'] },
  { method: 'POST', path: '/auth/login', fields: ['username', 'email', 'password'] },
  { method: 'GET', path: '/auth/user' },
  { method: 'POST', path: '/auth/change-password', fields: ['current_password', 'new_password'] },
  { method: 'PUT', path: '/auth/settings', fields: ['language', 'email_notifications', 'username', 'email', 'password'] },
  { method: 'POST', path: '/auth/delete-account', fields: ['password', 'confirm'] },
  { method: 'POST', path: '/auth/send-email-otp', fields: ['email'] },
  { method: 'POST', path: '/auth/verify-email-otp', fields: ['email', 'otp'] },
  { method: 'POST', path: '/auth/send-whatsapp-otp', fields: ['whatsapp_number'] },
  { method: 'POST', path: '/auth/verify-whatsapp-otp', fields: ['whatsapp_number', 'otp'] },
  { method: 'GET', path: '/auth/whatsapp-status' },
  { method: 'GET', path: '/products/:id' },
  { method: 'GET', path: '/seller/products', query: ['limit', 'offset'] },
  { method: 'GET', path: '/seller/products/list', query: ['limit', 'offset'] },
  { method: 'GET', path: '/seller/products/:id' },
  { method: 'PUT', path: '/seller/products/:id', fields: PRODUCT_FIELDS },
  { method: 'GET', path: '/seller/products/:id/gallery' },
  { method: 'POST', path: '/seller/products/:id/gallery/reorder', fields: ['order', 'item_ids', 'gallery'] },
  { method: 'DELETE', path: '/seller/products/:id/gallery/items/:itemId' },
  { method: 'GET', path: '/seller/products/:id/questions' },
  { method: 'POST', path: '/seller/products/:id/questions/set', fields: ['questions', 'custom_questions'] },
  { method: 'POST', path: '/seller/products/:id/questions/generate', fields: ['count', 'title'] },
  { method: 'POST', path: '/seller/products/questions/generate', fields: ['title', 'description', 'category', 'product_type'] },
  { method: 'POST', path: '/products/search', fields: ['query', 'limit', 'offset', 'force_original', 'without_filters'] },
  { method: 'GET', path: '/homepage/recommendations' },
  { method: 'GET', path: '/dev/outbox', query: ['to', 'limit'] },
  { method: 'GET', path: '/uploads/:id' },
  { method: 'GET', path: '/assets/:id' },
  { method: 'POST', path: '/products/buy-now', fields: ['product_id', 'quantity', 'idempotency_key', 'answers'] },
  { method: 'GET', path: '/orders/list', query: ['limit', 'offset'] },
  { method: 'GET', path: '/sellers/orders/list', query: ['limit', 'offset'] },
  { method: 'GET', path: '/orders/changes', query: ['after'] },
  { method: 'POST', path: '/orders/confirm', fields: ['order_id', 'utr'] },
  { method: 'GET', path: '/orders/:id/payment' },
  { method: 'GET', path: '/orders/:id/payment-screenshot' },
  { method: 'GET', path: '/orders/:id/payment-screenshot/preview' },
  { method: 'POST', path: '/sellers/orders/:id/payment-received' },
  { method: 'POST', path: '/sellers/orders/:id/payment-not-received' },
  { method: 'POST', path: '/orders/cancel', fields: ['order_id', 'reason'] },
  { method: 'POST', path: '/sellers/orders/confirm-delivery', fields: ['order_id'] },
  { method: 'POST', path: '/sellers/orders/decline', fields: ['order_id', 'reason'] },
  { method: 'GET', path: '/orders/:id' },
  { method: 'GET', path: '/chat/conversations' },
  { method: 'POST', path: '/chat/:userId/messages', fields: ['content', 'client_message_id'] },
  { method: 'GET', path: '/chat/:userId/messages', query: ['limit', 'before', 'after'] },
  { method: 'POST', path: '/chat/:userId/read', fields: ['position'] },
  { method: 'POST', path: '/chat/:userId/typing' },
  { method: 'POST', path: '/chat/:userId/quotes', fields: ['product_id', 'quantity', 'unit_price_paise', 'valid_days', 'bid_message_id', 'note'] },
  { method: 'PUT', path: '/chat/messages/:id/edit', fields: ['content'] },
  { method: 'GET', path: '/chat/messages/:id/history' },
  { method: 'POST', path: '/chat/quotes/create-order', fields: ['message_id'] },
  { method: 'POST', path: '/chat/bids/respond', fields: ['message_id', 'action', 'unit_price_paise', 'valid_days'] },
  { method: 'POST', path: '/products/:id/bids', fields: ['quantity', 'unit_price_paise', 'note', 'client_message_id'] },
  { method: 'POST', path: '/products/:id/inquiry', fields: ['answers', 'content', 'language', 'client_message_id'] },
  { method: 'GET', path: '/chat/attachments/:id' },
  { method: 'GET', path: '/chat/attachments/:id/preview' },
  { method: 'POST', path: '/reports', fields: ['target_type', 'target_id', 'reason', 'text'] },
  { method: 'GET', path: '/reports' },
  { method: 'GET', path: '/operator/reports', query: ['limit'] },
  { method: 'POST', path: '/operator/reports/:id/resolve', fields: ['action', 'note'] },
  { method: 'POST', path: '/operator/users/:userId/unsuspend', fields: ['note'] },
  { method: 'GET', path: '/operator/actions', query: ['limit'] },
  { method: 'DELETE', path: '/seller/products/:id' },
  { method: 'POST', path: '/auth/logout' },
];
const UPLOADS: Array<[string, string]> = [
  ['POST', '/seller/products/create'],
  ['PUT', '/seller/products/:id/thumbnail'],
  ['POST', '/seller/products/:id/gallery/add'],
  ['POST', '/seller/products/:id/gallery/replace'],
  ['POST', '/products/search'],
  ['POST', '/chat/:userId/messages'],
  ['POST', '/orders/confirm'],
];

let app: TestApp;
let seller: ApiClient;
let productId: string;
let itemId: string;
/** Someone the seller can message (the chat routes' `:userId`). */
let peerId: string;

beforeAll(async () => {
  app = await startTestApp({ LOGIN_MAX_ATTEMPTS_PER_IP: '100000', OTP_DAILY_CAP_PER_CLIENT: '100000' });
  seller = new ApiClient(app.url);
  await registerAndLogin(app, seller);
  const product = await createProduct(seller, {}, { galleryCount: 1 });
  productId = product.product_id;
  itemId = product.gallery[0].id;
  const peer = new ApiClient(app.url);
  peerId = (await registerAndLogin(app, peer)).user.uid;
  await app.drain();
});
afterAll(() => app?.close());

/** Fills a route's parameters with the seller's real ids or hostile segments. */
const pathOf = (route: Route) =>
  fc
    .record({
      id: fc.oneof(fc.constant(null), hostileSegment),
      itemId: fc.oneof(fc.constant(null), hostileSegment),
      userId: fc.oneof(fc.constant(null), hostileSegment),
      query: fc.array(fc.tuple(fc.constantFrom(...(route.query ?? ['x'])), fc.oneof(hostileSegment, hostileJson.map((v) => encodeSegment(JSON.stringify(v) ?? "")))), { maxLength: 3 }),
    })
    .map(({ id, itemId: item, userId, query }) => {
      const p = route.path.replace(':id', id ?? productId).replace(':itemId', item ?? itemId).replace(':userId', userId ?? peerId);
      return query.length ? `${p}?${query.map(([k, v]) => `${k}=${v}`).join('&')}` : p;
    });

const restCase = fc
  .constantFrom(...ROUTES)
  .chain((route) =>
    fc.record({
      route: fc.constant(route),
      path: pathOf(route),
      body: route.method === 'GET' ? fc.constant<RawBody>({}) : hostileBody(route.fields ?? ['query', 'id']),
      asSeller: fc.boolean(),
      origin: fc.constantFrom(undefined, undefined, 'SELF', 'null', 'https://evil.example'),
      accept: fc.constantFrom('application/json', '*/*', 'text/html', undefined),
    }),
  )
  // The seller keeps its session and its product: logging out or deleting the product is done anonymously.
  .filter((c) => !(c.asSeller && (c.route.path === '/auth/logout' || c.route.path === '/seller/products/:id')));

/** Sends one case; asserts no 5xx and, for a refusal, nothing written. */
type RestCase = typeof restCase extends fc.Arbitrary<infer T> ? T : never;
type UploadCase = typeof uploadCase extends fc.Arbitrary<infer T> ? T : never;

async function check(c: RestCase) {
  const before = await rowCounts(app);
  const headers: Record<string, string | undefined> = {
    accept: c.accept,
    origin: c.origin === 'SELF' ? app.config.PUBLIC_URL : c.origin,
    cookie: c.asSeller ? (seller.cookie ?? undefined) : undefined,
    'content-type': c.body.contentType,
    'content-encoding': c.body.contentEncoding,
  };
  const res = await rawRequest(app, c.route.method, c.path, headers, c.body.body);
  expect(res.status, `${c.route.method} ${c.path} -> ${res.status} ${res.text.slice(0, 300)}`).toBeLessThan(500);
  if (res.status >= 400) expect(await rowCounts(app), `${c.route.method} ${c.path} was refused (${res.status}) but wrote`).toEqual(before);
  else await app.drain();
}

/** A multipart body with a hostile JSON field and files, possibly cut short or abandoned. */
const uploadCase = fc.record({
  path: fc.constantFrom(...UPLOADS),
  field: fc.constantFrom('product', 'body', 'thumbnail', 'gallery', 'images', 'x', 'content'),
  json: fc.oneof(hostileJson.map((v) => JSON.stringify(v) ?? ''), fc.string({ maxLength: 50 })),
  files: fc.array(fc.record({ field: fc.constantFrom('thumbnail', 'gallery', 'images', 'file', 'attachment'), name: fc.constantFrom('a.jpg', 'b.png', '../../x.jpg', 'नाम.jpg', '', 'v.mp4', 'x.exe'), type: fc.constantFrom('image/jpeg', 'image/png', 'video/mp4', 'application/octet-stream', 'text/html'), real: fc.boolean(), size: fc.integer({ min: 0, max: 40_000 }) }), { maxLength: 7 }),
  cut: fc.oneof(fc.constant(null), fc.double({ min: 0, max: 1, noNaN: true })),
  abort: fc.boolean(),
  asSeller: fc.boolean(),
});

let realJpeg: Buffer;
function multipart(c: UploadCase, boundary: string): Buffer {
  const parts: Buffer[] = [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${c.field}"\r\n\r\n${c.json}\r\n`)];
  for (const f of c.files) {
    const data = f.real ? realJpeg : Buffer.alloc(f.size, 0xab);
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`), data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

describe('fuzz: REST routes', () => {
  it('no input earns a 5xx, and a refused request writes nothing', async () => {
    await fuzz(restCase, check, { fixed: 300, fresh: 150 });
    expect(await alive(app)).toBe(true);
    // The seller's session and product survived the run (the cases really were authenticated).
    expect((await seller.get(`/seller/products/${productId}`)).status).toBe(200);
  }, 120_000);

  it('multipart uploads: hostile fields and files, bodies cut short, clients that give up', async () => {
    realJpeg = (await jpeg()).data;
    const boundary = 'fuzzBoundary7MA4YWxkTrZu0gW';
    await fuzz(
      uploadCase,
      async (c) => {
        const before = await rowCounts(app);
        const full = multipart(c, boundary);
        const body = c.cut === null ? full : full.subarray(0, Math.floor(full.length * c.cut));
        const [method, pattern] = c.path;
        const path = pattern.replace(':id', productId).replace(':userId', peerId);
        const headers = { 'content-type': `multipart/form-data; boundary=${boundary}`, accept: 'application/json', ...(c.asSeller && seller.cookie ? { cookie: seller.cookie } : {}) };
        if (c.abort && c.cut !== null) {
          const res = await abortedRequest(app, method, path, headers, full, body.length);
          if (res) expect(res.status, `${path} aborted -> ${res.status}`).toBeLessThan(500);
          // The server notices the abandoned body on its own time; it must write nothing for it.
          await new Promise((r) => setTimeout(r, 20));
          expect(await rowCounts(app)).toEqual(before);
          return;
        }
        const res = await rawRequest(app, method, path, headers, body).catch(() => null);
        if (!res) return; // the server may close a connection whose body it refused: fine, as long as it lives
        expect(res.status, `${path} -> ${res.status} ${res.text.slice(0, 300)}`).toBeLessThan(500);
        if (res.status >= 400) expect(await rowCounts(app)).toEqual(before);
        else await app.drain();
      },
      { fixed: 80, fresh: 40 },
    );
    expect(await alive(app)).toBe(true);
  }, 120_000);
});
