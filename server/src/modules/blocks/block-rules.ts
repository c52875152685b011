import { AppError } from '../../common/app-error.js';
import { blockMessages } from './blocks.messages.js';

// The refusals a block gives (docs/product.md#blocking). The one who blocked is told so, and how to undo it;
// the one blocked is told only that they cannot contact the other (not who did what).

/** Who blocked whom between two users. */
export interface BlockBetween {
  /** The first user blocked the second. */
  byFirst: boolean;
  /** The second user blocked the first. */
  bySecond: boolean;
}

export const BLOCKED_BY_YOU = blockMessages.youBlockedThisUserUnblockThem;
export const CANNOT_CONTACT = blockMessages.youCannotContactThisUser;

/** The refusal for `me` dealing with another user, given who blocked whom (me first), or null when neither did. */
export function blockRefusal(between: BlockBetween): AppError | null {
  if (between.byFirst) return new AppError('FORBIDDEN', BLOCKED_BY_YOU);
  if (between.bySecond) return new AppError('FORBIDDEN', CANNOT_CONTACT);
  return null;
}
