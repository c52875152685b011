import { Agent, request as httpRequest } from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { countRows } from '../support/accounts.js';
import { ApiClient, waitFor } from '../support/client.js';
import { sendAllThenRead } from '../support/raw-http.js';
import { imageOfSize, makeImage, MB } from '../factories/images.js';
import { blob, createForm, createProduct, filesForm, jpeg, productBody, type RestGalleryItem, type RestProduct, type UploadFile } from '../factories/products.js';
import { storedFiles } from '../factories/storage.js';
import { createSeller, type Seller } from '../factories/users.js';

let app: TestApp;
let seller: Seller;
/** A valid small JPEG. */
let photo: Buffer;

beforeAll(async () => {
  app = await startTestApp();
  seller = await createSeller(app);
  photo = await makeImage();
});
afterAll(() => app?.close());

const HTML: UploadFile = { name: 'cat.jpg', data: Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>'), type: 'image/jpeg' };
const MP4: UploadFile = {
  name: 'demo.mp4',
  data: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2'), Buffer.alloc(2048, 7)]),
  type: 'video/mp4',
};
const OBJ: UploadFile = { name: 'part.obj', data: Buffer.from('# bracket\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n'), type: 'application/octet-stream' };
const EXE: UploadFile = { name: 'setup.jpg', data: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(512, 1)]) };

/** Runs an upload that must be refused: checks status and message, and that no row, event or file changed. */
async function expectRefused(run: () => Promise<{ status: number; body: Record<string, unknown> }>, status: number, message: string) {
  const before = await snapshot();
  const res = await run();
  expect(res.body.message).toBe(message);
  expect(res.status).toBe(status);
  expect(await snapshot()).toEqual(before);
}

/** What a refused request must leave as it was: rows, outbox events and files (temporaries included). */
async function snapshot() {
  return {
    products: await app.sql('select id, title, thumbnail_key, updated_at from products order by id'),
    media: await countRows(app, 'product_media'),
    events: await countRows(app, 'outbox_events'),
    files: await storedFiles(app),
  };
}

const create = (files: { thumbnail?: UploadFile | null; gallery?: UploadFile[] }) =>
  seller.client.request('POST', '/seller/products/create', createForm(productBody(), files));

