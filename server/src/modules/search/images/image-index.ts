import type { Logger } from 'pino';
import type { SqlRunner } from '../../../adapters/search/sql-runner.js';
import { variantKey } from '../../../adapters/storage/storage.js';
import { computeImageFeatures, IMAGE_MATCH_THRESHOLD, imageSimilarity, packVector, unpackFeatures, type ImageFeatures } from './image-features.js';

/** Reads stored pictures (the storage port). */
export interface PictureReader {
  read(key: string): Promise<Buffer>;
}

/** How many stored pictures each cheap pre-filter (hash distance, colour-bit distance) passes on for exact scoring. */
const CANDIDATES_PER_FILTER = 200;

/**
 * The features of every product picture, kept in step with the catalogue by the indexer, and the
 * photo search over them: a cheap pre-filter in SQL (Hamming distance of the perceptual hash and
 * of the colour bits) picks candidates, which are then scored exactly.
 */
export class ImageIndex {
  constructor(
    private readonly db: SqlRunner,
    private readonly pictures: PictureReader,
    private readonly log: Logger,
  ) {}

  /**
   * Makes the stored features of a product match its pictures (base keys, thumbnail first):
   * computes those missing, drops those of pictures it no longer has. Idempotent.
   */
  async syncProduct(tx: SqlRunner, productId: string, pictureKeys: string[]): Promise<void> {
    const { rows } = await tx.query<{ image_key: string }>('select image_key from product_image_features where product_id = $1', [productId]);
    const have = new Set(rows.map((r) => r.image_key));
    await tx.query('delete from product_image_features where product_id = $1 and image_key <> all($2::text[])', [productId, pictureKeys]);
    for (const [position, key] of pictureKeys.entries()) {
      if (have.has(key)) {
        await tx.query('update product_image_features set position = $3 where product_id = $1 and image_key = $2', [productId, key, position]);
        continue;
      }
      let features: ImageFeatures;
      try {
        // The small variant is plenty: features are computed on a 64x64 copy.
        features = await computeImageFeatures(await this.pictures.read(variantKey(key, 'sm')));
      } catch (err) {
        this.log.warn({ productId, key, err: (err as Error).message }, 'picture skipped by photo search');
        continue;
      }
      await tx.query(
        `insert into product_image_features (product_id, image_key, position, phash, color_bits, vector, created_at)
         values ($1, $2, $3, $4::bigint, $5::bigint, $6, now())
         on conflict (product_id, image_key) do update set position = excluded.position`,
        [productId, key, position, features.phash.toString(), features.colorBits.toString(), packVector(features)],
      );
    }
  }

  async removeProduct(tx: SqlRunner, productId: string): Promise<void> {
    await tx.query('delete from product_image_features where product_id = $1', [productId]);
  }

  /** Drops the features of products the index no longer holds (after a full reindex). */
  async removeOrphans(): Promise<void> {
    await this.db.query('delete from product_image_features f where not exists (select 1 from search_documents d where d.product_id = f.product_id)');
  }

  /**
   * Products whose pictures look like any of the photos: best similarity per product, at or above
   * the match threshold, best first.
   */
  async match(photos: ImageFeatures[], limit = 100): Promise<Array<{ productId: string; score: number }>> {
    const best = new Map<string, number>();
    for (const photo of photos) {
      const { rows } = await this.db.query<{ product_id: string; phash: string; color_bits: string; vector: Buffer }>(
        `select f.product_id, f.phash::text as phash, f.color_bits::text as color_bits, f.vector
         from product_image_features f
         join ((select product_id, image_key from product_image_features
                order by bit_count((phash # $1::bigint)::bit(64)) limit ${CANDIDATES_PER_FILTER})
               union
               (select product_id, image_key from product_image_features
                order by bit_count((color_bits # $2::bigint)::bit(64)) limit ${CANDIDATES_PER_FILTER})) c
           on c.product_id = f.product_id and c.image_key = f.image_key`,
        [photo.phash.toString(), photo.colorBits.toString()],
      );
      for (const r of rows) {
        const score = imageSimilarity(photo, unpackFeatures(BigInt(r.phash), BigInt(r.color_bits), r.vector));
        if (score >= IMAGE_MATCH_THRESHOLD && score > (best.get(r.product_id) ?? 0)) best.set(r.product_id, score);
      }
    }
    return [...best]
      .map(([productId, score]) => ({ productId, score }))
      .sort((a, b) => b.score - a.score || a.productId.localeCompare(b.productId))
      .slice(0, limit);
  }
}
