/** docs/product.md#validation and #limits: photo search takes up to 2 images of under 5 MB each, images only. */
export const MAX_SEARCH_IMAGES = 2;
export const MAX_SEARCH_IMAGE_BYTES = 5 * 1024 * 1024;

export type ImagePickProblem =
  | { kind: 'notImage' }
  | { kind: 'full' }
  | { kind: 'onlyMore'; count: number }
  | { kind: 'tooLarge' };

/**
 * Which of the picked files can join the ones already chosen, and the first problem met (shown to
 * the buyer). Files are checked in order; nothing is added when any file is refused.
 */
export function checkPickedImages(
  picked: ReadonlyArray<Pick<File, 'type' | 'size'>>,
  alreadyChosen: number,
): { accepted: number; problem: ImagePickProblem | null } {
  const room = MAX_SEARCH_IMAGES - alreadyChosen;
  if (picked.some((f) => !f.type.startsWith('image/'))) return { accepted: 0, problem: { kind: 'notImage' } };
  if (room <= 0) return { accepted: 0, problem: { kind: 'full' } };
  if (picked.length > room) return { accepted: 0, problem: { kind: 'onlyMore', count: room } };
  if (picked.some((f) => f.size >= MAX_SEARCH_IMAGE_BYTES)) return { accepted: 0, problem: { kind: 'tooLarge' } };
  return { accepted: picked.length, problem: null };
}
