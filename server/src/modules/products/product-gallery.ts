import type { Message } from '../../common/message.js';
import { badInput } from '../../common/app-error.js';
import { productMessages } from './products.messages.js';

// The gallery's rules (docs/product.md#validation): at most MAX_GALLERY_ITEMS items in the order the
// seller gives; positions are 0, 1, 2, ... with no gaps.

export const CHOOSE_FILES = productMessages.pleaseChooseAtLeastOneFile;
export const UPLOAD_THUMBNAIL = productMessages.pleaseUploadAThumbnailImage;

/** A refusal of an upload that carried no file for `field`. */
export const noFiles = (message: Message, field: 'thumbnail' | 'gallery') => badInput(message, { fields: { [field]: message } });

/** The new order of a gallery: `itemIds` must name every item exactly once; answers each item's position. */
export function reorderedPositions(itemIds: string[], existing: string[]): Map<string, number> {
  const known = new Set(existing);
  if (itemIds.length !== existing.length || new Set(itemIds).size !== itemIds.length || !itemIds.every((i) => known.has(i))) {
    throw badInput(productMessages.theNewOrderMustListEvery, { fields: { itemIds: productMessages.mustListEveryGalleryItemExactly } });
  }
  return new Map(itemIds.map((id, position) => [id, position]));
}

/** The position after the last of the gallery's (in order), where added items go. */
export const nextPosition = (items: ReadonlyArray<{ position: number }>) => (items.length ? items[items.length - 1]!.position + 1 : 0);