/** A multipart body of one file, as bytes (so it can be sent with a Content-Length over a chosen connection). */
function multipartBytes(field: string, file: UploadFile, boundary = 'keepaliveboundary') {
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'image/png'}\r\n\r\n`),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: { message?: string; product?: RestProduct };
  /** Which connection (client port) carried the request. */
  localPort: number;
}

/** One request through `agent` (node:http, so the connection it used can be told). */
function sendOn(agent: Agent, method: string, path: string, headers: Record<string, string> = {}, body?: Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(app.url + path, { method, agent, headers: { ...headers, ...(body ? { 'content-length': String(body.length) } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode!, headers: res.headers, body: text ? JSON.parse(text) : {}, localPort: req.socket!.localPort! });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

const fetchBytes = async (url: string) => {
  const res = await fetch(app.url + url);
  return { res, data: Buffer.from(await res.arrayBuffer()) };
};

describe('upload limits on create', () => {
  it('accepts images of 5 MiB - 1 byte ("less than 5MB")', async () => {
    const res = await create({
      thumbnail: { name: 'big.png', data: await imageOfSize(5 * MB - 1), type: 'image/png' },
      gallery: [{ name: 'g.png', data: await imageOfSize(5 * MB - 1), type: 'image/png' }],
    });
    expect(res.status).toBe(201);
  });

  it('refuses a thumbnail of exactly 5 MiB, and of 5 MiB + 1 byte', async () => {
    for (const size of [5 * MB, 5 * MB + 1]) {
      const big = await imageOfSize(size);
      await expectRefused(() => create({ thumbnail: { name: 'big.png', data: big, type: 'image/png' } }), 413, 'Thumbnail file size must be less than 5MB');
    }
  });

  it('refuses a gallery image of exactly 5 MiB', async () => {
    const big = await imageOfSize(5 * MB);
    await expectRefused(() => create({ thumbnail: { name: 't.jpg', data: photo }, gallery: [{ name: 'g.png', data: big }] }), 413, 'Each gallery image must be less than 5MB');
  });

  it('names the file limit, not the request limit, for files well over it (8 MB images)', async () => {
    const eight = { name: 'huge.png', data: await imageOfSize(8 * MB), type: 'image/png' };
    await expectRefused(() => create({ thumbnail: eight }), 413, 'Thumbnail file size must be less than 5MB');
    await expectRefused(() => create({ thumbnail: { name: 't.jpg', data: photo }, gallery: [eight] }), 413, 'Each gallery image must be less than 5MB');
  });

  it('refuses an HTML file named .jpg, as thumbnail or in the gallery', async () => {
    await expectRefused(() => create({ thumbnail: HTML }), 415, 'File type "text/html" is not allowed');
    await expectRefused(() => create({ thumbnail: { name: 't.jpg', data: photo }, gallery: [HTML] }), 415, 'File type "text/html" is not allowed');
  });

  it('refuses 6 gallery images', async () => {
    const six = await Promise.all(Array.from({ length: 6 }, (_, i) => jpeg(`g${i}.jpg`)));
    await expectRefused(() => create({ thumbnail: { name: 't.jpg', data: photo }, gallery: six }), 400, 'Maximum 5 gallery images allowed');
  });

  it('refuses types that are not allowed, told by their bytes', async () => {
    await expectRefused(() => create({ thumbnail: EXE }), 415, 'File type "application/x-msdownload" is not allowed');
    await expectRefused(() => create({ thumbnail: MP4 }), 415, 'File type "video/mp4" is not allowed');
    const svg = { name: 'logo.png', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') };
    await expectRefused(() => create({ thumbnail: svg }), 415, 'File type "image/svg+xml" is not allowed');
    const pdf = { name: 'spec.txt', data: Buffer.from('%PDF-1.7\n...') };
    await expectRefused(() => create({ thumbnail: { name: 't.jpg', data: photo }, gallery: [pdf] }), 415, 'File type "application/pdf" is not allowed');
  });

  it('refuses an empty file and an image that cannot be decoded', async () => {
    await expectRefused(() => create({ thumbnail: { name: 'empty.jpg', data: Buffer.alloc(0) } }), 400, 'The file "empty.jpg" is empty');
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(3000, 0x41)]);
    await expectRefused(() => create({ thumbnail: { name: 'broken.jpg', data: broken } }), 400, 'The image "broken.jpg" could not be read');
  });

  it('refuses a second thumbnail', async () => {
    const form = createForm(productBody(), { thumbnail: { name: 'a.jpg', data: photo } });
    form.append('thumbnail', blob(photo), 'b.jpg');
    await expectRefused(() => seller.client.request('POST', '/seller/products/create', form), 400, 'Only one thumbnail image is allowed');
  });

  it('refuses a gallery file over 50 MB with the general message', async () => {
    const huge = { name: 'walkthrough.mp4', data: Buffer.concat([MP4.data, Buffer.alloc(50 * MB + 1 - MP4.data.length)]) };
    await expectRefused(
      () => create({ thumbnail: { name: 't.jpg', data: photo }, gallery: [huge] }),
      413,
      'File size (50.00 MB) exceeds maximum allowed size (50 MB)',
    );
  });

  it('accepts a general file of exactly 50 MB (the general check refuses only what exceeds it)', async () => {
    const fifty = { name: 'walkthrough.mp4', data: Buffer.concat([MP4.data, Buffer.alloc(50 * MB - MP4.data.length)]) };
    const res = await create({ thumbnail: { name: 't.jpg', data: photo }, gallery: [fifty] });
    expect(res.status).toBe(201);
    expect(res.body.product.gallery[0]).toMatchObject({ item_type: 'video', content_type: 'video/mp4' });
  });

  it('stores videos, 3D models and text as they are, and serves them safely', async () => {
    const txt = { name: 'notes.txt', data: Buffer.from('Pack of 10, sizes S-XL') };
    const res = await create({ thumbnail: { name: 't.jpg', data: photo }, gallery: [MP4, OBJ, txt] });
    expect(res.status).toBe(201);
    const gallery = res.body.product.gallery as RestGalleryItem[];
    expect(gallery.map((g) => [g.item_type, g.content_type, g.urls])).toEqual([
      ['video', 'video/mp4', null],
      ['obj', 'model/obj', null],
      ['other', 'text/plain', null],
    ]);
    expect(gallery[0].url).toMatch(/\.mp4$/);
    const video = await fetchBytes(gallery[0].url);
    expect(video.res.headers.get('content-type')).toBe('video/mp4');
    expect(video.res.headers.get('content-disposition')).toBeNull();
    expect(video.data.equals(MP4.data)).toBe(true);
    const part = await fetch(app.url + gallery[0].url, { headers: { range: 'bytes=0-1' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-1/${MP4.data.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(MP4.data.subarray(0, 2))).toBe(true);
    const model = await fetchBytes(gallery[1].url);
    expect(model.res.headers.get('content-type')).toBe('model/obj');
    expect(model.res.headers.get('content-disposition')).toMatch(/^attachment/);
    const text = await fetchBytes(gallery[2].url);
    expect(text.res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(text.res.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(text.res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('removes the partial file of an upload that is cut off', async () => {
    const boundary = 'cutoffboundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="thumbnail"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const png = await imageOfSize(300 * 1024);
    const before = {
      products: await countRows(app, 'products'),
      media: await countRows(app, 'product_media'),
      events: await countRows(app, 'outbox_events'),
      files: await storedFiles(app),
    };
    const req = httpRequest(`${app.url}/seller/products/create`, {
      method: 'POST',
      headers: {
        cookie: seller.client.cookie!,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + 4 * MB),
      },
    });
    req.on('error', () => {});
    req.write(head);
    req.write(png);
    const tmpFile = () => storedFiles(app).then((files) => files.some((f) => f.startsWith('.tmp/')));
    await waitFor(tmpFile, 5000, 'the partial upload on disk');
    req.destroy();
    await waitFor(async () => !(await tmpFile()), 5000, 'the partial upload to be removed');
    expect(await countRows(app, 'products')).toBe(before.products);
    expect(await countRows(app, 'product_media')).toBe(before.media);
    expect(await countRows(app, 'outbox_events')).toBe(before.events);
    expect(await storedFiles(app)).toEqual(before.files);
  });
});

describe('pictures are re-encoded', () => {
  it('turns a photo upright by its EXIF orientation, strips metadata, and makes 320/800/1600 px webp variants', async () => {
    const rotated = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#3366cc' } })
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'Secret Camera Owner' } } })
      .jpeg()
      .toBuffer();
    const res = await create({ thumbnail: { name: 'phone.jpg', data: rotated } });
    expect(res.status).toBe(201);
    const urls = res.body.product.thumbnail_urls as Record<'sm' | 'md' | 'lg', string>;
    const sizes: Record<string, [number, number]> = { sm: [320, 640], md: [800, 1600], lg: [1000, 2000] };
    for (const [size, [w, h]] of Object.entries(sizes)) {
      const { res: file, data } = await fetchBytes(urls[size as 'sm']);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/webp');
      expect(file.headers.get('cache-control')).toMatch(/max-age=31536000.*immutable|immutable.*max-age=31536000/);
      expect(file.headers.get('x-content-type-options')).toBe('nosniff');
      const meta = await sharp(data).metadata();
      expect(meta.format).toBe('webp');
      // Portrait after orientation 6; the large variant is not enlarged beyond the original.
      expect([meta.width, meta.height]).toEqual([w, h]);
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
  });

  it('does not serve anything outside stored keys', async () => {
    for (const path of ['/uploads/../package.json', '/uploads/.tmp/x.upload', '/uploads/products/nope.webp', '/uploads/%2e%2e/%2e%2e/etc/passwd']) {
      const res = await fetch(app.url + path);
      expect(res.status, path).toBe(404);
    }
  });
});

describe('thumbnail and gallery changes', () => {
  let product: RestProduct;
  const base = () => `/seller/products/${product.product_id}`;
  const filesOf = async () => (await storedFiles(app)).filter((f) => f.startsWith(`products/${product.product_id}/`));
  const events = () => countRows(app, 'outbox_events', `topic = 'product.changed' and payload->>'productId' = $1`, [product.product_id]);

  beforeAll(async () => {
    product = await createProduct(seller.client, { title: 'Gallery test' }, { galleryCount: 2 });
  });

  it('replaces the thumbnail and removes the old variants', async () => {
    const old = product.thumbnail_url!;
    const before = await events();
    const res = await seller.client.request('PUT', `${base()}/thumbnail`, filesForm('thumbnail', [await jpeg('new.jpg', '#000000')]));
    expect(res.status).toBe(200);
    expect(res.body.product.thumbnail_url).not.toBe(old);
    expect((await fetch(app.url + old)).status).toBe(404);
    expect((await fetch(app.url + res.body.product.thumbnail_url)).status).toBe(200);
    expect(await filesOf()).toHaveLength(9);
    expect(await events()).toBe(before + 1);
  });

  it('refuses a thumbnail replacement that is too big or not an image, keeping the old one', async () => {
    await expectRefused(
      () => seller.client.request('PUT', `${base()}/thumbnail`, filesForm('thumbnail', [{ name: 'x.png', data: Buffer.alloc(0) }])),
      400,
      'The file "x.png" is empty',
    );
    await expectRefused(() => seller.client.request('PUT', `${base()}/thumbnail`, filesForm('thumbnail', [HTML])), 415, 'File type "text/html" is not allowed');
    await expectRefused(() => seller.client.request('PUT', `${base()}/thumbnail`, new FormData()), 400, 'Please upload a thumbnail image');
  });

  it('lists the gallery', async () => {
    const res = await seller.client.get(`${base()}/gallery`);
    expect(res.status).toBe(200);
    expect(res.body.gallery.map((g: RestGalleryItem) => g.order)).toEqual([0, 1]);
  });

  it('adds up to 5 items; a 6th is refused and nothing is written', async () => {
    const add = await seller.client.request('POST', `${base()}/gallery/add`, filesForm('gallery', [await jpeg('a.jpg'), await jpeg('b.jpg')]));
    expect(add.status).toBe(200);
    expect(add.body.gallery).toHaveLength(4);
    const two = [await jpeg('c.jpg'), await jpeg('d.jpg')];
    await expectRefused(() => seller.client.request('POST', `${base()}/gallery/add`, filesForm('gallery', two)), 400, 'Maximum 5 gallery images allowed');
    const fifth = await seller.client.request('POST', `${base()}/gallery`, filesForm('gallery', [await jpeg('e.jpg')]));
    expect(fifth.body.gallery.map((g: RestGalleryItem) => g.order)).toEqual([0, 1, 2, 3, 4]);
    const sixth = filesForm('gallery', [await jpeg('f.jpg')]);
    await expectRefused(() => seller.client.request('POST', `${base()}/gallery/add`, sixth), 400, 'Maximum 5 gallery images allowed');
    await expectRefused(() => seller.client.request('POST', `${base()}/gallery/add`, new FormData()), 400, 'Maximum 5 gallery images allowed');
  });

  it('reorders the gallery with {item_ids}, saved at once', async () => {
    const gallery = (await seller.client.get(`${base()}/gallery`)).body.gallery as RestGalleryItem[];
    const reversed = gallery.map((g) => g.id).reverse();
    const res = await seller.client.post(`${base()}/gallery/reorder`, { item_ids: reversed });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Gallery order updated successfully');
    expect(res.body.gallery.map((g: RestGalleryItem) => g.id)).toEqual(reversed);
    const again = await new ApiClient(app.url).get(`/products/${product.product_id}`);
    expect(again.body.product.gallery.map((g: RestGalleryItem) => g.id)).toEqual(reversed);
    const gql = await seller.client.gql(`mutation($id: ID!, $ids: [ID!]!) { reorderProductGallery(id: $id, itemIds: $ids) { gallery { id order } } }`, {
      id: product.product_id,
      ids: gallery.map((g) => g.id),
    });
    expect((gql.data!.reorderProductGallery as { gallery: Array<{ id: string }> }).gallery.map((g) => g.id)).toEqual(gallery.map((g) => g.id));
  });

  it.each([
    ['a missing item', (ids: string[]) => ids.slice(1)],
    ['a repeated item', (ids: string[]) => [ids[0], ...ids.slice(0, -1)]],
    ['an unknown item', (ids: string[]) => [...ids.slice(1), '01a20000-0000-7000-8000-000000000000']],
  ])('refuses an order with %s and keeps the old order', async (_name, change) => {
    const ids = ((await seller.client.get(`${base()}/gallery`)).body.gallery as RestGalleryItem[]).map((g) => g.id);
    const res = await seller.client.post(`${base()}/gallery/reorder`, { item_ids: change(ids) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The new order must list every gallery item exactly once');
    expect(((await seller.client.get(`${base()}/gallery`)).body.gallery as RestGalleryItem[]).map((g) => g.id)).toEqual(ids);
  });

  it('refuses a reorder body without item_ids', async () => {
    const res = await seller.client.post(`${base()}/gallery/reorder`, { ids: [] });
    expect(res.body.message).toBe('item_ids must be a list of gallery item ids');
  });

  it('deletes one item and its files, renumbering the rest', async () => {
    const gallery = (await seller.client.get(`${base()}/gallery`)).body.gallery as RestGalleryItem[];
    const victim = gallery[1];
    const before = await filesOf();
    const res = await seller.client.delete(`${base()}/gallery/items/${victim.id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Gallery item removed successfully');
    expect(res.body.gallery.map((g: RestGalleryItem) => [g.id, g.order])).toEqual(
      gallery.filter((g) => g.id !== victim.id).map((g, i) => [g.id, i]),
    );
    expect((await fetch(app.url + victim.url)).status).toBe(404);
    expect(await filesOf()).toHaveLength(before.length - 3);
    const again = await seller.client.delete(`${base()}/gallery/items/${victim.id}`);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Gallery item not found');
  });

  it('replaces the whole gallery and removes the old files', async () => {
    const old = (await seller.client.get(`${base()}/gallery`)).body.gallery as RestGalleryItem[];
    const res = await seller.client.request('POST', `${base()}/gallery/replace`, filesForm('gallery', [await jpeg('only.jpg')]));
    expect(res.status).toBe(200);
    expect(res.body.gallery).toHaveLength(1);
    for (const g of old) expect((await fetch(app.url + g.url)).status).toBe(404);
    expect(await filesOf()).toHaveLength(6);
    await expectRefused(
      () => seller.client.request('POST', `${base()}/gallery/replace`, filesForm('gallery', [HTML])),
      415,
      'File type "text/html" is not allowed',
    );
    expect((await seller.client.get(`${base()}/gallery`)).body.gallery).toHaveLength(1);
  });
});

