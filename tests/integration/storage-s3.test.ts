import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { createProduct, type RestGalleryItem } from '../factories/products.js';
import { storedFiles } from '../factories/storage.js';
import { createSeller } from '../factories/users.js';

interface S3Object {
  body: Buffer;
  contentType: string | undefined;
  cacheControl: string | undefined;
}

/** Just enough of the S3 API (path-style PUT, GET, DELETE) to hold objects in memory. */
async function startFakeS3() {
  const objects = new Map<string, S3Object>();
  const unsigned: string[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (!String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256')) unsigned.push(`${req.method} ${req.url}`);
    const key = decodeURIComponent(new URL(req.url!, 'http://x').pathname);
    if (req.method === 'PUT') {
      objects.set(key, { body: Buffer.concat(chunks), contentType: req.headers['content-type'], cacheControl: req.headers['cache-control'] });
      res.writeHead(200, { etag: '"1"' }).end();
    } else if (req.method === 'GET') {
      const o = objects.get(key);
      if (!o) {
        res.writeHead(404, { 'content-type': 'application/xml' }).end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>No such key</Message></Error>');
        return;
      }
      res.writeHead(200, { 'content-type': o.contentType ?? 'application/octet-stream', 'content-length': String(o.body.length) }).end(o.body);
    } else if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204).end();
    } else res.writeHead(405).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { objects, unsigned, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((r) => server.close(r)) };
}

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

    const victim: RestGalleryItem = p.gallery[0];
    const del = await seller.client.delete(`/seller/products/${p.product_id}/gallery/items/${victim.id}`);
    expect(del.status).toBe(200);
    expect(objectsOf(p.product_id)).toHaveLength(6);
    expect((await fetch(app.url + victim.url)).status).toBe(404);
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
      S3_PUBLIC_URL: 'https://cdn.example.com/pub',
    });
  });
  afterAll(async () => {
    await app?.close();
    await s3?.close();
  });

  it('gives browsers the CDN address of each file', async () => {
    const seller = await createSeller(app);
    const p = await createProduct(seller.client);
    expect(p.thumbnail_url).toMatch(new RegExp(`^https://cdn\\.example\\.com/pub/products/${p.product_id}/[0-9a-f-]+-md\\.webp$`));
  });
});
