import { randomUUID } from 'node:crypto';
import { PRIVATE_PREFIX } from '../../adapters/storage/storage.js';
import { IMAGE_TYPES } from '../../common/file-types.js';
import type { UploadedFile, UploadSpec } from '../../common/uploads.js';
import type { ProductMediaStore, StoredMedia } from '../products/products.public.js';
import { rfqMessages as M } from './rfqs.messages.js';

const MB = 1024 * 1024;
/** A requirement carries at most this many photos. */
export const MAX_RFQ_PHOTOS = 3;
const PHOTO_MAX_BYTES = 5 * MB;

/**
 * POST /rfqs as multipart (docs/product.md#buy-requirements): the requirement as JSON in the `rfq` field and up
 * to 3 `photos`, each a picture (JPEG, PNG, GIF or WebP by its bytes) under 5 MB.
 */
export const RFQ_UPLOAD: UploadSpec = {
  files: {
    photos: {
      maxCount: MAX_RFQ_PHOTOS,
      tooMany: M.atMostPhotos({ max: MAX_RFQ_PHOTOS }),
      rules: [{ types: IMAGE_TYPES, maxBytes: PHOTO_MAX_BYTES, tooLarge: () => M.eachPhotoUnder5Mb }],
    },
  },
  fields: { rfq: 16 * 1024 },
  unsupportedType: M.photosArePictures,
};

/** A photo's two sizes, as the requirement's screens show it (the small one in lists, the large one on tap). */
export interface RfqPhotoUrls {
  sm: string;
  lg: string;
}

export const photoUrls = (rfqId: string, count: number): RfqPhotoUrls[] =>
  Array.from({ length: count }, (_, n) => ({ sm: `/rfqs/${rfqId}/photos/${n}/preview`, lg: `/rfqs/${rfqId}/photos/${n}` }));

/**
 * A requirement's photos are private: stored under the private prefix with random names, re-encoded as webp
 * (upright, no metadata: a phone photo's location never travels), served only to the buyer and the matched
 * sellers by a checked route.
 */
export class RfqPhotos {
  constructor(private readonly media: Pick<ProductMediaStore, 'storeAt' | 'remove'>) {}

  /** Stores the photos (all or none); the caller removes them again when the requirement is refused. */
  async store(files: UploadedFile[], rfqId: string): Promise<StoredMedia[]> {
    const stored: StoredMedia[] = [];
    try {
      for (const file of files) stored.push(await this.media.storeAt(file, `${PRIVATE_PREFIX}rfqs/${rfqId}/${randomUUID()}`));
      return stored;
    } catch (err) {
      await this.media.remove(stored);
      throw err;
    }
  }

  remove(stored: StoredMedia[]): Promise<void> {
    return this.media.remove(stored);
  }
}

/** The stored file a photo's route serves: its small or large webp. */
export const photoKey = (base: string, preview: boolean) => `${base}-${preview ? 'sm' : 'lg'}.webp`;
