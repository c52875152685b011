import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { createForm, createProduct, jpeg, productBody, type RestGalleryItem, type RestProduct } from '../factories/products.js';
import { storedFiles } from '../factories/storage.js';
import { createSeller } from '../factories/users.js';

interface S3Object {
  body: Buffer;
  contentType: string | undefined;
  cacheControl: string | undefined;
  contentDisposition: string | undefined;
}

/**
 * Just enough of the S3 API (path-style PUT, GET with one byte range, HEAD, DELETE) to hold
 * objects in memory, answering GETs with the metadata stored with each object, as S3 does.
 */
async function startFakeS3() {
  const objects = new Map<string, S3Object>();
  const unsigned: string[] = [];
  const ranges: string[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const key = decodeURIComponent(new URL(req.url!, 'http://x').pathname);
    if (!String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256') && !key.startsWith('/pub/')) unsigned.push(`${req.method} ${req.url}`);
    const o = objects.get(key);
    const missing = () =>
      res.writeHead(404, { 'content-type': 'application/xml' }).end(req.method === 'HEAD' ? undefined : '<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>No such key</Message></Error>');
    if (req.method === 'PUT') {
      objects.set(key, {
        body: Buffer.concat(chunks),
        contentType: req.headers['content-type'],
        cacheControl: req.headers['cache-control'],
        contentDisposition: req.headers['content-disposition'],
      });
      res.writeHead(200, { etag: '"1"' }).end();
    } else if (req.method === 'GET' || req.method === 'HEAD') {
      if (!o) return missing();
      const meta: Record<string, string> = { 'content-type': o.contentType ?? 'application/octet-stream', 'accept-ranges': 'bytes' };
      if (o.cacheControl) meta['cache-control'] = o.cacheControl;
      if (o.contentDisposition) meta['content-disposition'] = o.contentDisposition;
      const range = /^bytes=(\d*)-(\d*)$/.exec(String(req.headers.range ?? ''));
      if (range && req.method === 'GET') {
        ranges.push(String(req.headers.range));
        const size = o.body.length;
        const start = range[1] === '' ? Math.max(0, size - Number(range[2])) : Number(range[1]);
        const end = range[1] !== '' && range[2] !== '' ? Math.min(Number(range[2]), size - 1) : size - 1;
        if (start >= size) {
          res.writeHead(416, { 'content-type': 'application/xml' }).end('<?xml version="1.0"?><Error><Code>InvalidRange</Code><Message>The requested range is not satisfiable</Message></Error>');
          return;
        }
        res.writeHead(206, { ...meta, 'content-range': `bytes ${start}-${end}/${size}`, 'content-length': String(end - start + 1) }).end(o.body.subarray(start, end + 1));
        return;
      }
      res.writeHead(200, { ...meta, 'content-length': String(o.body.length) }).end(req.method === 'HEAD' ? undefined : o.body);
    } else if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204).end();
    } else res.writeHead(405).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { objects, unsigned, ranges, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((r) => server.close(r)) };
}

/** A small MP4 (an ftyp box and filler): stored as it came, served inline. */
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2'), randomBytes(300 * 1024)]);

