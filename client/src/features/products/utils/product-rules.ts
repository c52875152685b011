// The create and edit forms' checks (docs/product.md#validation). The server enforces the same rules; these
// only answer sooner, with the same messages.

export const MB = 1024 * 1024;
/** Images must be less than this ('less than 5MB': a file of exactly 5 MiB is refused). */
export const IMAGE_MAX_BYTES = 5 * MB;
/** Other files may be up to this (the general check refuses what exceeds it). */
export const FILE_MAX_BYTES = 50 * MB;
export const MAX_GALLERY = 5;
export const MAX_TAGS = 32;
export const MAX_QUESTIONS = 20;

const IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/webp'];
/** The general upload list (docs/product.md#validation); browsers give no type (or octet-stream) for .obj and .glb files. */
const FILE_TYPES = [
  ...IMAGE_TYPES,
  'video/mp4',
  'video/quicktime',
  'video/x-msvideo',
  'text/plain',
  'application/octet-stream',
  'model/obj',
  'model/gltf-binary',
  'model/gltf+json',
  '',
];

export const isImage = (file: File) => IMAGE_TYPES.includes(file.type);

/** What is wrong with a thumbnail, as a message key and values, or null. */
export type FileProblem = { key: 'thumbnailTooBig' | 'tooManyGallery' | 'galleryImageTooBig' | 'fileTypeNotAllowed' | 'fileTooBig'; values?: Record<string, string | number> };

export function thumbnailProblem(file: File): FileProblem | null {
  if (!isImage(file)) return { key: 'fileTypeNotAllowed', values: { type: file.type || 'unknown' } };
  if (file.size >= IMAGE_MAX_BYTES) return { key: 'thumbnailTooBig' };
  return null;
}

/** Checks gallery files; `existing` items already in the gallery count towards the 5. */
export function galleryProblem(files: File[], existing = 0): FileProblem | null {
  if (files.length + existing > MAX_GALLERY) return { key: 'tooManyGallery' };
  for (const file of files) {
    if (!FILE_TYPES.includes(file.type)) return { key: 'fileTypeNotAllowed', values: { type: file.type } };
    if (isImage(file) && file.size >= IMAGE_MAX_BYTES) return { key: 'galleryImageTooBig' };
    if (file.size > FILE_MAX_BYTES) return { key: 'fileTooBig', values: { size: (file.size / MB).toFixed(2), max: FILE_MAX_BYTES / MB } };
  }
  return null;
}

/** Comma-separated tags: trimmed, blanks dropped, duplicates (ignoring case) dropped. */
export function parseTags(text: string): string[] {
  return addTags([], text.split(','));
}

/** Adds tags to a list: trimmed, non-empty, unique ignoring case. */
export function addTags(current: string[], more: string[]): string[] {
  const seen = new Set(current.map((t) => t.toLowerCase()));
  const next = [...current];
  for (const raw of more) {
    const tag = raw.trim();
    if (tag && !seen.has(tag.toLowerCase())) {
      seen.add(tag.toLowerCase());
      next.push(tag);
    }
  }
  return next;
}

/** A quantity from a form field: a whole number of at least 1, or 1 when it is not one (docs/product.md#validation). */
export function quantityOrOne(text: string): number {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

export const CONDITIONS = ['new', 'like_new', 'good', 'fair', 'poor'] as const;
export type Condition = (typeof CONDITIONS)[number];
export const isCondition = (value: unknown): value is Condition => typeof value === 'string' && (CONDITIONS as readonly string[]).includes(value);
