import { randomUUID } from 'node:crypto';
import { PRIVATE_PREFIX, variantKey } from '../../adapters/storage/storage.js';
import { IMAGE_TYPES } from '../../common/file-types.js';
import type { UploadedFile, UploadSpec } from '../../common/uploads.js';
import type { ProductMediaStore } from '../products/products.public.js';
import { orderMessages as M } from './orders.messages.js';

/** A payment screenshot must be smaller than this. */
export const SCREENSHOT_MAX_BYTES = 5 * 1024 * 1024;

/**
 * POST /orders/confirm as multipart (docs/product.md#paying): `order_id`, the UTR when known (`utr`) and one
 * `screenshot` of the payment, a picture (JPEG, PNG, GIF or WebP by its bytes) under 5 MB.
 */
export const PAYMENT_UPLOAD: UploadSpec = {
  files: {
    screenshot: {
      maxCount: 1,
      tooMany: M.oneScreenshotPerPayment,
      rules: [{ types: IMAGE_TYPES, maxBytes: SCREENSHOT_MAX_BYTES, tooLarge: () => M.screenshotUnder5Mb }],
    },
  },
  fields: { order_id: 100, utr: 40 },
  unsupportedType: M.screenshotIsAPicture,
};

/** The stored file a screenshot's route serves: its large webp, or the small one (`preview`). */
export const screenshotFile = (base: string, preview: boolean) => variantKey(base, preview ? 'sm' : 'lg');

/**
 * The buyer's payment screenshots are private: stored under the private prefix with random names, re-encoded
 * as webp (upright, without metadata: a phone's screenshot may carry its place and device), served only to the
 * order's two parties by a checked route (orders.routes.ts).
 */
export class PaymentScreenshots {
  constructor(private readonly media: Pick<ProductMediaStore, 'storeAt' | 'remove'>) {}

  /** Stores a screenshot of order `orderId`; answers its base key (the caller removes it again on a refusal). */
  async store(file: UploadedFile, orderId: string): Promise<string> {
    return (await this.media.storeAt(file, `${PRIVATE_PREFIX}orders/${orderId}/${randomUUID()}`)).storageKey;
  }

  /** Removes a screenshot's pictures (best effort; nothing for null). */
  async remove(base: string | null): Promise<void> {
    if (base) await this.media.remove([{ itemType: 'picture', storageKey: base }]);
  }
}
