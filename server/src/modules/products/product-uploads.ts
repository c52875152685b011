import { IMAGE_TYPES, MODEL_TYPES, OTHER_TYPES, VIDEO_TYPES } from '../../common/file-types.js';
import { fileSizeMessage, type FileRule, type UploadSpec } from '../../common/uploads.js';
import { productMessages } from './products.messages.js';

// docs/product.md#validation and #limits: thumbnail and gallery images less than 5 MB each (a file of exactly
// 5 MiB is refused), at most 5 gallery items, other files of the allowed types up to 50 MB (the
// general check refuses only what exceeds it). Types are sniffed from the bytes.

const MB = 1024 * 1024;
export const IMAGE_MAX_BYTES = 5 * MB;
export const FILE_MAX_BYTES = 50 * MB;
export const MAX_GALLERY_ITEMS = 5;
export const TOO_MANY_GALLERY = productMessages.tooManyGallery({ max: MAX_GALLERY_ITEMS });


const thumbnailRule: FileRule = {
  types: IMAGE_TYPES,
  maxBytes: IMAGE_MAX_BYTES,
  tooLarge: () => productMessages.thumbnailFileSizeMustBeLess,
};

const galleryRules: FileRule[] = [
  { types: IMAGE_TYPES, maxBytes: IMAGE_MAX_BYTES, tooLarge: () => productMessages.eachGalleryImageMustBeLess },
  { types: [...VIDEO_TYPES, ...MODEL_TYPES, ...OTHER_TYPES], maxBytes: FILE_MAX_BYTES, allowExactly: true, tooLarge: fileSizeMessage(FILE_MAX_BYTES) },
];

const PRODUCT_FIELD_BYTES = 256 * 1024;

/** POST /seller/products/create: a thumbnail, up to 5 gallery files, and the product JSON. */
export const CREATE_UPLOAD: UploadSpec = {
  files: {
    thumbnail: { maxCount: 1, tooMany: productMessages.onlyOneThumbnailImageIsAllowed, rules: [thumbnailRule] },
    gallery: { maxCount: MAX_GALLERY_ITEMS, tooMany: TOO_MANY_GALLERY, rules: galleryRules },
  },
  fields: { product: PRODUCT_FIELD_BYTES },
};

/** PUT /seller/products/{id}/thumbnail. */
export const THUMBNAIL_UPLOAD: UploadSpec = {
  files: { thumbnail: { maxCount: 1, tooMany: productMessages.onlyOneThumbnailImageIsAllowed, rules: [thumbnailRule] } },
  fields: {},
};

/** Gallery add (room for `room` more items) and replace (room for all 5). */
export const galleryUpload = (room: number): UploadSpec => ({
  files: { gallery: { maxCount: room, tooMany: TOO_MANY_GALLERY, rules: galleryRules } },
  fields: {},
});
