import sharp from 'sharp';
import { expect } from 'vitest';
import { renderProductPicture } from '../../server/src/modules/search/seed/demo-pictures.js';
import { placeKey } from '../../server/src/modules/search/understanding/places.js';
import type { ApiClient } from '../support/client.js';
import { createForm, productBody, type RestProduct, type UploadFile } from './products.js';

/** What a buyer's phone does to a photo of a listing: crop a little, resize, re-encode as JPEG. */
export async function buyersCopy(picture: Buffer, variant = 0): Promise<Buffer> {
  const { width = 800, height = 600 } = await sharp(picture).metadata();
  const cut = [0.04, 0.07, 0.02][variant % 3];
  const left = Math.round(width * cut);
  const top = Math.round(height * cut * 0.8);
  return sharp(picture)
    .extract({ left, top, width: width - 2 * left, height: height - 2 * top })
    .resize([480, 640, 1024][variant % 3])
    .jpeg({ quality: [72, 60, 85][variant % 3] })
    .toBuffer();
}

/** A drawn product picture (PNG) as an upload. */
export async function productPicture(title: string, category: string): Promise<UploadFile> {
  return { name: 'product.png', data: await renderProductPicture(title, category), type: 'image/png' };
}

/** Lists a product through POST /seller/products/create with the given thumbnail. */
export async function listProduct(client: ApiClient, overrides: Record<string, unknown>, thumbnail: UploadFile): Promise<RestProduct> {
  const res = await client.request('POST', '/seller/products/create', createForm(productBody(overrides), { thumbnail }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.product as RestProduct;
}

/** POST /products/search as the client does: multipart `body` JSON and `images`. */
export function searchForm(body: unknown, images: UploadFile[] = []): FormData {
  const form = new FormData();
  form.append('body', typeof body === 'string' ? body : JSON.stringify(body));
  for (const img of images) form.append('images', new Blob([new Uint8Array(img.data)], { type: img.type ?? 'image/jpeg' }), img.name);
  return form;
}

export const searchRest = (client: ApiClient, body: unknown, images: UploadFile[] = []) => client.request('POST', '/products/search', searchForm(body, images));

/** What a relevance case's results must satisfy (the filters its query states). */
export interface Must {
  category?: string;
  max?: number;
  min?: number;
  type?: 'new' | 'used';
  location?: string;
  /** The seller can supply at least this many. */
  qty?: number;
}

/** Whether a search result satisfies what the query states. */
export function satisfies(r: RestProduct, must: Must): boolean {
  const rupees = r.price === null ? null : Number(r.price);
  if (must.category && r.category !== must.category) return false;
  if (must.max !== undefined && (rupees === null || rupees > must.max)) return false;
  if (must.min !== undefined && (rupees === null || rupees < must.min)) return false;
  if (must.type && r.product_type !== must.type) return false;
  if (must.qty !== undefined && r.quantity.max_quantity < must.qty) return false;
  if (must.location) {
    const key = placeKey(must.location);
    if (placeKey(r.location?.city) !== key && placeKey(r.location?.state) !== key) return false;
  }
  return true;
}