describe('S3-compatible storage', () => {
  let s3: Awaited<ReturnType<typeof startFakeS3>>;
  let app: TestApp;

  beforeAll(async () => {
    s3 = await startFakeS3();
    app = await startTestApp({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: s3.url,
      S3_BUCKET: 'bb-test',
      S3_REGION: 'ap-south-1',
      S3_ACCESS_KEY_ID: 'test-key',
      S3_SECRET_ACCESS_KEY: 'test-secret',
    });
  });
  afterAll(async () => {
    await app?.close();
    await s3?.close();
  });

  const objectsOf = (productId: string) => [...s3.objects.keys()].filter((k) => k.startsWith(`/bb-test/products/${productId}/`));

  it('stores picture variants in the bucket (signed, typed, cached for a year) and nothing on local disk', async () => {
    const seller = await createSeller(app);
    const p = await createProduct(seller.client, {}, { galleryCount: 1 });
    const keys = objectsOf(p.product_id);
    expect(keys).toHaveLength(6);
    for (const k of keys) {
      const o = s3.objects.get(k)!;
      expect(o.contentType).toBe('image/webp');
      expect(o.cacheControl).toBe('public, max-age=31536000, immutable');
      expect((await sharp(o.body).metadata()).format).toBe('webp');
    }
    expect(s3.unsigned).toEqual([]);
    expect(await storedFiles(app)).toEqual([]);
  });

  it('serves the files through /uploads with safe headers, and removes them from the bucket when replaced', async () => {
    const seller = await createSeller(app);
    const p = await createProduct(seller.client, {}, { galleryCount: 2 });
    const res = await fetch(app.url + p.thumbnail_url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await res.arrayBuffer()).equals(s3.objects.get(`/bb-test${p.thumbnail_url!.replace('/uploads', '')}`)!.body)).toBe(true);
    expect((await fetch(`${app.url}/uploads/products/${p.product_id}/missing-md.webp`)).status).toBe(404);

    expect(res.headers.get('accept-ranges')).toBe('bytes');

    const victim: RestGalleryItem = p.gallery[0];
    const del = await seller.client.delete(`/seller/products/${p.product_id}/gallery/items/${victim.id}`);
    expect(del.status).toBe(200);
    expect(objectsOf(p.product_id)).toHaveLength(6);
    expect((await fetch(app.url + victim.url)).status).toBe(404);
  });

  it('stores a video through the adapter as it came, and serves it in byte ranges through /uploads', async () => {
    const seller = await createSeller(app);
    const res = await seller.client.request('POST', '/seller/products/create', createForm(productBody(), { thumbnail: await jpeg(), gallery: [{ name: 'tour.mp4', data: MP4, type: 'video/mp4' }] }));
    expect(res.status).toBe(201);
    const video = (res.body.product as RestProduct).gallery[0];
    expect(video).toMatchObject({ item_type: 'video', content_type: 'video/mp4' });
    const stored = s3.objects.get(`/bb-test${video.url.replace('/uploads', '')}`)!;
    expect(stored.body.equals(MP4)).toBe(true);
    expect([stored.contentType, stored.contentDisposition, stored.cacheControl]).toEqual(['video/mp4', undefined, 'public, max-age=31536000, immutable']);

    const whole = await fetch(app.url + video.url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-length')).toBe(String(MP4.length));
    expect(whole.headers.get('content-disposition')).toBeNull();
    expect(Buffer.from(await whole.arrayBuffer()).equals(MP4)).toBe(true);

    const size = MP4.length;
    const cases: Array<[string, number, number]> = [
      ['bytes=0-1', 0, 1], // Safari's first probe
      ['bytes=1000-1999', 1000, 1999],
      ['bytes=2000-', 2000, size - 1],
      ['bytes=-500', size - 500, size - 1],
      [`bytes=${size - 10}-${size + 100}`, size - 10, size - 1],
    ];
    for (const [range, start, end] of cases) {
      const part = await fetch(app.url + video.url, { headers: { range } });
      expect(part.status, range).toBe(206);
      expect(part.headers.get('content-range'), range).toBe(`bytes ${start}-${end}/${size}`);
      expect(part.headers.get('content-length'), range).toBe(String(end - start + 1));
      expect(part.headers.get('content-type'), range).toBe('video/mp4');
      expect(Buffer.from(await part.arrayBuffer()).equals(MP4.subarray(start, end + 1)), range).toBe(true);
    }
    expect(s3.ranges).toEqual(expect.arrayContaining(cases.map(([r]) => r)));

    const outside = await fetch(app.url + video.url, { headers: { range: `bytes=${size}-` } });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe(`bytes */${size}`);
    // Several ranges at once: the whole file (players ask for one).
    const several = await fetch(app.url + video.url, { headers: { range: 'bytes=0-1,5-6' } });
    expect(several.status).toBe(200);
    expect(several.headers.get('content-length')).toBe(String(size));
    await several.arrayBuffer();
  });
});

describe('S3 with a public URL', () => {
  let s3: Awaited<ReturnType<typeof startFakeS3>>;
  let app: TestApp;
  beforeAll(async () => {
    s3 = await startFakeS3();
    app = await startTestApp({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: s3.url,
      S3_BUCKET: 'pub',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
      // The bucket itself plays the CDN: browsers load files straight from it.
      S3_PUBLIC_URL: `${s3.url}/pub`,
    });
  });
  afterAll(async () => {
    await app?.close();
    await s3?.close();
  });

  it('gives browsers the public address of each file', async () => {
    const seller = await createSeller(app);
    const p = await createProduct(seller.client);
    expect(p.thumbnail_url).toBe(`${s3.url}/pub/products/${p.product_id}/${p.thumbnail_url!.split('/').pop()}`);
    expect(p.thumbnail_url).toMatch(/-md\.webp$/);
  });

  it('stores the safe headers with each object, so files served straight from the bucket carry them', async () => {
    const seller = await createSeller(app);
    const obj = { name: 'part.obj', data: Buffer.from('# bracket\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n'), type: 'application/octet-stream' };
    const txt = { name: 'notes.txt', data: Buffer.from('Pack of 10, sizes S-XL'), type: 'text/plain' };
    const res = await seller.client.request(
      'POST',
      '/seller/products/create',
      createForm(productBody(), { thumbnail: await jpeg(), gallery: [{ name: 'tour.mp4', data: MP4, type: 'video/mp4' }, obj, txt] }),
    );
    expect(res.status).toBe(201);
    const p = res.body.product as RestProduct;
    const served = async (url: string) => {
      const r = await fetch(url);
      await r.arrayBuffer();
      return [r.headers.get('content-type'), r.headers.get('content-disposition'), r.headers.get('cache-control')];
    };
    const year = 'public, max-age=31536000, immutable';
    const fileName = (url: string) => url.split('/').pop();
    expect(await served(p.thumbnail_url!)).toEqual(['image/webp', null, year]);
    expect(await served(p.gallery[0].url)).toEqual(['video/mp4', null, year]);
    expect(await served(p.gallery[1].url)).toEqual(['model/obj', `attachment; filename="${fileName(p.gallery[1].url)}"`, year]);
    expect(await served(p.gallery[2].url)).toEqual(['text/plain; charset=utf-8', `attachment; filename="${fileName(p.gallery[2].url)}"`, year]);
    expect(s3.unsigned).toEqual([]);
  });
});
