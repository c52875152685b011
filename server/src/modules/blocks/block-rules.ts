import { AppError } from '../../common/app-error.js';

// The refusals a block gives (docs/product.md#blocking). The one who blocked is told so, and how to undo it;
// the one blocked is told only that they cannot contact the other (not who did what).

/** Who blocked whom between two users. */
export interface BlockBetween {
  /** The first user blocked the second. */
  byFirst: boolean;
  /** The second user blocked the first. */
  bySecond: boolean;
}

export const BLOCKED_BY_YOU = 'You blocked this user. Unblock them to contact them again.';
export const CANNOT_CONTACT = 'You cannot contact this user';

/** The refusal for `me` dealing with another user, given who blocked whom (me first), or null when neither did. */
export function blockRefusal(between: BlockBetween): AppError | null {
  if (between.byFirst) return new AppError('FORBIDDEN', BLOCKED_BY_YOU);
  if (between.bySecond) return new AppError('FORBIDDEN', CANNOT_CONTACT);
  return null;
}
