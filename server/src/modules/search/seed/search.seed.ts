import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import type { Infra } from '../../../app/infra.js';
import type { ProductService } from '../../products/products.service.js';
import { createRequestContext } from '../../../common/request-context.js';
import type { UploadedFile } from '../../../common/uploads.js';
import { hashPassword } from '../../auth/auth.public.js';
import { User } from '../../users/user.entity.js';
import { CATEGORIES } from '../../products/products.public.js';
import { demoCatalogue, PICTURES_PER_CATEGORY, type DemoListing } from './demo-catalogue.js';
import { renderProductPicture } from './demo-pictures.js';
import { DEMO_SELLERS } from './demo-sellers.js';

/** The generated pictures as files, as the create form would send them (the first is the thumbnail). */
async function pictureFiles(dir: string, pictures: Buffer[]): Promise<UploadedFile[]> {
  const files: UploadedFile[] = [];
  for (const [i, data] of pictures.entries()) {
    const file = path.join(dir, `${uuidv7()}.png`);
    await writeFile(file, data);
    files.push({ field: i === 0 ? 'thumbnail' : 'gallery', filename: `picture-${i}.png`, path: file, size: data.length, type: 'image/png' });
  }
  return files;
}

/** Listings created at once (the database round trips overlap; pictures are encoded once per category). */
const LANES = 4;

/** The catalogue's create command for a listing. */
function productCommand(l: DemoListing): Record<string, unknown> {
  return {
    title: l.title,
    description: l.description,
    productType: l.productType,
    purchaseType: l.purchaseType,
    condition: l.condition,
    category: l.category,
    tags: l.tags,
    ...(l.price === null ? {} : { price: l.price }),
    minQuantity: l.minQuantity,
    maxQuantity: l.maxQuantity,
    city: l.seller.city,
    state: l.seller.state,
    customQuestions: l.questions,
  };
}

/**
 * Demo catalogue for an empty database: several hundred Indian business listings in every category
 * (demo-stock.ts), by shops in a dozen cities (demo-sellers.ts), with drawn pictures, listed through
 * the catalogue service (so they are indexed like any other) by sellers whose password is random and
 * never stored anywhere: nobody can log in as them.
 */
export async function seedSearchDemo({ products, infra }: { products: ProductService; infra: Pick<Infra, 'orm' | 'log'> }): Promise<void> {
  const { orm, log } = infra;
  const em = orm.em.fork();
  // One random password nobody ever sees, hashed once: no demo seller can be logged into.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const sellers = new Map<string, User>();
  for (const s of DEMO_SELLERS) {
    const user = em.create(User, {
      email: `${s.username.replace(/_/g, '.')}@demo.bolbazaar.invalid`,
      username: s.username,
      passwordHash,
      emailVerified: true,
    });
    sellers.set(s.username, user);
  }
  await em.flush();
  // Small pictures drawn once per category and shared by its listings: seeding takes seconds.
  const pictures = new Map(
    await Promise.all(
      CATEGORIES.map(async (c) => {
        const drawn = await Promise.all(Array.from({ length: PICTURES_PER_CATEGORY }, (_v, i) => renderProductPicture(i === 0 ? c.name : `${c.name} `, c.id, 480)));
        return [c.id, drawn] as const;
      }),
    ),
  );
  const listings = demoCatalogue();
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'bolbazaar-seed-'));
  let next = 0;
  const lane = async () => {
    while (next < listings.length) {
      const l = listings[next++];
      const ctx = createRequestContext({ em: orm.em, log, requestId: `seed-${uuidv7()}`, viewer: { userId: sellers.get(l.seller.username)!.id, sessionId: 'seed' } });
      const drawn = pictures.get(l.category)!;
      const [thumbnail, ...gallery] = await pictureFiles(tmp, [drawn[l.picture], ...(l.withGallery ? [drawn[(l.picture + 1) % drawn.length]] : [])]);
      try {
        await products.create(ctx, { product: productCommand(l), thumbnail, gallery });
      } finally {
        await Promise.all([thumbnail, ...gallery].map((f) => rm(f.path, { force: true })));
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: LANES }, lane));
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
  // Fresh statistics for the planner after the bulk insert (autovacuum would take its time).
  await em.getConnection().execute('analyze users, products, product_media, outbox_events');
  log.info({ products: listings.length, sellers: DEMO_SELLERS.length }, 'search demo catalogue seeded');
}
