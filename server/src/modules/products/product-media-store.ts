import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { Logger } from 'pino';
import { badInput } from '../../common/app-error.js';
import { EXTENSION_BY_TYPE, IMAGE_TYPES, MODEL_TYPES, VIDEO_TYPES } from '../../common/file-types.js';
import type { UploadedFile } from '../../common/uploads.js';
import { PICTURE_VARIANTS, variantKey, type PictureSize, type Storage } from '../../adapters/storage/storage.js';
import type { MediaType } from './product-media.entity.js';
import { productMessages } from './products.messages.js';

/** A file (or set of picture variants) written to storage for one gallery item or thumbnail. */
export interface StoredMedia {
  itemType: MediaType;
  /** Pictures: the base key of the variants; other files: the file's key. */
  storageKey: string;
  contentType: string;
  sizeBytes: number;
}

export type ImageUrls = Record<PictureSize, string>;

const SIZES = Object.keys(PICTURE_VARIANTS) as PictureSize[];
/** Decoding bigger images than this (pixels) is refused: a small file can unpack into gigabytes. */
const MAX_PIXELS = 50_000_000;
/** Encoded pictures remembered by content (a few, most recent first out last). */
const RECENT_PICTURES = 8;

const itemTypeOf = (type: string): MediaType =>
  (IMAGE_TYPES as readonly string[]).includes(type)
    ? 'picture'
    : (VIDEO_TYPES as readonly string[]).includes(type)
      ? 'video'
      : (MODEL_TYPES as readonly string[]).includes(type)
        ? 'obj'
        : 'other';

/**
 * Turns uploaded files into stored media: pictures are decoded, turned upright by their EXIF
 * orientation, stripped of metadata and re-encoded as webp in the sizes the pages use; other files
 * are stored as they are. Every name is generated.
 */
export class ProductMediaStore {
  /**
   * The variants of the last few pictures by content hash: a seller listing several products with
   * the same photo (and the demo catalogue, whose listings share a picture per category) pays for
   * one encoding.
   */
  private readonly recent = new Map<string, Array<[PictureSize, Buffer]>>();

  constructor(
    private readonly storage: Storage,
    private readonly log: Logger,
  ) {}

  async store(file: UploadedFile, productId: string): Promise<StoredMedia> {
    return this.storeAt(file, `products/${productId}/${randomUUID()}`);
  }

  /**
   * Stores a file under a generated base key (another module's files: chat attachments): a
   * picture as its webp variants at `<base>-<size>.webp`, any other file at `<base>.<extension>`.
   */
  async storeAt(file: UploadedFile, base: string): Promise<StoredMedia> {
    const itemType = itemTypeOf(file.type);
    if (itemType === 'picture') {
      await this.storePicture(file, base);
      return { itemType, storageKey: base, contentType: 'image/webp', sizeBytes: file.size };
    }
    const key = `${base}.${EXTENSION_BY_TYPE[file.type] ?? 'bin'}`;
    await this.storage.put(key, createReadStream(file.path), file.size);
    return { itemType, storageKey: key, contentType: file.type, sizeBytes: file.size };
  }

  /** Stores several files; on any failure removes what was already stored, then throws. */
  async storeAll(files: UploadedFile[], productId: string): Promise<StoredMedia[]> {
    const stored: StoredMedia[] = [];
    try {
      for (const file of files) stored.push(await this.store(file, productId));
      return stored;
    } catch (err) {
      await this.remove(stored);
      throw err;
    }
  }

  private async storePicture(file: UploadedFile, base: string): Promise<void> {
    const variants = await this.encodePicture(file);
    const written: string[] = [];
    try {
      for (const [size, data] of variants) {
        const key = variantKey(base, size);
        await this.storage.put(key, data, data.length);
        written.push(key);
      }
    } catch (err) {
      await this.removeKeys(written);
      throw err;
    }
  }

  /** The webp variants of a picture; sizes wider than the picture share one encoding (never enlarged). */
  private async encodePicture(file: UploadedFile): Promise<Array<[PictureSize, Buffer]>> {
    const bytes = await readFile(file.path);
    const hash = createHash('sha256').update(bytes).digest('hex');
    const known = this.recent.get(hash);
    if (known) return known;
    const variants: Array<[PictureSize, Buffer]> = [];
    try {
      const source = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).autoOrient();
      const { autoOrient } = await source.metadata();
      const byWidth = new Map<number, Buffer>();
      for (const size of SIZES) {
        const width = Math.min(PICTURE_VARIANTS[size], autoOrient.width);
        let data = byWidth.get(width);
        if (!data) {
          data = await source.clone().resize({ width, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer();
          byWidth.set(width, data);
        }
        variants.push([size, data]);
      }
    } catch {
      throw badInput(productMessages.imageUnreadable({ name: file.filename }));
    }
    this.recent.set(hash, variants);
    if (this.recent.size > RECENT_PICTURES) this.recent.delete(this.recent.keys().next().value!);
    return variants;
  }

  /** Every storage key of a media item. */
  keysOf(media: Pick<StoredMedia, 'itemType' | 'storageKey'>): string[] {
    return media.itemType === 'picture' ? SIZES.map((s) => variantKey(media.storageKey, s)) : [media.storageKey];
  }

  /** Best effort: a file that cannot be removed now is logged, never a failed request. */
  async remove(media: Array<Pick<StoredMedia, 'itemType' | 'storageKey'>>): Promise<void> {
    await this.removeKeys(media.flatMap((m) => this.keysOf(m)));
  }

  private async removeKeys(keys: string[]): Promise<void> {
    await Promise.all(
      keys.map((key) => this.storage.delete(key).catch((err: Error) => this.log.warn({ key, err: err.message }, 'stored file not removed'))),
    );
  }

  pictureUrls(baseKey: string): ImageUrls {
    // Built in place (a list's every item has one): no array of entries per picture.
    const urls = {} as ImageUrls;
    for (const s of SIZES) urls[s] = this.storage.publicUrl(variantKey(baseKey, s));
    return urls;
  }

  fileUrl(key: string): string {
    return this.storage.publicUrl(key);
  }
}
