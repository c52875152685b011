import { expect } from 'vitest';
import type { ApiClient } from '../support/client.js';
import { makeImage } from './images.js';

export interface UploadFile {
  name: string;
  data: Buffer;
  type?: string;
}

export interface RestGalleryItem {
  id: string;
  url: string;
  item_type: 'picture' | 'video' | 'obj' | 'other';
  order: number;
  urls: { sm: string; md: string; lg: string } | null;
  content_type: string;
}

export interface RestQuestion {
  id: string;
  question: string;
  question_type: 'YesNo' | 'FreeResponse';
  mandatory: boolean;
}

/** A product as the REST shim answers it (docs/product.md#entities). */
export interface RestProduct {
  product_id: string;
  user_id: string;
  username: string | null;
  title: string;
  description: string;
  product_type: string;
  purchase_type: string;
  condition: string | null;
  category: string;
  category_name: string;
  tags: string[];
  price: string | null;
  price_in_inr: string | null;
  price_paise: string | null;
  price_max: string | null;
  price_max_paise: string | null;
  quantity: { min_quantity: number; max_quantity: number };
  thumbnail_url: string | null;
  thumbnail_urls: { sm: string; md: string; lg: string } | null;
  gallery: RestGalleryItem[];
  custom_questions: { questions: RestQuestion[] };
  enabled: boolean;
  location: { city: string | null; state: string | null };
  contact: string | null;
  created_at: string;
  updated_at: string;
}

/** A product body as the create form sends it (docs/product.md#rest-shim). */
export function productBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Dell Latitude 5420 laptops',
    description: 'Refurbished business laptops, 16 GB RAM, 512 GB SSD. Bulk orders welcome, GST invoice provided.',
    product_type: 'new',
    purchase_type: 'buy_now',
    category: 'Computers',
    tags: ['laptop', 'dell'],
    price: '45999.50',
    quantity: { min_quantity: 1, max_quantity: 20 },
    custom_questions: { questions: [] },
    ...overrides,
  };
}

/** A Blob of bytes (copied: Blob wants a plain ArrayBuffer view). */
export const blob = (data: Buffer, type = 'application/octet-stream') => new Blob([new Uint8Array(data)], { type });

/** The multipart body of POST /seller/products/create. */
export function createForm(product: unknown, files: { thumbnail?: UploadFile | null; gallery?: UploadFile[] } = {}): FormData {
  const form = new FormData();
  form.append('product', typeof product === 'string' ? product : JSON.stringify(product));
  if (files.thumbnail) form.append('thumbnail', blob(files.thumbnail.data, files.thumbnail.type ?? 'image/jpeg'), files.thumbnail.name);
  for (const f of files.gallery ?? []) form.append('gallery', blob(f.data, f.type ?? 'image/jpeg'), f.name);
  return form;
}

/** A multipart body of files under one field (gallery add/replace, thumbnail replace). */
export function filesForm(field: string, files: UploadFile[]): FormData {
  const form = new FormData();
  for (const f of files) form.append(field, blob(f.data, f.type ?? 'image/jpeg'), f.name);
  return form;
}

export const jpeg = async (name = 'photo.jpg', color?: string): Promise<UploadFile> => ({ name, data: await makeImage({ color }) });

/**
 * Creates a product through POST /seller/products/create as the client's user (a generated
 * thumbnail and `galleryCount` gallery images); returns the REST product.
 */
export async function createProduct(
  client: ApiClient,
  overrides: Record<string, unknown> = {},
  opts: { galleryCount?: number } = {},
): Promise<RestProduct> {
  const gallery = await Promise.all(Array.from({ length: opts.galleryCount ?? 0 }, (_, i) => jpeg(`g${i}.jpg`, ['#2980b9', '#27ae60', '#8e44ad', '#f39c12', '#16a085'][i % 5])));
  const res = await client.request('POST', '/seller/products/create', createForm(productBody(overrides), { thumbnail: await jpeg('thumb.jpg'), gallery }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.product as RestProduct;
}