describe('refused uploads, file by file and on a kept-alive connection', () => {
  let product: RestProduct;
  const base = () => `/seller/products/${product.product_id}`;
  const eightMb = async (): Promise<UploadFile> => ({ name: 'huge.png', data: await imageOfSize(8 * MB), type: 'image/png' });

  beforeAll(async () => {
    product = await createProduct(seller.client, { title: 'Limits on changes' }, { galleryCount: 4 });
  });

  it('names the file limit for an 8 MB thumbnail or gallery image on every upload route', async () => {
    const big = await eightMb();
    await expectRefused(() => seller.client.request('PUT', `${base()}/thumbnail`, filesForm('thumbnail', [big])), 413, 'Thumbnail file size must be less than 5MB');
    await expectRefused(() => seller.client.request('POST', `${base()}/gallery/add`, filesForm('gallery', [big])), 413, 'Each gallery image must be less than 5MB');
    await expectRefused(() => seller.client.request('POST', `${base()}/gallery/replace`, filesForm('gallery', [big])), 413, 'Each gallery image must be less than 5MB');
  });

  it('refuses a request carrying more than its files and fields may (the request-wide cap), whatever its files are', async () => {
    // A valid small thumbnail, with 7 MB around it that no part holds: the route allows one 5 MB file (and 1 MB of
    // multipart overhead), so only the request's own cap can refuse it, before the parts or after them.
    const { body } = multipartBytes('thumbnail', { name: 'small.jpg', data: photo, type: 'image/jpeg' }, 'capboundary');
    const filler = Buffer.alloc(7 * MB, 'x');
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const headers = { cookie: seller.client.cookie!, 'content-type': 'multipart/form-data; boundary=capboundary' };
      const before = Buffer.concat([filler, Buffer.from('\r\n'), body]);
      await expectRefused(() => sendOn(agent, 'PUT', `${base()}/thumbnail`, headers, before), 413, 'The upload is too large');
      const after = Buffer.concat([body, filler]);
      await expectRefused(() => sendOn(agent, 'PUT', `${base()}/thumbnail`, headers, after), 413, 'The upload is too large');
      // The same thumbnail alone is taken (so the refusals above were the cap's).
      const alone = await sendOn(agent, 'PUT', `${base()}/thumbnail`, headers, body);
      expect(alone.status).toBe(200);
    } finally {
      agent.destroy();
    }
  });

  it('refuses a 60 MB video as soon as it passes 50 MB, naming its size', async () => {
    // Room for one more item: the whole request may carry 51 MB, so only the file's own limit can name the problem.
    const video = { name: 'tour.mp4', data: Buffer.concat([MP4.data, Buffer.alloc(60 * MB - MP4.data.length)]), type: 'video/mp4' };
    await expectRefused(
      () => seller.client.request('POST', `${base()}/gallery/add`, filesForm('gallery', [video])),
      413,
      'File size (60.00 MB) exceeds maximum allowed size (50 MB)',
    );
  });

  it('answers a refused upload and serves the next request on the same connection', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const { body, contentType } = multipartBytes('thumbnail', await eightMb());
      const headers = { cookie: seller.client.cookie!, 'content-type': contentType };
      const refused = await sendOn(agent, 'PUT', `${base()}/thumbnail`, headers, body);
      expect(refused.status).toBe(413);
      expect(refused.body.message).toBe('Thumbnail file size must be less than 5MB');
      expect(refused.headers.connection).toBe('keep-alive');
      const next = await sendOn(agent, 'GET', `/products/${product.product_id}`);
      expect(next.status).toBe(200);
      expect(next.body.product?.title).toBe('Limits on changes');
      expect(next.localPort).toBe(refused.localPort);
    } finally {
      agent.destroy();
    }
  });

  it('closes the connection after refusing a body too large to read off, and the next request works', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const { body, contentType } = multipartBytes('thumbnail', { name: 'huge.png', data: await imageOfSize(40 * MB), type: 'image/png' });
      const refused = await sendOn(agent, 'PUT', `${base()}/thumbnail`, { cookie: seller.client.cookie!, 'content-type': contentType }, body);
      expect(refused.status).toBe(413);
      expect(refused.body.message).toBe('Thumbnail file size must be less than 5MB');
      expect(refused.headers.connection).toBe('close');
      const next = await sendOn(agent, 'GET', `/products/${product.product_id}`);
      expect(next.status).toBe(200);
    } finally {
      agent.destroy();
    }
  });

  it('lets a client that reads only after sending its whole 40 MB read its 413 and a clean end, never a reset', async () => {
    // Refused at 5 MB with 35 MB still to come: more than the server reads off, so its answer says
    // `Connection: close`; the server half-closes after it and reads on (a lingering close) instead of
    // closing a socket that still receives, which would reset it and lose the unread answer (issue 31).
    const { body, contentType } = multipartBytes('thumbnail', { name: 'huge.png', data: await imageOfSize(40 * MB), type: 'image/png' });
    const head =
      `PUT ${base()}/thumbnail HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${seller.client.cookie}\r\n` +
      `Content-Type: ${contentType}\r\nContent-Length: ${body.length}\r\n\r\n`;
    const before = await snapshot();
    for (let i = 0; i < 3; i++) {
      const answer = await sendAllThenRead(app.url, head, body);
      expect({ error: answer.error, ended: answer.ended, status: answer.status }).toEqual({ error: null, ended: true, status: 413 });
      expect(answer.head).toMatch(/\r\nConnection: close(\r\n|$)/i);
      expect(JSON.parse(answer.body)).toEqual({ message: 'Thumbnail file size must be less than 5MB', code: 'PAYLOAD_TOO_LARGE' });
    }
    expect(await snapshot()).toEqual(before);
  });

  it("gives a stranger 404 on gallery replace without reading the files, and the connection stays usable", async () => {
    const stranger = await createSeller(app);
    const before = (await seller.client.get(`${base()}/gallery`)).body.gallery as RestGalleryItem[];
    await expectRefused(
      () => stranger.client.request('POST', `${base()}/gallery/replace`, filesForm('gallery', [MP4])),
      404,
      'Product not found',
    );
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const { body, contentType } = multipartBytes('gallery', { name: 'g.png', data: await imageOfSize(3 * MB), type: 'image/png' });
      const refused = await sendOn(agent, 'POST', `${base()}/gallery/replace`, { cookie: stranger.client.cookie!, 'content-type': contentType }, body);
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe('Product not found');
      const next = await sendOn(agent, 'GET', `/products/${product.product_id}`);
      expect(next.status).toBe(200);
      expect(next.localPort).toBe(refused.localPort);
    } finally {
      agent.destroy();
    }
    expect((await seller.client.get(`${base()}/gallery`)).body.gallery).toEqual(before);
  });
});
